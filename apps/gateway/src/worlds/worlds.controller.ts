import type { Json } from '@chronicle/engine';
import { Controller, Get, HttpCode, Headers, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { randomBytes } from 'node:crypto';
import type { SignedIn } from '../accounts/accounts.service';
import { ValidBody } from '../http/body';
import { idempotencyKey, intQuery, worldParam as world } from '../http/params';
import { Caller, SessionGuard } from '../http/session.guard';
import { WorldDirectory, type WorldInPlay } from './world-directory';
import { WorldPlay } from './world-play';
import { answer, sendMove, WRITE_WAIT_MS } from './writes';
import { IntentDto, JoinDto } from './worlds.dto';
import { ExecuteDto, ReserveDto } from './moves.dto';
import { ExecuteEngine, type Executed } from './execute-engine';
import { badInput } from '../http/refusals';

/** Worlds, joining one, and the moves of a seat (`/api/v1/worlds`). */
@Controller('api/v1/worlds')
export class WorldsController {
  constructor(private readonly directory: WorldDirectory, private readonly play: WorldPlay, private readonly engine: ExecuteEngine) {}

  @Get()
  list(): { worlds: WorldInPlay[] } {
    return { worlds: this.directory.list() };
  }

  /** Creates a general, or takes over an NPC: one per account per world. */
  @Post(':world/join')
  @UseGuards(SessionGuard)
  async join(
    @Caller() caller: SignedIn, @Param('world') worldId: string, @ValidBody(JoinDto) body: JoinDto,
    @Headers('idempotency-key') key: string | undefined, @Res({ passthrough: true }) res: Response,
  ): Promise<unknown> {
    const move: Json = body.mode === 'create'
      ? { type: 'createGeneral', name: body.name!, leadership: body.leadership!, strength: body.strength!, intel: body.intel!, personality: body.personality ?? null }
      : { type: 'possess', generalId: body.generalId! };
    // Without a key each join is a new try (a refused name must not stick to the next one).
    return answer(res, await this.play.join(world(worldId), caller.account.id, idempotencyKey(key, `join-${randomBytes(6).toString('hex')}`), move, WRITE_WAIT_MS));
  }

  /**
   * The legacy's ExecuteEngine: runs the world's due work now and answers `{ updated, locked,
   * lastExecuted }`. No session; `serverID`, when sent, must name this world.
   */
  @Post(':world/execute')
  @HttpCode(200)
  async execute(@Param('world') worldId: string, @ValidBody(ExecuteDto) body: ExecuteDto): Promise<Executed> {
    const found = this.play.known(world(worldId));
    if (body.serverID !== undefined && body.serverID !== found.worldId) throw badInput('serverID', `서버 아이디가 다릅니다 (this is world ${found.worldId}: reload the page)`);
    return this.engine.execute(found);
  }

  /** The caller's seat in a world and a fresh seat proof for it (for clients that talk to the bus themselves). */
  @Get(':world/seat')
  @UseGuards(SessionGuard)
  async seat(@Caller() caller: SignedIn, @Param('world') worldId: string): Promise<{ worldId: string; seat: string; seatToken: string; expiresAt: string }> {
    const id = world(worldId);
    const seat = await this.play.seatOrRefuse(id, caller.account.id);
    const proof = this.play.proof(id, seat);
    return { worldId: id, seat, seatToken: proof.token, expiresAt: proof.expiresAt.toISOString() };
  }

  /** Any move of the game for the caller's seat. */
  @Post(':world/intents')
  @UseGuards(SessionGuard)
  async intent(
    @Caller() caller: SignedIn, @Param('world') worldId: string, @ValidBody(IntentDto) body: IntentDto,
    @Headers('idempotency-key') key: string | undefined, @Res({ passthrough: true }) res: Response,
  ): Promise<unknown> {
    return sendMove(this.play, caller, worldId, key, body.move as Json, res);
  }

  /** Reserves a general command in queue slots (Command/ReserveCommand). */
  @Post(':world/commands/reserve')
  @UseGuards(SessionGuard)
  async reserve(
    @Caller() caller: SignedIn, @Param('world') worldId: string, @ValidBody(ReserveDto) body: ReserveDto,
    @Headers('idempotency-key') key: string | undefined, @Res({ passthrough: true }) res: Response,
  ): Promise<unknown> {
    return sendMove(this.play, caller, worldId, key, { type: 'reserve', command: body.command, arg: (body.arg ?? null) as Json, slots: body.slots }, res);
  }

  /** What became of an intent the caller sent to a world (`waitMs`: wait up to that long while it is pending). */
  @Get(':world/intents/:key')
  @UseGuards(SessionGuard)
  async outcome(
    @Caller() caller: SignedIn, @Param('world') worldId: string, @Param('key') key: string, @Query('waitMs') wait: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<unknown> {
    return answer(res, await this.play.outcome(world(worldId), caller.account.id, idempotencyKey(key), intQuery('waitMs', wait, 0, 10_000) ?? 0));
  }
}
