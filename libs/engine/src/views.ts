import { isContributionMove } from './contributions';
import { InvalidGame } from './errors';
import type { Game, LoggedMove } from './game';
import { stateToArray, type GameState, type Outcome, type TurnOrder } from './game-state';
import { copyJson, type Json } from './json';

/**
 * Who looks at a table: a seat id, or `null` for the public — anyone who proves no seat (an
 * outside subscriber, a web page). Not to be confused with a move's `null` seat, the table
 * itself: the table never views, the services that hold the log read it whole.
 */
export type Viewer = string | null;

/** The public, as a viewer. */
export const PUBLIC = null;

/**
 * What a game lets each viewer see while a table is in play (boardgame.io's `playerView` and
 * log `redact`, as pure functions of the state). Views are part of the rules: a table is
 * shown by the views of its rules version, and changing what a viewer sees is a rule change
 * (bump the game's `version`). They never apply to a finished table, which is wholly public.
 *
 * Each function reads the state and returns fresh plain values: it must not change the state
 * nor hand out any object of it (a consumer may change what it got). A view should read only
 * what it shows, so that one seat's view costs far less than the whole state's `writeData`.
 * A state view is best a projection of the written data (`writeData`'s shape, hidden fields
 * left out, the viewer's own additions beside): a reader of full states (a page) then reads a
 * view with the same code, taking an absent field as unknown.
 */
export interface Views<G> {
  /**
   * The game data as `seat` may see it. `since`, when given, is the revision of the last view
   * the viewer holds: the game may leave out of what only grows (log lines, history) what was
   * there at that revision, so that a seat following a table fetches only what is new.
   */
  seat(state: Readonly<GameState<G>>, seat: string, since?: number): Json;
  /** The game data as anyone may see it; `since` as for `seat`. */
  public(state: Readonly<GameState<G>>, since?: number): Json;
  /**
   * What `viewer` (a seat, the mover included, or `PUBLIC`) may learn of `move`, read from
   * the state right after it (`after.revision === move.number`). The state before a move is
   * gone (moves apply in place), so a game that tells what a move changed records it in its
   * state with the move's number (e.g. the lines a move wrote, tagged with its revision).
   */
  move(after: Readonly<GameState<G>>, move: LoggedMove, viewer: Viewer): Json;
}

/**
 * `full`: everything (a finished table, or a game that declares no views); `public`: what
 * anyone may see; `seat`: what the seat named in `seat` may see.
 */
export type Visibility = 'full' | 'public' | 'seat';

/**
 * A state as a viewer sees it: the table's frame (revision, phase, turn, order, outcome are
 * public in every game) and `data`, the game's view of its data. With `visibility: 'full'`
 * it is exactly `stateToArray` of the state, so a full view reads back with `stateFromArray`.
 */
export interface StateView {
  readonly visibility: Visibility;
  /** The seat whose view this is, for `visibility: 'seat'`. */
  readonly seat?: string;
  readonly tableId: string;
  readonly revision: number;
  readonly phase: string;
  readonly turn: number;
  readonly order: TurnOrder;
  readonly outcome: Outcome | null;
  readonly data: Json;
}

/**
 * A move as a viewer sees it: in full (`seat`, `payload`, `random`, as the log keeps it), or
 * `told`, what the game lets the viewer learn of it.
 */
export type MoveView =
  | { readonly visibility: 'full'; readonly number: number; readonly seat: string | null; readonly payload: Json; readonly random: boolean }
  | { readonly visibility: 'public' | 'seat'; readonly number: number; readonly seat?: string; readonly told: Json };

/** The part of a game that views need: its views and how it writes its data. */
export type ViewedGame<G> = Pick<Game<G, unknown, unknown>, 'views' | 'readData' | 'writeData'>;

/** Whether the game's views apply to this state: the game declares views and the table is in play. */
export function isHidden<G>(game: ViewedGame<G>, state: Readonly<GameState<G>>): boolean {
  return game.views !== undefined && state.outcome === null;
}

/**
 * The state as `viewer` may see it: the game's view while the table is in play (`since` passed
 * on to it), else all of it.
 */
export function viewState<G>(game: ViewedGame<G>, state: Readonly<GameState<G>>, viewer: Viewer, since?: number): StateView {
  const views = game.views;
  if (!views || state.outcome !== null) {
    const whole = stateToArray(game, state);
    // Without writeData the data is the state's own object: a consumer must not reach it.
    return { visibility: 'full', ...(game.writeData ? whole : copyJson(whole)) } as unknown as StateView;
  }
  const frame = {
    tableId: state.tableId,
    revision: state.revision,
    phase: state.phase,
    turn: state.turn,
    order: { seats: [...state.order.seats], acting: state.order.acting, pending: [...state.order.pending] },
    outcome: null,
  };
  return viewer === null
    ? { visibility: 'public', ...frame, data: views.public(state, since) }
    : { visibility: 'seat', seat: viewer, ...frame, data: views.seat(state, viewer, since) };
}

/**
 * What `viewer` may learn of `move`, given the state right after it: the game's move view
 * while the table is in play after the move, else the move in full (the move that ends a
 * table is public with the rest of its log).
 */
export function viewMove<G>(game: ViewedGame<G>, after: Readonly<GameState<G>>, move: LoggedMove, viewer: Viewer): MoveView {
  const views = game.views;
  if (after.revision !== move.number) {
    throw new InvalidGame(`move ${move.number} is viewed from the state right after it, not from a state at revision ${after.revision}`);
  }
  // A contribution to the randomness hides nothing (a hash, then the value once every commit is in).
  if (!views || after.outcome !== null || isContributionMove(after.entropy, move)) {
    return { visibility: 'full', number: move.number, seat: move.seat, payload: copyJson(move.payload), random: move.random };
  }
  const told = views.move(after, move, viewer);
  return viewer === null
    ? { visibility: 'public', number: move.number, told }
    : { visibility: 'seat', number: move.number, seat: viewer, told };
}
