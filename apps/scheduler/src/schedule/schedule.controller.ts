import { EventAuthenticity, JetStreamEventContext, OnEvent, PassErrorsToTransport, PermanentFailure } from '@chronicle/bus';
import { EventSubjects, MoveEventV1, TableEventV1 } from '@chronicle/contracts';
import { Controller, UseFilters } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { WorldKeeper } from '../worlds/world-keeper';
import { DueIndex } from './due-index';
import { LogResync } from './log-resync';
import { Ticker } from './ticker';

/**
 * Entries tell each table's next due time; table events its clock, its end, and a world's
 * next chapter. An event that is not its publisher's (`EventAuthenticity`) is never taken:
 * it is dead-lettered and the table is read from the log instead.
 */
@Controller()
// Keeps PermanentFailure a permanent failure (dead-lettered at once, not retried).
@UseFilters(PassErrorsToTransport)
export class ScheduleController {
  constructor(
    private readonly index: DueIndex,
    private readonly ticker: Ticker,
    private readonly worlds: WorldKeeper,
    private readonly authenticity: EventAuthenticity,
    private readonly resync: LogResync,
  ) {}

  @OnEvent(EventSubjects.allMoves, MoveEventV1)
  async onEntry(@Payload() event: MoveEventV1, @Ctx() ctx: JetStreamEventContext): Promise<void> {
    await this.refuseForged(event.tableId, this.authenticity.ofEntry(ctx.message, event));
    const turnLength = event.kind === 'move' ? await this.worlds.turnLengthSetBy(event.tableId, event.payload) : undefined;
    this.index.moved(event.tableId, event.seq, event.nextDueAt === null ? null : Date.parse(event.nextDueAt), Date.now(), turnLength);
    this.ticker.poke();
  }

  @OnEvent(EventSubjects.allTables, TableEventV1)
  async onTable(@Payload() event: TableEventV1, @Ctx() ctx: JetStreamEventContext): Promise<void> {
    await this.refuseForged(event.tableId, this.authenticity.ofTableEvent(ctx.message, event));
    await this.worlds.onTableEvent(event);
    this.ticker.poke();
  }

  private async refuseForged(tableId: string, forged: string | undefined): Promise<void> {
    if (!forged) return;
    await this.resync.onForged(tableId);
    this.ticker.poke();
    throw new PermanentFailure(`refused: ${forged}`);
  }
}
