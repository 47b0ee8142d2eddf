import type { LogRecordV1, MoveEventV1 } from '@chronicle/contracts';
import type { GameClock, Outcome } from '@chronicle/engine';
import type { WorldView } from './world-view';

/**
 * The web service's read API (`/api/...`) and live feed (`/api/live`, server-sent events),
 * shared by the service and the page so both sides are typed alike.
 */
export type TableStatus = 'open' | 'finished' | 'quarantined';

export { NEUTRAL_CITY } from './colours';

/** One table (a world's chapter) as the worlds list shows it. */
export interface TableSummary {
  tableId: string;
  gameId: string;
  rulesVersion: string;
  status: TableStatus;
  /** Why it is quarantined (the snapshot service's reason), else null. */
  reason: string | null;
  /** The commitment to the seed published when the table opened. */
  commitment: string;
  revision: number;
  seq: number;
  /** The world and chapter number when the table is a chapter of a world. */
  chapter: { world: string; number: number } | null;
  /** The game date of a strategy world, as of the last state read. */
  date: string | null;
  /** Moves recorded per second over the last few seconds. */
  movesPerSecond: number;
  /** How its game time runs against the wall (`options.clock`; speed 1: the legacy's real-time turns). */
  clock: GameClock;
  outcome: Outcome | null;
  /** The operator's notice in force for the table's world (plain text: the page shows it as text, never as markup), else null. */
  notice: string | null;
}

/**
 * A line of a table's live feed, in plain words: what it says, not how the page says it (the
 * page words it in the reader's language; the game's own lines stay in its words). Of a move
 * in play nothing but its number and whether time passed or a player acted: never its seat
 * or payload (which command a player reserved is theirs).
 */
export type FeedItem = {
  /** The log entry it came with (0 for what came with no entry). */
  seq: number;
  /** When the log service recorded the entry (ISO), the origin of the feed's delay. */
  recordedAt: string;
} & FeedLine;

export type FeedLine =
  | { kind: 'move'; number: number; by: 'time' | 'player' | 'undo' }
  | { kind: 'month'; year: number; month: number }
  /** `event`: the chronicle (중원정세); `action`: a public action line (장수동향). */
  | { kind: 'event' | 'action'; year: number; month: number; text: string }
  | { kind: 'nation'; change: 'founded' | 'fallen'; name: string }
  | { kind: 'table'; change: 'opened' | 'finished' | 'quarantined'; detail: string | null };

export interface TableDetail {
  summary: TableSummary;
  /** The world as of `viewRevision` (strategy worlds only). */
  view: WorldView | null;
  viewRevision: number;
  feed: FeedItem[];
}

/** A finished table's log as the page verifies it. */
export interface FinishedLog {
  tableId: string;
  /** The commitment published when the table opened (from its `opened` event). */
  commitment: string;
  /** `GameLog.toArray()`: the seed, the options and every move, each with its entry (`seq`) and the state hash recorded with it. */
  log: unknown;
  /**
   * What the log service stored of the table's entries (their tree, its signed checkpoint):
   * a log — this one or a visitor's file — is checked move by move against it. Null for a
   * table whose entries the log service did not keep a tree of.
   */
  record: LogRecordV1 | null;
}

/**
 * A move as the live feed tells it: where the table stands after it, never who made it, what
 * it was or the state's hash (the public move event's fields, libs/contracts
 * `PublicMoveEventV1`, of a table in play).
 */
export type PublicMove = Pick<MoveEventV1, 'tableId' | 'kind' | 'seq' | 'revision' | 'number' | 'recordedAt' | 'nextDueAt'>;

/** What `/api/live` sends: `event: <kind>`, `data: <JSON>`. */
export type LiveEvent =
  | { kind: 'tables'; tables: TableSummary[] }
  | { kind: 'move'; tableId: string; move: PublicMove; feed: FeedItem | null }
  | { kind: 'view'; tableId: string; revision: number; view: WorldView; feed: FeedItem[] }
  | { kind: 'table'; summary: TableSummary; feed: FeedItem };

/** An API error body: one plain sentence. */
export interface ApiError {
  error: string;
}

/** The wall time (epoch ms) at which a table's game time reaches `game` (its clock's inverse). */
export function wallTimeAt(clock: GameClock, game: number): number {
  return clock.openedAt + (game - clock.gameStart) / clock.speed;
}
