export {
  Subjects, LogSubjects, EventSubjects, StreamRoles, ExecutorSubjects, ExecutorWorkSubjects, BucketNames, TABLE_ID_PATTERN,
  isTableId,
  type LogSubject, type StreamRole,
} from './subjects';
export {
  ContractError, BadRequest, Forbidden, InternalError, ServiceUnavailable, toErrorBody, reviveReplyError, unwrapReply,
  type ContractErrorCode, type ErrorBody, type Reply,
} from './errors';
export { validate, decodeAndValidate, type Validated } from './validate';
export { inPlayersWords, fieldLabel } from './refusal-words';
export { parseWireJson, wireProblem, isReservedKey, MAX_WIRE_DEPTH } from './wire-json';
export { IsJsonValue, IsOutcome, IsSeat, IsTableId, MAX_PAYLOAD_BYTES } from './validators';
export {
  OpenTableV1, AppendMoveV1, AppendManyV1, MAX_APPENDS_PER_REQUEST, MAX_APPEND_MANY_BYTES, UndoV1, ReadMovesV1,
  TableRequestV1, EntryByKeyV1, TreeRequestV1, InclusionProofRequestV1, ConsistencyProofRequestV1, TableStatuses,
  type InclusionProofV1, type ConsistencyProofV1, type TreePageV1, type TreeUndoV1, type LogRecordV1, type AppendedManyV1, type KeyedEntryV1, type OpenedV1, type LoggedMoveV1, type AppendedV1, type UndoneV1, type MovesPageV1, type HeaderV1,
  type CommitmentV1, type FinishedLogV1, type FinishedHeaderV1, type TableStatus,
  PutDocumentChunkV1, DocumentChunkRequestV1, DOCUMENT_CHUNK_BYTES, type DocumentStoredV1, type DocumentChunkV1,
} from './log/requests.v1';
export { MoveEventV1, TableEventV1, quarantineMsgId, releaseMsgId, type DeadLetterV1 } from './log/events.v1';
export { SnapshotSubjects, GetSnapshotV1, RecheckV1, type RecheckedV1, encodeSnapshot, decodeSnapshot, type SnapshotV1 } from './snapshot/requests.v1';
export { TrustedSubjects, sealSeed, unsealSeed, seedKey, type SealedSeedV1 } from './trust/sealed-seed';
export { TickV1, tickMsgId } from './executor/ticks.v1';
export {
  SubmitIntentV1, IntentV1, GetIntentOutcomeV1, IntentOutcomeV1, IntentKinds, IntentStatuses, INTENT_KEY_PATTERN,
  MAX_INTENT_WAIT_MS, CHAPTER_CLOSED, intentMsgId, intentAppendKey, intentOutcomeKey, type IntentKind, type IntentStatus,
} from './executor/intents.v1';
export {
  AdminSubjects, WorldActionV1, AuditEntryV1, AuditQueryV1, WorldActions, DeadLettersQueryV1, RetryDeadLetterV1, OperatorMoveV1, WorldNoticeV1, MAX_NOTICE_LENGTH,
  type WorldAction, type TimeAction, type WorldActionDoneV1, type AuditTrailV1, type DeadLetterSummaryV1, type DeadLettersV1,
  BusStateQueryV1, BUS_STATE_PAGE_BYTES, MAX_BUS_STATE_PAGE_ITEMS, type BusStatePageV1, type BusStateV1, type PendingIntentV1, type PausedTableV1,
} from './admin/requests.v1';
export { WorldEventV1, WorldEventKinds, worldEventMsgId, type WorldEventKind } from './world/events.v1';
export { ScheduleSubjects, ExecuteNowV1, NoticesQueryV1, type ExecuteNowDoneV1, type NoticeV1, type NoticesV1 } from './world/execute-now.v1';
export { SIGNATURE_HEADER, signEvent, verifyEvent } from './trust/event-signature';
export { ed25519PrivateKey, ed25519PublicKey, publicKeyHex } from './trust/ed25519';
export { issueSeatToken, SeatGate, type SeatClaimsV1 } from './trust/seat-token';
export { ViewSubjects, GetViewV1, PublicMoveEventV1, publicMoveMsgId, type ViewV1 } from './views/views.v1';
export {
  CHECKPOINT_KEY_NAME, BadCheckpoint, checkpointOrigin, checkRecordCheckpoint, checkpointText, signCheckpoint, readCheckpoint, openCheckpoint, type Checkpoint,
} from './trust/checkpoint';
export { OwnMoves, MoveNotLogged, type OwnMove, type OwnMovesRecord } from './trust/own-moves';
