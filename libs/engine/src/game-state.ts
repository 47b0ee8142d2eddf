import { readEntropy, writeEntropy, type Entropy } from './contributions';
import { InvalidGame } from './errors';
import type { GameData } from './game';
import {
  asArray, asInteger, asJson, asNullableString, asObject, asString, asStringArray,
  type Json, type JsonObject,
} from './json';

/** Initiative: the seats in play order, the one to act, and the ones still expected to act. */
export interface TurnOrder {
  seats: string[];
  acting: string | null;
  pending: string[];
}

/** How a game ended. */
export interface Outcome {
  /** Seats (or game-defined ids) that won; empty for a draw. */
  winners: string[];
  /** A short phrase for people: "X reached 30", "board full". */
  result: string;
  /**
   * Set when the table ends a chapter of a longer world rather than the game: the world
   * goes on in a next chapter that starts from this state (see `chapters`).
   */
  continues?: true;
}

/**
 * The state of a table after its log's moves: a cache, never the truth. The engine mutates
 * it in place move after move; whoever holds it owns it (see `Game` for the rules).
 */
export interface GameState<G> {
  readonly tableId: string;
  /** How many moves of the log this state includes. */
  revision: number;
  phase: string;
  turn: number;
  order: TurnOrder;
  data: G;
  outcome: Outcome | null;
  /**
   * Where the contributions to a table opened with contributed randomness stand (the engine's,
   * not the game's); absent on every other table, so their states hash as they always did.
   */
  entropy?: Entropy;
}

export function stateToArray<G>(game: GameData<G>, state: Readonly<GameState<G>>): JsonObject {
  return {
    tableId: state.tableId,
    revision: state.revision,
    phase: state.phase,
    turn: state.turn,
    order: { seats: [...state.order.seats], acting: state.order.acting, pending: [...state.order.pending] },
    data: game.writeData ? game.writeData(state.data) : (state.data as Json),
    outcome: state.outcome ? writeOutcome(state.outcome) : null,
    ...(state.entropy ? { entropy: writeEntropy(state.entropy) } : {}),
  };
}

/** Reads a state back from plain values, checking every field and the turn order. */
export function stateFromArray<G>(game: GameData<G>, value: unknown): GameState<G> {
  const o = asObject(value, 'state');
  const order = readTurnOrder(o.order);
  const outcome = o.outcome === null ? null : readOutcome(o.outcome);
  const data = game.readData(asJson(o.data, 'state.data'));
  return {
    tableId: asString(o.tableId, 'state.tableId'),
    revision: asInteger(o.revision, 'state.revision', 0),
    phase: asString(o.phase, 'state.phase'),
    turn: asInteger(o.turn, 'state.turn', 0),
    order,
    data,
    outcome,
    ...(o.entropy === undefined ? {} : { entropy: readEntropy(o.entropy) }),
  };
}

export function readTurnOrder(value: unknown): TurnOrder {
  const o = asObject(value, 'state.order');
  const seats = asStringArray(o.seats, 'state.order.seats');
  if (new Set(seats).size !== seats.length) throw new InvalidGame('state.order.seats lists a seat twice');
  const acting = asNullableString(o.acting, 'state.order.acting');
  const pending = asStringArray(o.pending, 'state.order.pending');
  if (acting !== null && !seats.includes(acting)) {
    throw new InvalidGame(`state.order.acting "${acting}" is not in the turn order`);
  }
  for (const seat of pending) {
    if (!seats.includes(seat)) throw new InvalidGame(`state.order.pending seat "${seat}" is not in the turn order`);
  }
  return { seats, acting, pending };
}

function readOutcome(value: unknown): Outcome {
  const o = asObject(value, 'state.outcome');
  return {
    winners: asArray(o.winners, 'state.outcome.winners').map((w, i) => asString(w, `state.outcome.winners[${i}]`)),
    result: asString(o.result, 'state.outcome.result'),
    // Absent rather than false, so that a game's outcome hashes as it did before chapters.
    ...(o.continues === undefined ? {} : { continues: asTrue(o.continues, 'state.outcome.continues') }),
  };
}

function writeOutcome(outcome: Outcome): JsonObject {
  return { winners: [...outcome.winners], result: outcome.result, ...(outcome.continues ? { continues: true } : {}) };
}

function asTrue(value: unknown, path: string): true {
  if (value !== true) throw new InvalidGame(`${path} must be true when present`);
  return true;
}
