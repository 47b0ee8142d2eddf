import { EventAuthenticity, JetStreamEventContext, OnEvent, OnRequest, PassErrorsToTransport, PermanentFailure } from '@chronicle/bus';
import { EventSubjects, GetSnapshotV1, MoveEventV1, SnapshotSubjects, type SnapshotV1 } from '@chronicle/contracts';
import { Controller, UseFilters } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { SnapshotKeeper } from './snapshot-keeper';

/** Every log entry advances its table's snapshot; requests read them. */
@Controller()
@UseFilters(PassErrorsToTransport)
export class SnapshotController {
  constructor(
    private readonly keeper: SnapshotKeeper,
    private readonly authenticity: EventAuthenticity,
  ) {}

  /** An entry that is not the log service's is dead-lettered, and the table is brought to the log instead. */
  @OnEvent(EventSubjects.allMoves, MoveEventV1)
  async onEntry(@Payload() event: MoveEventV1, @Ctx() ctx: JetStreamEventContext): Promise<void> {
    const forged = this.authenticity.ofEntry(ctx.message, event);
    if (!forged) return this.keeper.onEntry(event);
    await this.keeper.onForged(event.tableId, forged);
    throw new PermanentFailure(`refused: ${forged}`);
  }

  @OnRequest(SnapshotSubjects.get, GetSnapshotV1)
  get(@Payload() request: GetSnapshotV1): Promise<SnapshotV1> {
    return this.keeper.get(request.tableId, request.minRevision, request.waitMs);
  }
}
