import { Equals, IsDateString } from 'class-validator';
import { IsTableId } from '../validators';

/**
 * "Table `tableId` has work due at `dueAt`", on `ticks.<table>` (JetStream, stream
 * `<prefix>_TICKS`, a work queue shared by every turn-executor replica). The scheduler
 * publishes one per table and due time with `Nats-Msg-Id` {@link tickMsgId}, so a repeated
 * tick within the stream's duplicate window is dropped. An executor that takes it advances
 * the table up to its own clock (`advance { until: now, budget }`, repeated until caught up);
 * a tick for a table with nothing due (already advanced, finished, quarantined) changes nothing.
 */
export class TickV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  /** The table's `nextDueAt` that this tick is for (ISO 8601, as recorded with the move). */
  @IsDateString({ strict: true }) dueAt!: string;
}

/** The `Nats-Msg-Id` of a tick: one tick per table and due time. */
export function tickMsgId(tableId: string, dueAt: string): string {
  return `${tableId}:${dueAt}`;
}
