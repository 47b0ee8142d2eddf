import { consumer, coreStreams, type Topology } from '@chronicle/bus';
import { EventSubjects, StreamRoles } from '@chronicle/contracts';

/** Every table's entries, for the live feed. A read model in memory: a redelivery is harmless. */
export const webMovesConsumer = () =>
  consumer(StreamRoles.moves, 'web-moves', EventSubjects.allMoves, { backoffMs: [200, 1_000, 5_000], concurrency: 8 });

/** Every table's lifecycle: opened, finished, quarantined. */
export const webTablesConsumer = () => consumer(StreamRoles.tables, 'web-tables', EventSubjects.allTables, { backoffMs: [200, 1_000, 5_000] });

export const webTopology = (): Topology => ({
  streams: coreStreams(),
  consumers: [webMovesConsumer(), webTablesConsumer()],
  buckets: [],
});
