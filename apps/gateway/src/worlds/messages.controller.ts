import { Controller, Get, Headers, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { SignedIn } from '../accounts/accounts.service';
import { Answers } from '../http/answers';
import { ValidBody } from '../http/body';
import { worldParam } from '../http/params';
import { RateLimiter, TooManyRequests } from '../http/rate-limits';
import { Caller, SessionGuard } from '../http/session.guard';
import { MailboxAnswer } from '../views/answers.dto';
import { WorldViews } from '../views/world-views';
import { SendMessageDto } from './moves.dto';
import { WorldPlay } from './world-play';
import { sendMove, type WriteAnswer } from './writes';

/** The legacy's mailbox numbers (Message::MAILBOX_NATIONAL): from 9000 a nation's, below it a general's. */
const MAILBOX_NATIONAL = 9000;
/** Legacy Message/SendMessage: one private message every 2 seconds (its session's `lastMsg`). */
const PRIVATE_MESSAGE_INTERVAL_MS = 2_000;

/**
 * The mailbox (the legacy's Message API): a message is a move (`sendMessage`), so it is part
 * of the log, and each general reads what its view lets it read — the public mailbox, its
 * nation's, its nation's diplomacy (the words from secret permission 3), its own private ones.
 */
@Controller('api/v1/worlds')
@UseGuards(SessionGuard)
export class MessagesController {
  private readonly privateMessages = new RateLimiter(1, PRIVATE_MESSAGE_INTERVAL_MS);

  constructor(private readonly play: WorldPlay, private readonly views: WorldViews) {}

  /** Message/GetRecentMessage: the newest 15 of each mailbox the caller's general reads, oldest first. */
  @Get(':world/messages')
  @Answers(MailboxAnswer)
  async recent(@Caller() caller: SignedIn, @Param('world') worldId: string): Promise<MailboxAnswer> {
    const world = this.play.known(worldParam(worldId));
    const seat = await this.play.seatOrRefuse(world.worldId, caller.account.id);
    const viewed = await this.views.seat(world, seat);
    return { worldId: viewed.worldId, tableId: viewed.tableId, revision: viewed.revision, ...viewed.view.messages };
  }

  /**
   * Message/SendMessage: `mailbox` 9999 everyone, 9000 + a nation (one's own; another's from
   * secret permission 4: diplomacy), or a general's id (private: one every 2 s, the legacy's
   * words when sooner); the game's rules refuse in the legacy's words (422).
   */
  @Post(':world/messages')
  send(
    @Caller() caller: SignedIn, @Param('world') worldId: string, @ValidBody(SendMessageDto) body: SendMessageDto,
    @Headers('idempotency-key') key: string | undefined, @Res({ passthrough: true }) res: Response,
  ): Promise<WriteAnswer> {
    if (body.mailbox < MAILBOX_NATIONAL) {
      const wait = this.privateMessages.take(caller.account.id);
      if (wait !== undefined) throw new TooManyRequests(wait, `개인메세지는 ${PRIVATE_MESSAGE_INTERVAL_MS / 1000}초당 1건만 보낼 수 있습니다! (one private message every ${PRIVATE_MESSAGE_INTERVAL_MS / 1000} s)`);
    }
    return sendMove(this.play, caller, worldId, key, { type: 'sendMessage', mailbox: body.mailbox, text: body.text }, res);
  }
}
