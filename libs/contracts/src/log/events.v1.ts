import type { Json, JsonObject, Outcome } from '@chronicle/engine';
import {
  Equals, IsArray, IsBoolean, IsDateString, IsIn, IsInt, IsObject, IsOptional, IsString, Length, Matches, Min,
  ValidateIf,
} from 'class-validator';
import { IsJsonValue, IsSeat, IsTableId } from '../validators';

const HEX_64 = /^[0-9a-f]{64}$/;

/**
 * One entry of a table's append-only log, on `moves.<table>` (JetStream, `Nats-Msg-Id`
 * `<table>:<seq>`). Entries arrive in `seq` order; a consumer that sees a gap in `seq`
 * catches up with a `read` request. The game log is what the entries say: a `move`
 * appends move `number`, an `undo` takes move `number` (the last one) back.
 * Never carries the seed.
 */
export class MoveEventV1 {
  @Equals(1) v!: 1;
  @IsIn(['move', 'undo']) kind!: 'move' | 'undo';
  @IsTableId() tableId!: string;
  /** The entry's place in the table's append-only log, from 1. */
  @IsInt() @Min(1) seq!: number;
  /** The game-log revision after this entry. */
  @IsInt() @Min(0) revision!: number;
  /** The move appended, or the move taken back. */
  @IsInt() @Min(1) number!: number;
  @IsSeat() seat!: string | null;
  /** The move's payload; null for an undo. */
  @IsJsonValue() payload!: Json;
  @IsBoolean() random!: boolean;
  @ValidateIf((_, v) => v !== null) @Matches(HEX_64) stateHash!: string | null;
  @ValidateIf((_, v) => v !== null) @IsDateString({ strict: true }) nextDueAt!: string | null;
  /** When the log service recorded the entry (metadata: game time comes only from moves). */
  @IsDateString({ strict: true }) recordedAt!: string;
  /**
   * The table's signed checkpoint with this entry (`signCheckpoint`: tree size and root of its
   * entries' Merkle tree): what a player or witness keeps to check that the history it is
   * shown later extends this one. Absent from events published before trees.
   */
  @IsOptional() @IsString() @Length(1, 2_000) checkpoint?: string;
}

/**
 * A table's lifecycle on `tables.<table>`: opened (with the commitment), finished (with the
 * outcome). Other services may publish further kinds (e.g. the snapshot service's
 * quarantine); consumers ignore kinds they do not know.
 */
export class TableEventV1 {
  @Equals(1) v!: 1;
  @IsString() @Length(1, 32) kind!: 'opened' | 'finished' | string;
  @IsTableId() tableId!: string;
  @IsString() gameId!: string;
  @IsString() rulesVersion!: string;
  @IsArray() @IsString({ each: true }) seats!: string[];
  @IsObject() @IsJsonValue() options!: JsonObject;
  @Matches(HEX_64) commitment!: string;
  @IsInt() @Min(0) seq!: number;
  @IsInt() @Min(0) revision!: number;
  @IsOptional() @IsObject() outcome!: Outcome | null;
  /** Why, for kinds that need one (a quarantine says what disagreed). */
  @IsOptional() @IsString() @Length(1, 4_000) reason?: string;
  @IsDateString({ strict: true }) recordedAt!: string;
}

/**
 * The `Nats-Msg-Id` of the snapshot service's quarantine notice (kind `quarantined`) for a
 * table at entry `seq`; signed with the snapshot service's key, not the log service's.
 */
export const quarantineMsgId = (tableId: string, seq: number): string => `${tableId}:quarantined:${seq}`;

/**
 * The `Nats-Msg-Id` of the snapshot service's release notice (kind `released`: an operator
 * lifted the table's quarantine and its whole log replayed to every recorded hash), signed as
 * quarantine notices are. Keyed by the time of the release (`recordedAt`), since a table may be
 * quarantined and released more than once at the same entry.
 */
export const releaseMsgId = (tableId: string, recordedAt: string): string => `${tableId}:released:${Date.parse(recordedAt)}`;

/**
 * What a consumer could not handle, on `dead.<consumer>`: the reason and the original
 * message (its subject, headers and bytes, base64), so that a person can fix and replay it.
 */
export interface DeadLetterV1 {
  v: 1;
  reason: string;
  consumer: string;
  stream: string;
  subject: string;
  streamSeq: number;
  deliveries: number;
  headers: Record<string, string[]>;
  /** The original bytes, base64; only their first 4 KiB when `truncated`. */
  data: string;
  /** The original message's size in bytes and SHA-256 (hex). */
  size: number;
  sha256: string;
  /** Set when the message was too large to carry whole (the stream still holds it at `streamSeq`). */
  truncated?: true;
  deadAt: string;
}
