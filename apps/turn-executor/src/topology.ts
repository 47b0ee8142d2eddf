import { consumer, coreStreams, ticksStream, type Topology } from '@chronicle/bus';
import { BucketNames, EventSubjects, StreamRoles } from '@chronicle/contracts';

const DAY = 86_400_000;

/**
 * Ticks and intents are work queues: the replicas share one durable consumer of each, and
 * an acknowledged message leaves the stream. A long tick keeps its delivery with in-progress
 * acks; a replica that dies mid-work has its deliveries redelivered after the (short) ack wait.
 */
export const tickConsumer = (concurrency = 1) =>
  consumer(StreamRoles.ticks, 'executor_ticks', EventSubjects.allTicks, {
    maxDeliver: 10, backoffMs: [1_000, 2_000, 5_000], concurrency,
  });

export const intentConsumer = (concurrency = 1) =>
  consumer(StreamRoles.intents, 'executor_intents', EventSubjects.allIntents, {
    maxDeliver: 10, backoffMs: [1_000, 2_000, 5_000], concurrency,
  });

/** What the executors need on NATS: the core streams, the two work queues, their consumers, the lease and outcome buckets. */
export const executorTopology = (): Topology => ({
  streams: [
    ...coreStreams(),
    ticksStream(),
    { role: StreamRoles.intents, subjects: [EventSubjects.allIntents], retention: 'workqueue', duplicateWindowMs: 120_000 },
  ],
  consumers: [tickConsumer(), intentConsumer()],
  buckets: [
    // Leases expire by the executors' own watch (see leases/lease-table.ts); the bucket's age
    // limit only clears what dead replicas left behind.
    { name: BucketNames.executorLeases, history: 1, ttlMs: 10 * 60_000 },
    // A second submit with the same key returns the first outcome for this long.
    { name: BucketNames.intentOutcomes, history: 1, ttlMs: 7 * DAY },
  ],
});
