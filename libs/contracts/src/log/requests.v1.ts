import type { Json, JsonObject, Outcome } from '@chronicle/engine';
import {
  ArrayMaxSize, ArrayMinSize, Equals, IsDateString, IsInt, IsObject, IsOptional, IsString, Length, Matches, Max, Min,
} from 'class-validator';
import { IsJsonValue, IsSeat, IsTableId } from '../validators';

/**
 * Requests to the log service, version 1 (subjects in `LogSubjects`). Every request
 * carries `v: 1`; a later version gets new classes and new subjects, and both are served
 * while callers move over.
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

export class AppendMoveV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  @IsSeat() seat!: string | null;
  @IsJsonValue() payload!: Json;
  /** The game-log revision (number of moves) the caller played on; stale → `CONCURRENT_MOVE`. */
  @IsInt() @Min(0) expectedRevision!: number;
  /** Makes the append exactly-once: the same key on the same table returns the first result. */
  @IsString() @Length(1, 128) idempotencyKey!: string;
  /** SHA-256 (hex) of the state after the move, as the caller computed it; stored and published. */
  @IsOptional() @Matches(HEX_64, { message: 'stateHash must be 64 lowercase hex digits' }) stateHash?: string;
  /** When the table next needs a move (ISO 8601), as the caller computed it; stored and published. */
  @IsOptional() @IsDateString({ strict: true }) nextDueAt?: string;
}

export class UndoV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  @IsSeat() seat!: string | null;
  /** When given, the undo applies only at this revision (else `CONCURRENT_MOVE`). */
  @IsOptional() @IsInt() @Min(1) expectedRevision?: number;
}

export class ReadMovesV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  /** Moves numbered above this revision are returned. */
  @IsInt() @Min(0) fromRevision!: number;
  @IsOptional() @IsInt() @Min(1) @Max(10_000) limit?: number;
}

/** For `header`, `finishedLog` and `commitment`. */
export class TableRequestV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
}

// Replies (plain types: the service builds them, the client trusts its own service).

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

export interface UndoneV1 {
  tableId: string;
  revision: number;
  seq: number;
  /** The number of the move taken back. */
  undone: number;
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

/** `GameLog.toArray()` of a finished table: the seed included, for anyone to verify. */
export interface FinishedLogV1 {
  tableId: string;
  commitment: string;
  log: JsonObject;
}

