import { Equals, IsDateString, IsIn, IsInt, IsObject, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import type { JsonObject } from '@chronicle/engine';
import { IsJsonValue } from '../validators';
import { IsTableId } from '../validators';

/**
 * The operator's requests (core NATS, queue group `scheduler`; deployments let only the
 * `operator` role publish them). Each acts on a world (its chapter in play) or one table,
 * and is recorded in the audit trail before it acts: who, when, what and why.
 */
export const AdminSubjects = {
  /** No more ticks: the world's clock stands still until it is resumed. */
  pause: 'admin.v1.pause',
  /** Ticks again; the game's own delay rule (legacy checkDelay) skips the months the pause missed. */
  resume: 'admin.v1.resume',
  /** A tick now, for a table that is due but stuck (a lost tick, a stalled re-tick series). */
  retick: 'admin.v1.retick',
  /**
   * An operator's move (the strategy game's block, operatorLog, changeTurnTerm), made by the
   * table itself through the executors' work queue (`OperatorMoveV1` → `WorldActionDoneV1`).
   */
  move: 'admin.v1.move',
  /** The audit trail of a world or table (`AuditQueryV1` → `AuditTrailV1`). */
  audit: 'admin.v1.audit',
  /** What consumers gave up on (`DeadLettersQueryV1` → `DeadLettersV1`), latest first. */
  deadLetters: 'admin.v1.dead-letters',
  /** Hands a dead tick or intent back to the executors' work queue (`RetryDeadLetterV1` → `WorldActionDoneV1`). */
  retryDead: 'admin.v1.retry-dead',
  /**
   * Lifts a table's quarantine after an investigation (`WorldActionV1` → `WorldActionDoneV1`):
   * the snapshot service replays the table's whole log again with every recorded state hash
   * checked, and the table goes on only if it all agrees; otherwise the refusal names the
   * first entry that does not.
   */
  lift: 'admin.v1.lift-quarantine',
  /**
   * What lives only in NATS now (`BusStateQueryV1` → `BusStatePageV1`): pending intents by
   * key, pauses, the audit trail, dead letters, a page at a time (`cursor`, `limit`; each page
   * well under NATS's 1 MB payload). A database dump does not hold them: kept beside the
   * dump, the pages put together are what `chronicle restore-report` compares a restored system with.
   */
  busState: 'admin.v1.bus-state',
  /** The operator's notice to a world's players (legacy 운영자 메세지), shown on its page until cleared (`WorldNoticeV1`). */
  notice: 'admin.v1.notice',
} as const;

export const WorldActions = ['pause', 'resume', 'retick', 'retry-dead', 'move', 'lift-quarantine', 'notice'] as const;
export type WorldAction = (typeof WorldActions)[number];
/** The actions on a world's time, each with its own request subject. */
export type TimeAction = Exclude<WorldAction, 'retry-dead' | 'move' | 'lift-quarantine' | 'notice'>;

/** An operator's action on a world or a table. */
export class WorldActionV1 {
  @Equals(1) v!: 1;
  /** A world's id (its chapter in play) or a table's id. */
  @IsTableId() target!: string;
  /** Who asks: the operator's name as the deployment knows it. */
  @IsString() @Length(1, 64) operator!: string;
  /** Why: required, since the action touches a live world. */
  @IsString() @Length(3, 500) reason!: string;
}

/** What was done, as the audit trail recorded it. */
export interface WorldActionDoneV1 {
  entry: AuditEntryV1;
  /** What the action did, in one line. */
  result: string;
}

/** One line of the audit trail, on `audit.<world or table>` (stream `<prefix>_AUDIT`, kept for ever). */
export class AuditEntryV1 {
  @Equals(1) v!: 1;
  @IsIn(WorldActions) action!: WorldAction;
  /** The world or table named by the request. */
  @IsTableId() target!: string;
  /** The table acted on (the world's chapter in play). */
  @IsTableId() tableId!: string;
  @IsString() @Length(1, 64) operator!: string;
  @IsString() @Length(3, 500) reason!: string;
  @IsDateString({ strict: true }) at!: string;
  /** What else identifies the action (the dead letter retried). */
  @IsOptional() @IsString() @Length(1, 200) detail?: string;
}

/** The audit trail of a world or table, the latest `limit` entries. */
export class AuditQueryV1 {
  @Equals(1) v!: 1;
  @IsTableId() target!: string;
  @IsOptional() @IsInt() @Min(1) @Max(1_000) limit?: number;
}

export interface AuditTrailV1 {
  entries: AuditEntryV1[];
}

/** The latest dead letters, at most `limit`. */
export class DeadLettersQueryV1 {
  @Equals(1) v!: 1;
  @IsOptional() @IsInt() @Min(1) @Max(1_000) limit?: number;
}

/** One dead letter as an operator reads it (the original bytes stay in the DEAD stream). */
export interface DeadLetterSummaryV1 {
  /** Its place in the DEAD stream: what `retry-dead` takes. */
  seq: number;
  consumer: string;
  /** The original message's subject, without the prefix. */
  subject: string;
  reason: string;
  deliveries: number;
  deadAt: string;
  /** Whether `retry-dead` can hand it back (a tick or an intent, carried whole, not yet retried). */
  retry: 'possible' | 'retried' | string;
}

export interface DeadLettersV1 {
  letters: DeadLetterSummaryV1[];
}

/** The longest operator's notice, in characters. */
export const MAX_NOTICE_LENGTH = 500;

/** Most items one bus-state page carries, and the JSON bytes its items stay under (a page's reply is far from NATS's 1 MB). */
export const MAX_BUS_STATE_PAGE_ITEMS = 5_000;
export const BUS_STATE_PAGE_BYTES = 256 * 1024;

/** `admin.v1.bus-state`: a page of it. */
export class BusStateQueryV1 {
  @Equals(1) v!: 1;
  /** Where the page starts: the `next` of the page before; absent for the first page. */
  @IsOptional() @IsString() @Length(1, 200) cursor?: string;
  /** Most items (intents, pauses, audit entries and dead letters together) the page carries; the byte bound holds whatever the limit. */
  @IsOptional() @IsInt() @Min(1) @Max(MAX_BUS_STATE_PAGE_ITEMS) limit?: number;
}

/** An intent in the executors' work queue, not decided yet (never its payload: a seat's command is its own). */
export interface PendingIntentV1 {
  tableId: string;
  intentKey: string;
  seat: string | null;
  submittedAt: string;
}

/** A table the operators paused. */
export interface PausedTableV1 {
  tableId: string;
  since: string;
  by: string;
  reason: string;
}

/** Everything a database dump does not hold, as the bus holds it at `takenAt`. */
export interface BusStateV1 {
  takenAt: string;
  prefix: string;
  /** The oldest first, each named by key. */
  pendingIntents: PendingIntentV1[];
  /** Intents counted but not named: 0 since the state is paged (files written before paging may count some). */
  intentsLeftOut: number;
  paused: PausedTableV1[];
  /** Every audit entry, oldest first (who, when, what and why: nothing secret). */
  audit: AuditEntryV1[];
  /** Every dead letter, oldest first (the original bytes stay in the DEAD stream). */
  deadLetters: DeadLetterSummaryV1[];
}

/**
 * One page of the bus state: each list continues the previous page's, in the order
 * intents, pauses, audit entries, dead letters; `next` is the cursor of the page after, null
 * on the last. A page is at most `limit` items and about `BUS_STATE_PAGE_BYTES` of JSON.
 */
export interface BusStatePageV1 extends BusStateV1 {
  next: string | null;
}

/** The operator's notice to a world (or a table in no world): `text` shown to its players, or empty to clear it. */
export class WorldNoticeV1 extends WorldActionV1 {
  @IsString() @Length(0, MAX_NOTICE_LENGTH) text!: string;
}

/** Hands dead letter `seq` back to the work queue it came from. */
export class RetryDeadLetterV1 {
  @Equals(1) v!: 1;
  @IsInt() @Min(1) seq!: number;
  @IsString() @Length(1, 64) operator!: string;
  @IsString() @Length(3, 500) reason!: string;
}

/** An operator's move on a world (its chapter in play) or a table, with who and why. */
export class OperatorMoveV1 extends WorldActionV1 {
  /** The game's move, e.g. `{ "type": "block", "generalIds": [12], "level": 2 }`. */
  @IsObject() @IsJsonValue() move!: JsonObject;
}
