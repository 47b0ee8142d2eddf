import { GameLog, MAX_DOCUMENT_BYTES, type Json, type JsonObject, type Outcome } from '@chronicle/engine';
import {
  ArrayMaxSize, ArrayMinSize, Equals, IsArray, IsBase64, IsBoolean, IsDateString, IsInt, IsObject, IsOptional, IsString, Length, Matches,
  Max, Min,
} from 'class-validator';
import { IsJsonValue, IsOutcome, IsSeat, IsTableId } from '../validators';

/**
 * Requests to the log service, version 1 (subjects in `LogSubjects`). Every request
 * carries `v: 1`; a later version gets new classes and new subjects, and both are served
 * while callers move over.
 *
 * The log service is a store: it never runs a game. `append` and `undo` record what a
 * trusted caller (a turn executor) computed with the game's rules — payload, randomness
 * flag, state hash, next due time, outcome — checked only against the expected revision,
 * the idempotency key, the table's status, the move limit and the shapes here. They are for
 * trusted services only: deployments restrict who may publish on them (NATS permissions);
 * players submit intents to the executors instead (`executor.v1.submit-intent`).
 */

const HEX_64 = /^[0-9a-f]{64}$/;

export class OpenTableV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  /** Which registered game the table plays; the service's current rules version is recorded. */
  @IsString() @Length(1, 64) gameId!: string;
  @IsString({ each: true }) @Length(1, 64, { each: true }) @ArrayMinSize(1) @ArrayMaxSize(10_000) seats!: string[];
  @IsOptional() @IsObject() @IsJsonValue() options?: JsonObject;
}

/** Trusted callers only (turn executors): a move computed with the game's rules. */
export class AppendMoveV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  @IsSeat() seat!: string | null;
  @IsJsonValue() payload!: Json;
  /** The game-log revision (number of moves) the caller played on; stale → `CONCURRENT_MOVE`. */
  @IsInt() @Min(0) @Max(GameLog.MAX_MOVES) expectedRevision!: number;
  /** Makes the append exactly-once: the same key on the same table returns the first result. */
  @IsString() @Length(1, 128) idempotencyKey!: string;
  /** SHA-256 (hex) of the state after the move, as the caller computed it; stored and published. */
  @IsOptional() @Matches(HEX_64, { message: 'stateHash must be 64 lowercase hex digits' }) stateHash?: string;
  /** When the table next needs a move (ISO 8601), as the caller computed it; stored and published. */
  @IsOptional() @IsDateString({ strict: true }) nextDueAt?: string;
  /** Whether playing the move drew randomness (the engine's flag); replay checks it. */
  @IsBoolean() random!: boolean;
  /** The game's outcome after the move, when it ended the game: the table is then finished. */
  @IsOptional() @IsOutcome() outcome?: Outcome | null;
}

/** Most appends in one `log.v1.append-many` request. */
export const MAX_APPENDS_PER_REQUEST = 100;
/** Bytes of JSON of one `log.v1.append-many` request: its reply repeats the payloads and must fit a NATS message (1 MB). */
export const MAX_APPEND_MANY_BYTES = 384 * 1024;

/**
 * Trusted callers only: appends, usually of several tables, in one request (one message
 * each way instead of one per append; `LogClient` gathers the appends it is given in one
 * turn of the event loop). Each item is an `AppendMoveV1`, checked and answered on its own
 * exactly as on `log.v1.append`; the reply's `results` are in the same order.
 */
export class AppendManyV1 {
  @Equals(1) v!: 1;
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_APPENDS_PER_REQUEST) @IsObject({ each: true }) appends!: object[];
}

/**
 * Trusted callers only (turn executors): takes the last move back, after the caller checked
 * the engine's undo rules (`checkUndo`) on the table's state. The store checks the revision
 * and that the table is still in play.
 */
export class UndoV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  @IsSeat() seat!: string | null;
  /** The undo applies only at this revision (else `CONCURRENT_MOVE`). */
  @IsInt() @Min(1) @Max(GameLog.MAX_MOVES) expectedRevision!: number;
  /** Makes the undo exactly-once: the same key on the same table returns the first result. */
  @IsOptional() @IsString() @Length(1, 128) idempotencyKey?: string;
  /** SHA-256 (hex) of the state after the undo, as the caller computed it; stored and published. */
  @IsOptional() @Matches(HEX_64, { message: 'stateHash must be 64 lowercase hex digits' }) stateHash?: string;
  /** When the table next needs a move after the undo (ISO 8601); stored and published. */
  @IsOptional() @IsDateString({ strict: true }) nextDueAt?: string;
}

/** Which entry, if any, was recorded under an idempotency key (what became of a retried append). */
export class EntryByKeyV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  @IsString() @Length(1, 128) idempotencyKey!: string;
}

export class ReadMovesV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  /** Moves numbered above this revision are returned. */
  @IsInt() @Min(0) @Max(GameLog.MAX_MOVES) fromRevision!: number;
  @IsOptional() @IsInt() @Min(1) @Max(10_000) limit?: number;
}

/** A page of a table's entry tree (`log.v1.tree`): leaves of the entries after `fromSeq`. */
export class TreeRequestV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  /** Leaves of entries numbered above this one are returned (0 for the first page). */
  @IsInt() @Min(0) @Max(2 * GameLog.MAX_MOVES) fromSeq!: number;
  @IsOptional() @IsInt() @Min(1) @Max(10_000) limit?: number;
}

/** `log.v1.inclusion-proof`: that entry `seq` is leaf `seq - 1` of the table's tree at `treeSize` entries (a checkpoint's size). */
export class InclusionProofRequestV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  @IsInt() @Min(1) @Max(2 * GameLog.MAX_MOVES) seq!: number;
  @IsInt() @Min(1) @Max(2 * GameLog.MAX_MOVES) treeSize!: number;
}

/** `log.v1.consistency-proof`: that the table's tree at `to` entries extends its tree at `from` (two checkpoints' sizes). */
export class ConsistencyProofRequestV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  @IsInt() @Min(0) @Max(2 * GameLog.MAX_MOVES) from!: number;
  @IsInt() @Min(0) @Max(2 * GameLog.MAX_MOVES) to!: number;
}

/**
 * Bytes of one chunk of a document (`log.v1.put-document`, `log.v1.document`): its base64 and
 * the rest of the message stay well under NATS's 1 MB. A document is stored as chunks of
 * exactly this size, the last one shorter.
 */
export const DOCUMENT_CHUNK_BYTES = 512 * 1024;
const SHA256_MESSAGE = { message: 'sha256 must be 64 lowercase hex digits: the SHA-256 of the document\'s bytes' };

/**
 * `log.v1.put-document` (operators): chunk `index` of a document a table's options will name
 * by reference (`options.documents`, see the engine). Stored once all chunks came and their
 * bytes hash to `sha256`; chunks may come in any order and again.
 */
export class PutDocumentChunkV1 {
  @Equals(1) v!: 1;
  @Matches(HEX_64, SHA256_MESSAGE) sha256!: string;
  @IsInt() @Min(1) @Max(MAX_DOCUMENT_BYTES) bytes!: number;
  @IsInt() @Min(0) @Max(Math.ceil(MAX_DOCUMENT_BYTES / DOCUMENT_CHUNK_BYTES) - 1) index!: number;
  /** The chunk's bytes in base64: `DOCUMENT_CHUNK_BYTES` of them, fewer in the last chunk. */
  @IsBase64() @Length(1, Math.ceil(DOCUMENT_CHUNK_BYTES / 3) * 4) data!: string;
}

/** `log.v1.document` (trusted services, operators): chunk `index` of a stored document. */
export class DocumentChunkRequestV1 {
  @Equals(1) v!: 1;
  @Matches(HEX_64, SHA256_MESSAGE) sha256!: string;
  @IsInt() @Min(0) @Max(Math.ceil(MAX_DOCUMENT_BYTES / DOCUMENT_CHUNK_BYTES) - 1) index!: number;
}

/** For `header`, `finishedLog` and `commitment`. */
export class TableRequestV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
}

// Replies (plain types: the service builds them, the client trusts its own service).

/** The reply of `log.v1.put-document`: `stored` once every chunk came and the bytes hash to `sha256`. */
export interface DocumentStoredV1 {
  sha256: string;
  bytes: number;
  stored: boolean;
}

/** The reply of `log.v1.document`: one chunk of the document, of `chunks`. */
export interface DocumentChunkV1 {
  sha256: string;
  bytes: number;
  index: number;
  chunks: number;
  /** Base64. */
  data: string;
}

export interface OpenedV1 {
  tableId: string;
  commitment: string;
  revision: number;
}

/** A move of the current game log, with what the log service stored beside it. */
export interface LoggedMoveV1 {
  number: number;
  seat: string | null;
  payload: Json;
  random: boolean;
  /** The entry that recorded it (entries are append-only; undos are entries too). */
  seq: number;
  stateHash: string | null;
  nextDueAt: string | null;
}

export interface AppendedV1 {
  tableId: string;
  /** Game-log revision after the move (= the move's number). */
  revision: number;
  seq: number;
  move: LoggedMoveV1;
  /** True when this idempotency key had already been appended: nothing new was written. */
  duplicate: boolean;
  outcome: Outcome | null;
}

/** One `{ data: AppendedV1 }` or `{ error }` per item of an `AppendManyV1`, in its order. */
export interface AppendedManyV1 {
  results: unknown[];
}

export interface UndoneV1 {
  tableId: string;
  revision: number;
  seq: number;
  /** The number of the move taken back. */
  undone: number;
  /** True when this idempotency key had already been used: nothing new was written. */
  duplicate: boolean;
}

/** The reply of `log.v1.entry-by-key` (data null when no entry has the key). */
export interface KeyedEntryV1 {
  tableId: string;
  kind: 'move' | 'undo';
  seq: number;
  /** The move appended or taken back. */
  number: number;
  /** The game-log revision after the entry. */
  revision: number;
}

export interface MovesPageV1 {
  tableId: string;
  /** The table's revision and last entry when read: more moves exist when the page ends below it. */
  revision: number;
  seq: number;
  moves: LoggedMoveV1[];
}

export const TableStatuses = ['open', 'finished'] as const;
export type TableStatus = (typeof TableStatuses)[number];

/** Everything about a table except its seed. */
export interface HeaderV1 {
  tableId: string;
  gameId: string;
  rulesVersion: string;
  seats: string[];
  options: JsonObject;
  commitment: string;
  status: TableStatus;
  outcome: Outcome | null;
  revision: number;
  seq: number;
}

export interface CommitmentV1 {
  tableId: string;
  commitment: string;
}

/**
 * A finished table's header with its seed, on `log.v1.finished-header`: with the moves read
 * in pages (`log.v1.read`), the whole log whatever its size. `LogClient.finishedLog` does it.
 */
export interface FinishedHeaderV1 {
  tableId: string;
  gameId: string;
  rulesVersion: string;
  seed: string;
  seats: string[];
  options: JsonObject;
  commitment: string;
  outcome: Outcome | null;
  revision: number;
  seq: number;
}

/**
 * `GameLog.toArray()` of a finished table: the seed included, for anyone to verify. The
 * `log.v1.finished-log` reply carries it whole, so only while it fits one NATS message;
 * `LogClient.finishedLog` builds it from `finished-header` and pages of `read` instead.
 */
export interface FinishedLogV1 {
  tableId: string;
  commitment: string;
  /** Its moves carry `seq` (their entry) and `stateHash` (recorded with them) beside the game log's fields. */
  log: JsonObject;
  /**
   * What the log service stored of the table's entries: with the seed, each move is hashed
   * again and compared with its leaf (`AuditedLog` of `@chronicle/engine`). Absent from
   * files written before trees.
   */
  record?: LogRecordV1;
}

/** An undo entry of a table, as its tree hashes it. */
export interface TreeUndoV1 {
  seq: number;
  number: number;
  seat: string | null;
  stateHash: string | null;
}

/** A table's entry tree: signed head, every leaf hash in `seq` order, the undo entries (engine `LogRecord` plus the checkpoint note). */
export interface LogRecordV1 {
  tableId: string;
  treeSize: number;
  rootHash: string;
  checkpoint: string;
  leaves: string[];
  undos: TreeUndoV1[];
}

/** The reply of `log.v1.inclusion-proof`: the entry's leaf hash, its audit path (RFC 9162 §2.1.3), the root at that size. */
export interface InclusionProofV1 {
  tableId: string;
  seq: number;
  treeSize: number;
  leaf: string;
  rootHash: string;
  proof: string[];
}

/** The reply of `log.v1.consistency-proof` (RFC 9162 §2.1.4), with the roots at both sizes. */
export interface ConsistencyProofV1 {
  tableId: string;
  from: number;
  to: number;
  fromRoot: string;
  toRoot: string;
  proof: string[];
}

/** A page of `log.v1.tree`: the table's head when read, and the leaves from `fromSeq + 1` (fewer at the end). */
export interface TreePageV1 {
  tableId: string;
  commitment: string;
  /** The signed checkpoint of the whole tree (`signCheckpoint`), and what it says. */
  checkpoint: string;
  treeSize: number;
  rootHash: string;
  fromSeq: number;
  leaves: string[];
  undos: TreeUndoV1[];
}

