import { gunzipSync, gzipSync } from 'node:zlib';
import { Equals, IsInt, IsOptional, Max, Min } from 'class-validator';
import { GameLog, type JsonObject } from '@chronicle/engine';
import { IsTableId } from '../validators';

/** Request subjects of the snapshot service (queue group `snapshot-service`). */
export const SnapshotSubjects = {
  get: 'snapshots.v1.get',
  /**
   * A quarantined table checked again from its log (`RecheckV1` → `RecheckedV1`), for the
   * scheduler's operator desk only: the quarantine is lifted when every entry replays to the
   * state hash it recorded.
   */
  recheck: 'snapshots.v1.recheck',
} as const;

/** The snapshot of a table; with `minRevision`, waits up to `waitMs` for the table to get there. */
export class GetSnapshotV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  @IsOptional() @IsInt() @Min(0) @Max(GameLog.MAX_MOVES) minRevision?: number;
  @IsOptional() @IsInt() @Min(0) @Max(10_000) waitMs?: number;
}

/**
 * A table's cached state. `snapshot` is the engine's `Snapshot.toArray()` (state, revision,
 * commitment), gzipped and base64-encoded: a large world's state would not fit a 1 MB NATS
 * message as plain JSON. Read it with {@link decodeSnapshot}.
 */
export interface SnapshotV1 {
  tableId: string;
  gameId: string;
  rulesVersion: string;
  commitment: string;
  revision: number;
  /** The last log entry the snapshot includes. */
  seq: number;
  /** Why the table is quarantined (its rebuilt state disagreed with a recorded state hash), or null. */
  quarantined: string | null;
  snapshot: string;
}

/** Replay a quarantined table's whole log again, every recorded state hash checked. */
export class RecheckV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
}

/**
 * The recheck's verdict: `lifted` when the whole log replayed to every hash it recorded (the
 * table goes on, and the snapshot service says so on `tables.<table>`, kind `released`), else
 * why it stays quarantined. `was` is the quarantine's reason before the recheck.
 */
export interface RecheckedV1 {
  tableId: string;
  was: string;
  lifted: boolean;
  /** Null when lifted: why the table stays quarantined (the first entry that still disagrees). */
  quarantined: string | null;
  revision: number;
  seq: number;
}

export function encodeSnapshot(snapshot: JsonObject): string {
  return gzipSync(Buffer.from(JSON.stringify(snapshot), 'utf8')).toString('base64');
}

export function decodeSnapshot(encoded: string): unknown {
  return JSON.parse(gunzipSync(Buffer.from(encoded, 'base64')).toString('utf8'));
}
