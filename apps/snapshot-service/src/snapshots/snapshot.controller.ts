import { EventAuthenticity, JetStreamEventContext, OnEvent, OnRequest, PassErrorsToTransport, PermanentFailure } from '@chronicle/bus';
import {
  EventSubjects, GetSnapshotV1, GetViewV1, MoveEventV1, RecheckV1, SeatGate, SnapshotSubjects, ViewSubjects, type RecheckedV1, type SnapshotV1, type ViewV1,
} from '@chronicle/contracts';
import { Controller, UseFilters } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { SnapshotKeeper } from './snapshot-keeper';
import { viewRequestOf } from './view-request';

/** Every log entry advances its table's snapshot; requests read them. */
@Controller()
@UseFilters(PassErrorsToTransport)
export class SnapshotController {
  constructor(
    private readonly keeper: SnapshotKeeper,
    private readonly authenticity: EventAuthenticity,
    private readonly seats: SeatGate,
  ) {}

  /** An entry that is not the log service's is dead-lettered, and the table is brought to the log instead. */
  @OnEvent(EventSubjects.allMoves, MoveEventV1)
  async onEntry(@Payload() event: MoveEventV1, @Ctx() ctx: JetStreamEventContext): Promise<void> {
    const forged = this.authenticity.ofEntry(ctx.message, event);
    if (!forged) return this.keeper.onEntry(event);
    await this.keeper.onForged(event.tableId, forged);
    throw new PermanentFailure(`refused: ${forged}`);
  }

  /** The state as the caller may see it: public, a proven seat's, or whole where nothing is hidden. */
  @OnRequest(ViewSubjects.state, GetViewV1)
  async view(@Payload() request: GetViewV1): Promise<ViewV1> {
    const viewer = await viewRequestOf(request, this.seats, new Date(), (tableId) => this.keeper.worldOf(tableId));
    return this.keeper.view(request.tableId, viewer, request.minRevision, request.waitMs);
  }

  /** The whole state, for trusted services only (deploy/nats lets no outsider ask). */
  @OnRequest(SnapshotSubjects.get, GetSnapshotV1)
  get(@Payload() request: GetSnapshotV1): Promise<SnapshotV1> {
    return this.keeper.get(request.tableId, request.minRevision, request.waitMs);
  }

  /** A quarantined table replayed again from its log, for an operator's lift (the scheduler's desk asks). */
  @OnRequest(SnapshotSubjects.recheck, RecheckV1)
  recheck(@Payload() request: RecheckV1): Promise<RecheckedV1> {
    return this.keeper.recheck(request.tableId);
  }
}
