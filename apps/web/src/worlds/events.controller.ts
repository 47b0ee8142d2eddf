import { EventAuthenticity, JetStreamEventContext, OnEvent, PassErrorsToTransport, PermanentFailure } from '@chronicle/bus';
import { EventSubjects, MoveEventV1, TableEventV1 } from '@chronicle/contracts';
import { Controller, UseFilters } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { WorldBoard } from './world-board';

/**
 * Move and table events, as any outside subscriber reads them. An event that is not its
 * publisher's (`EventAuthenticity`: the log service's entries and table events, the snapshot
 * service's quarantine notices) is dead-lettered and the table is read from the log instead
 * (the forgery may have taken a real entry's message id).
 */
@Controller()
@UseFilters(PassErrorsToTransport)
export class EventsController {
  constructor(
    private readonly board: WorldBoard,
    private readonly authenticity: EventAuthenticity,
  ) {}

  @OnEvent(EventSubjects.allMoves, MoveEventV1)
  async onMove(@Payload() event: MoveEventV1, @Ctx() ctx: JetStreamEventContext): Promise<void> {
    const forged = this.authenticity.ofEntry(ctx.message, event);
    if (!forged) return this.board.onMove(event);
    await this.board.resync(event.tableId);
    throw new PermanentFailure(`refused: ${forged}`);
  }

  @OnEvent(EventSubjects.allTables, TableEventV1)
  async onTable(@Payload() event: TableEventV1, @Ctx() ctx: JetStreamEventContext): Promise<void> {
    const forged = this.authenticity.ofTableEvent(ctx.message, event);
    if (!forged) return this.board.onTable(event);
    await this.board.resync(event.tableId);
    throw new PermanentFailure(`refused: ${forged}`);
  }
}
