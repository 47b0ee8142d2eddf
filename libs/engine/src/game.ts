import type { Json } from './json';
import type { RandomSource } from './random-source';
import type { Randomness, StreamDerivation } from './randomness';
import type { GameState, Outcome, TurnOrder } from './game-state';
import type { Views } from './views';

/** Who acts: a seat id, or `null` for the table itself (the operator, the clock). */
export type Seat = string | null;

/** What a game's setup returns: the state before the first move. */
export interface InitialState<G> {
  phase: string;
  turn: number;
  order: TurnOrder;
  data: G;
  outcome?: Outcome | null;
}

export interface SetupContext<S> {
  readonly tableId: string;
  readonly seats: readonly string[];
  readonly options: Readonly<Record<string, Json>>;
  readonly random: Randomness<S>;
}

/**
 * A game definition: pure rules, no I/O, no clock. `G` is the game's data, `P` a checked
 * move, `S` the kind of labelled stream the game draws from.
 *
 * State ownership: `apply` mutates the state it is given, in place. The engine calls it
 * only after `check` accepted the move, and `check` must not change anything, so a refused
 * move leaves the state as it was without any copy. A game whose `apply` throws has a bug:
 * the engine reports it as `InvalidGame` and the caller must rebuild the state from the log.
 */
export interface Game<G, P = Json, S = RandomSource> {
  /** Stable name of the game, recorded in every log. */
  readonly id: string;
  /** Rules version, recorded in every log; bump it whenever a log could replay differently. */
  readonly version: string;
  /** Labelled-stream derivation; the engine's xoshiro streams when absent. */
  readonly streams?: StreamDerivation<S>;

  setup(context: SetupContext<S>): InitialState<G>;

  /**
   * Prepares the state a later chapter of a world starts from (the previous chapter's final
   * state, already checked, its outcome cleared): e.g. sets where this chapter ends. Called
   * instead of `setup` for such a chapter; a game without it cannot be played in chapters.
   */
  continueChapter?(state: GameState<G>, context: SetupContext<S>): void;

  /** Reads and checks a move for `seat`; throws `IllegalMove` with a reason, changes nothing. */
  check(state: Readonly<GameState<G>>, seat: Seat, payload: Json): P;

  /** Plays a checked move on the state, drawing only from `random`. */
  apply(state: GameState<G>, seat: Seat, move: P, random: Randomness<S>): void;

  /** Whether moves may be taken back (besides the engine's own rules); `false` when absent. */
  undoable?: boolean | ((state: Readonly<GameState<G>>, move: LoggedMove) => boolean);

  /**
   * What each viewer may see while the table is in play (see `views.ts`); a game without
   * views is wholly public.
   */
  readonly views?: Views<G>;

  /**
   * For a game whose time passes by itself (moves of the table seat, driven by a clock): the
   * move that advances it and when it next has work. Absent, the game moves only when players
   * act, and a tick for it changes nothing.
   */
  readonly clock?: GameTime<G>;

  /** Plain values for the game data; identity when absent (the data must then be JSON). */
  writeData?(data: G): Json;
  /** Reads the game data back, throwing `InvalidGame` for anything out of shape. */
  readData(value: Json): G;
}

/**
 * A game's own time keeping, asked by the services that drive it (a scheduler ticks a table
 * at its next due time, an executor plays the advance move up to "now"). Game time is epoch
 * milliseconds of the game's calendar; the table's `options.clock` maps it to wall time.
 */
export interface GameTime<G> {
  /** The move (of the table seat, `null`) that runs everything due up to game time `until`, at most `budget` units of work. */
  advance(until: number, budget: number): Json;
  /** Game time of the next work, or null when nothing will ever be due (the game is over or frozen). */
  nextDueTime(state: Readonly<GameState<G>>): number | null;
  /** Units of work done since the table opened (for the strategy game, general turns): what a budget counts. */
  workDone(state: Readonly<GameState<G>>): number;
  /**
   * The turn length (game ms) a recorded move sets, for a move that changes it (the strategy
   * game's changeTurnTerm), else undefined. A clock that coalesces ticks to one a turn
   * (`minTickInterval` > 0) follows it from that move on, so the tick pace stays a turn.
   */
  turnLengthSetBy?(payload: Json): number | undefined;
}

/** The part of a game that reads and writes its data (all a snapshot needs). */
export type GameData<G> = Pick<Game<G, unknown, unknown>, 'readData' | 'writeData'>;

/** A move as the log keeps it. */
export interface LoggedMove {
  /** 1 for the first move of the table. */
  readonly number: number;
  readonly seat: Seat;
  readonly payload: Json;
  /** Whether playing it drew randomness; replay checks that it still does (or still does not). */
  readonly random: boolean;
}

/** Any game, for code that only passes games along. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any>;
