export {
  CodedError, ChronicleError, InvalidGame, IllegalMove, GameOver, GameInProgress, ConcurrentMove, UnknownTable,
  isErrorCode, reviveError, type ErrorCode,
} from './errors';
export type { Json, JsonObject } from './json';
export {
  asArray, asBoolean, asInteger, asJson, asJsonObject, asMoveObject, asPayload, asNullableString, asObject, asString, asStringArray,
} from './json';
export { newSeed, isSeed, commitmentOf, matchesCommitment } from './seed';
export { Xoshiro256StarStar } from './xoshiro';
export { RandomSource, type Draws } from './random-source';
export {
  Randomness, xoshiroStreams, stepState, labelsText, tableSeed,
  type Label, type StreamDerivation, type TableSeed,
} from './randomness';
export type { Game, GameTime, GameData, Seat, InitialState, SetupContext, LoggedMove, AnyGame } from './game';
export { GameLog, readMove, type GameHeader, type TableDefinition } from './game-log';
export { stateToArray, stateFromArray, readTurnOrder, type GameState, type TurnOrder, type Outcome } from './game-state';
export { Engine, engine, type Step, type Table, type Resumed } from './engine';
export { Snapshot, type SnapshotExpectation } from './snapshot';
export { InMemoryTables, type Tables, type OpenTable, type Opened, type Moved } from './tables';
export { canonicalJson, hashJson, stateHash } from './canonical';
export {
  firstChapter, nextChapter, withOpening, endedChapter, readChapter, chapterTableId, openingState,
  type Chapter, type ChapterLink, type EndedChapter,
} from './chapters';
export {
  DOCUMENTS_KEY, MAX_DOCUMENT_BYTES, documentRefs, documentHash, withDocuments, readDocument, checkDocumentsAttached, type DocumentRef,
} from './documents';
export { verifyChain, type PublishedChapter, type VerifiedChain } from './chain';
export {
  REAL_TIME, clockOptions, readGameClock, gameTimeAt, wallTimeOf, tickTimeOf, type GameClock,
} from './game-clock';
export {
  PUBLIC, isHidden, viewState, viewMove, type Viewer, type Views, type ViewedGame, type Visibility, type StateView, type MoveView,
} from './views';
export {
  leafHash, nodeHash, rootOf, inclusionProof, consistencyProof, verifyInclusion, verifyConsistency, MerkleRange, EMPTY_ROOT,
} from './audit/merkle';
export { entrySalt, entryBytes, entryLeaf, type TreeEntry } from './audit/entries';
export { AuditedLog, readRecord, type LogRecord, type RecordedMove, type RecordedUndo } from './audit/recorded-log';
export { TableWatch, SplitView, type SeenCheckpoint } from './audit/table-watch';
export {
  CONTRIBUTED, RANDOMNESS_KEY, isContributed, newContribution, contributionHash, combinedSeed, waitingFor,
  type Entropy, type EntropyPhase, type Contribution,
} from './contributions';
