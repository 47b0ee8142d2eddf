export { JetStreamServer, type JetStreamServerOptions, type BusObserver, type ConsumerStatus } from './jetstream-server';
export { JetStreamEventContext, NatsRequestContext } from './context';
export { OnRequest, OnEvent } from './decorators';
export { PermanentFailure, PassErrorsToTransport, isPermanent, replyError } from './handler-errors';
export {
  provision, coreStreams, ticksStream, publicMovesStream, worldsStream, consumer, withLimits, ClusterRequired, StorageUnavailable,
  type Topology, type StreamDefinition, type ConsumerDefinition, type BucketDefinition, type ProvisionReport, type StorageLimits,
  type TopologyLimits,
} from './topology';
export { RequestClient } from './request-client';
export { LogClient } from './log-client';
export { withChapterOpening, openingsFromSnapshots, type ChapterOpenings } from './chapter-opening';
export { sendDocument, fetchDocument, withStoredDocuments } from './documents';
export {
  TableReplayer, playMoves, type ReplayTable, type LoggedTable, type FollowOptions, type Followed,
} from './table-replayer';
export { ForgerySuspects } from './forgery-suspects';
export { EventAuthenticity, eventSigners, signedHeaders, type EventSigners, type ReceivedEvent } from './event-authenticity';
export { roleCredentials } from './credentials';
