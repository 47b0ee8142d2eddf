import { OnEvent, OnRequest, PassErrorsToTransport } from '@chronicle/bus';
import { EventSubjects, GetSnapshotV1, MoveEventV1, SnapshotSubjects, type SnapshotV1 } from '@chronicle/contracts';
import { Controller, UseFilters } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { SnapshotKeeper } from './snapshot-keeper';

/** Every log entry advances its table's snapshot; requests read them. */
@Controller()
@UseFilters(PassErrorsToTransport)
export class SnapshotController {
  constructor(private readonly keeper: SnapshotKeeper) {}

  @OnEvent(EventSubjects.allMoves, MoveEventV1)
  onEntry(@Payload() event: MoveEventV1): Promise<void> {
    return this.keeper.onEntry(event);
  }

  @OnRequest(SnapshotSubjects.get, GetSnapshotV1)
  get(@Payload() request: GetSnapshotV1): Promise<SnapshotV1> {
    return this.keeper.get(request.tableId, request.minRevision, request.waitMs);
  }
}
