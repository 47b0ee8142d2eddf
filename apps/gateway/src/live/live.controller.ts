import { Subjects } from '@chronicle/contracts';
import { NATS_CONNECTION } from '@chronicle/service-kit';
import type { NatsConnection } from '@nats-io/nats-core';
import { Controller, Get, Headers, Inject, Param, Req, Res, UseGuards, type OnModuleDestroy } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { SignedIn } from '../accounts/accounts.service';
import { worldParam } from '../http/params';
import { TooManyRequests } from '../http/rate-limits';
import { GatewayConfig } from '../config';
import { Caller, SessionGuard } from '../http/session.guard';
import { WorldViews } from '../views/world-views';
import { WorldDirectory } from '../worlds/world-directory';
import { WorldPlay } from '../worlds/world-play';
import { PublicFeeds } from './public-feed';
import { readPosition, SeatStream, type LiveEvent } from './seat-stream';

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

function frame(event: LiveEvent): string {
  return `${event.id === undefined ? '' : `id: ${event.id}\n`}event: ${event.event}\ndata: ${event.json ?? JSON.stringify(event.data)}\n\n`;
}

/** Live updates as Server-Sent Events (`/api/v1/worlds/:world/events`). */
@Controller('api/v1/worlds')
export class LiveController implements OnModuleDestroy {
  /** Streams open per account (at most `MAX_STREAMS_PER_ACCOUNT`). */
  private readonly open = new Map<string, number>();
  /** Each table's public events, read once for all its streams. */
  private readonly feeds: PublicFeeds;

  constructor(
    private readonly config: GatewayConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly subjects: Subjects,
    private readonly directory: WorldDirectory,
    private readonly play: WorldPlay,
    private readonly views: WorldViews,
  ) {
    this.feeds = new PublicFeeds(nc, subjects);
  }

  async onModuleDestroy(): Promise<void> {
    await this.feeds.close();
  }

  /**
   * The world's public move events, and for a joined caller its own log lines, its nation's
   * chronicle and its intents' outcomes, as each move is applied. Resumable: a reconnect
   * sending `Last-Event-ID` gets what it missed first.
   */
  @Get(':world/events')
  @UseGuards(SessionGuard)
  async events(
    @Caller() caller: SignedIn, @Param('world') worldId: string, @Headers('last-event-id') lastEventId: string | undefined,
    @Req() req: Request, @Res() res: Response,
  ): Promise<void> {
    const world = this.play.known(worldParam(worldId));
    const seat = await this.play.seat(world.worldId, caller.account.id);
    const account = caller.account.id;
    const streams = this.open.get(account) ?? 0;
    if (streams >= this.config.MAX_STREAMS_PER_ACCOUNT) {
      throw new TooManyRequests(5_000, `접속 제한중입니다. 실시간 연결은 ${this.config.MAX_STREAMS_PER_ACCOUNT}개까지입니다. (close another live stream of this account first)`);
    }
    this.open.set(account, streams + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.open.get(account) ?? 1) - 1;
      if (left > 0) this.open.set(account, left);
      else this.open.delete(account);
    };
    const resumeFrom = readPosition(lastEventId);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no',
    });
    res.write('retry: 2000\n\n');
    const stream = new SeatStream(
      { nc: this.nc, subjects: this.subjects, directory: this.directory, play: this.play, views: this.views, feeds: this.feeds },
      world, { accountId: caller.account.id, seat }, (event) => res.write(frame(event)), resumeFrom,
    );
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    req.on('close', () => {
      clearInterval(heartbeat);
      release();
      void stream.close();
    });
    try {
      await stream.start(resumeFrom !== undefined);
    } catch (error) {
      clearInterval(heartbeat);
      release();
      await stream.close();
      res.end(frame({ event: 'hello', data: { error: { code: 'UNAVAILABLE', message: `live updates are not available now: ${(error as Error).message}` } } }));
    }
  }
}
