import { coreStreams, type Topology } from '@chronicle/bus';

/** What the log service needs on NATS: the streams it publishes to (it consumes nothing). */
export const logServiceTopology = (): Topology => ({ streams: coreStreams(), consumers: [], buckets: [] });
