import { consumer, coreStreams, ticksStream, worldsStream, type StreamDefinition, type Topology } from '@chronicle/bus';
import { BucketNames, EventSubjects, StreamRoles } from '@chronicle/contracts';

/** The executors' work queue the scheduler publishes ticks to, and the stream of world events. */
export const schedulerStreams = (): StreamDefinition[] => [
  ticksStream(),
  worldsStream(),
  // The operators' audit trail: kept for ever (no limits), as the record of who did what and why.
  { role: StreamRoles.audit, subjects: [EventSubjects.allAudit] },
];

/** Every table's entries: each tells the table's next due time. Replicas share it. */
export const movesConsumer = () => consumer(StreamRoles.moves, 'scheduler-moves', EventSubjects.allMoves, { backoffMs: [200, 1_000, 5_000] });

/**
 * Every table's lifecycle: opened (its clock), finished (no more ticks; a chapter's end opens
 * the next chapter, which waits for the snapshot service, hence the many deliveries). The
 * wait keeps its delivery with in-progress acks; the ack wait stays the short default, so a
 * scheduler that dies holding a chapter's end has it redelivered within seconds.
 */
export const tablesConsumer = () =>
  consumer(StreamRoles.tables, 'scheduler-tables', EventSubjects.allTables, { maxDeliver: 20, backoffMs: [500, 2_000, 10_000] });

export const schedulerTopology = (): Topology => ({
  streams: [...coreStreams(), ...schedulerStreams()],
  consumers: [movesConsumer(), tablesConsumer()],
  buckets: [{ name: BucketNames.schedule, history: 1 }, { name: BucketNames.notices, history: 1 }],
});
