import { ServiceUnavailable } from '@chronicle/contracts';
import { GameInProgress, UnknownTable } from '@chronicle/engine';
import { Controller, Get, Logger, Param, ParseIntPipe, Res, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Response } from 'express';
import type { ApiError, LiveEvent } from '../view/api';
import { worldsOf } from '../view/worlds';
import { WorldBoard } from '../worlds/world-board';
import { WebConfig } from '../config';

/** The read API and the live feed; every error is one plain sentence (`{ error }`). */
@Controller('api')
export class ApiController implements BeforeApplicationShutdown {
  private readonly logger = new Logger('WebApi');
  /** Open live feeds: ended at shutdown, or the HTTP server would wait for them to close. */
  private readonly feeds = new Set<Response>();

  constructor(private readonly board: WorldBoard, private readonly config: WebConfig) {}

  /**
   * The keys this site checks the log service's signatures with: a player's page checks its own
   * moves against checkpoints signed by it (and remembers the first key it saw, so a site that
   * changes it is noticed).
   */
  @Get('keys')
  keys(): { log: string | null } {
    return { log: this.config.CHRONICLE_LOG_PUBLIC_KEY || null };
  }

  /** The worlds, each with its chapters in order and the one to follow. */
  @Get('worlds')
  worlds(@Res() res: Response): Promise<void> {
    return this.answer(res, () => worldsOf(this.board.list()));
  }

  @Get('worlds/:worldId')
  world(@Param('worldId') worldId: string, @Res() res: Response): Promise<void> {
    return this.answer(res, () => {
      const found = worldsOf(this.board.list()).find((w) => w.worldId === worldId);
      if (!found) throw new UnknownTable(`no world ${worldId} is known here`);
      return found;
    });
  }

  @Get('tables')
  tables(@Res() res: Response): Promise<void> {
    return this.answer(res, () => this.board.list());
  }

  @Get('tables/:tableId')
  table(@Param('tableId') tableId: string, @Res() res: Response): Promise<void> {
    return this.answer(res, () => this.board.detail(tableId));
  }

  @Get('tables/:tableId/cities/:cityId')
  city(@Param('tableId') tableId: string, @Param('cityId', ParseIntPipe) cityId: number, @Res() res: Response): Promise<void> {
    return this.answer(res, () => this.board.city(tableId, cityId));
  }

  @Get('tables/:tableId/generals/:generalId')
  general(@Param('tableId') tableId: string, @Param('generalId', ParseIntPipe) generalId: number, @Res() res: Response): Promise<void> {
    return this.answer(res, () => this.board.general(tableId, generalId));
  }

  /** A finished table's log (seed included) as a file, with the commitment published at its opening. */
  @Get('tables/:tableId/log')
  log(@Param('tableId') tableId: string, @Res() res: Response): Promise<void> {
    res.setHeader('Content-Disposition', `attachment; filename="${tableId}.log.json"`);
    return this.answer(res, () => this.board.finishedLog(tableId));
  }

  /**
   * Server-sent events: the worlds list every few seconds, and with `?table=<id>` that
   * table's moves as they land, its world as it is read again, and its status changes.
   */
  @Get('live')
  live(@Res() res: Response): void {
    const tableId = typeof res.req.query.table === 'string' ? res.req.query.table : null;
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    const send = (event: LiveEvent) => res.write(`event: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`);
    send({ kind: 'tables', tables: this.board.list() });
    const unsubscribe = this.board.subscribe((event) => {
      if (event.kind === 'tables' || (tableId === null ? event.kind === 'table' : eventTable(event) === tableId)) send(event);
    });
    // A comment line now and then keeps proxies from closing a quiet stream.
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    this.feeds.add(res);
    res.req.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      this.feeds.delete(res);
    });
  }

  beforeApplicationShutdown(): void {
    for (const res of this.feeds) res.end();
  }

  private async answer(res: Response, produce: () => unknown): Promise<void> {
    try {
      res.json(await produce());
    } catch (error) {
      const [status, body] = this.failure(error);
      res.status(status).json(body);
    }
  }

  private failure(error: unknown): [number, ApiError] {
    if (error instanceof UnknownTable) return [404, { error: sentence(error.message) }];
    if (error instanceof GameInProgress) return [409, { error: sentence(error.message) }];
    if (error instanceof ServiceUnavailable) return [503, { error: `A service this page needs did not answer (${error.message}); try again in a moment.` }];
    this.logger.error(`a read failed: ${error instanceof Error ? error.stack : String(error)}`);
    return [500, { error: 'Something went wrong in the web service; its log says what.' }];
  }
}

function eventTable(event: Exclude<LiveEvent, { kind: 'tables' }>): string {
  return event.kind === 'table' ? event.summary.tableId : event.tableId;
}

/** An error message as a sentence: capitalised, one full stop. */
function sentence(message: string): string {
  const text = message.replace(/[.\s]+$/, '');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
