import { consumer, coreStreams, publicMovesStream, type Topology } from '@chronicle/bus';
import { EventSubjects, StreamRoles } from '@chronicle/contracts';

export const SNAPSHOT_BUCKET = 'SNAPSHOTS';

/** The durable consumer of every table's entries; replicas share it (and so the work). */
export const snapshotConsumer = () =>
  consumer(StreamRoles.moves, 'snapshot-service', EventSubjects.allMoves, { backoffMs: [500, 2_000, 10_000] });

/** What the snapshot service needs on NATS: the core streams and the public one it writes, its consumer, its bucket. */
export const snapshotTopology = (): Topology => ({
  streams: [...coreStreams(), publicMovesStream()],
  consumers: [snapshotConsumer()],
  buckets: [{ name: SNAPSHOT_BUCKET, history: 1 }],
});
