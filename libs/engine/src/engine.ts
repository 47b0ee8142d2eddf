import { openingState, readChapter } from './chapters';
import { checkDocumentsAttached } from './documents';
import {
  applyContribution, drawSeed, isContributed, isContributionMove, isContributionPayload, openEntropy, waitingFor,
} from './contributions';
import { ConcurrentMove, GameOver, IllegalMove, InvalidGame } from './errors';
import type { Game, LoggedMove, Seat } from './game';
import type { GameHeader } from './game-log';
import { GameLog } from './game-log';
import type { GameState } from './game-state';
import { asPayload, type Json } from './json';
import { Randomness, tableSeed, xoshiroStreams, type StreamDerivation, type TableSeed } from './randomness';
import { matchesCommitment } from './seed';
import { Snapshot } from './snapshot';

export interface Step<G> {
  /** The move to append to the log, with its randomness flag. */
  readonly move: LoggedMove;
  /** The state after it: the same object that was passed in, now one move further. */
  readonly state: GameState<G>;
}

/** A table as undo sees it: its log and its current state. */
export interface Table<G> {
  readonly log: GameLog;
  readonly state: GameState<G>;
}

/** Where a resumed state came from, and why a cached snapshot was not used. */
export interface Resumed<G> {
  readonly state: GameState<G>;
  readonly from: 'snapshot' | 'replay';
  readonly rejected?: InvalidGame;
}

/**
 * The rules of the log (`game-log-and-replay`): setup, advance, step, replay, verify, undo.
 *
 * Ownership: `advance` and `step` take the state they are given and return it advanced, in
 * place; keep a {@link Snapshot} if you need the state as it was. They copy nothing, so a
 * replay allocates only what the game's own moves allocate.
 */
export class Engine {
  /**
   * The state before the first move of the table described by `header`: the game's setup,
   * or for a later chapter of a world the previous chapter's final state (see `chapters`).
   */
  setup<G, P, S>(game: Game<G, P, S>, header: GameHeader): GameState<G> {
    checkGame(game, header);
    const random = new Randomness<S>(tableSeed(header.seed), 0, streamsOf(game));
    const state = this.opening(game, header, random);
    if (isContributed(header.options)) {
      // The setup runs before any contribution, so what it drew would be the operator's seed's alone.
      if (random.drew) {
        throw new InvalidGame(
          `table ${header.tableId} opens with contributed randomness, so its setup cannot draw (${game.id} draws there): `
          + 'open it without options.randomness, or draw at the first move',
        );
      }
      state.entropy = openEntropy(header.tableId, header.seats);
    } else {
      // A later chapter starts from the previous one's state, contributions included: they were that table's.
      delete state.entropy;
    }
    return state;
  }

  private opening<G, P, S>(game: Game<G, P, S>, header: GameHeader, random: Randomness<S>): GameState<G> {
    const chapter = readChapter(header.options);
    if (chapter?.previous) {
      if (!game.continueChapter) throw new InvalidGame(`${game.id} cannot be played in chapters, but table ${header.tableId} is chapter ${chapter.number}`);
      const state = openingState(game, header, chapter);
      game.continueChapter(state, { tableId: header.tableId, seats: header.seats, options: header.options, random });
      return state;
    }
    checkDocumentsAttached(header.tableId, header.options);
    const initial = game.setup({ tableId: header.tableId, seats: header.seats, options: header.options, random });
    return {
      tableId: header.tableId,
      revision: 0,
      phase: initial.phase,
      turn: initial.turn,
      order: initial.order,
      data: initial.data,
      outcome: initial.outcome ?? null,
    };
  }

  /**
   * Applies the moves that follow `state`, each with the randomness of its place. Refuses
   * with `InvalidGame` a state of another table, a move that does not follow, a move beyond
   * the header, a move that no longer applies, and a move whose randomness flag differs.
   */
  advance<G, P, S>(game: Game<G, P, S>, header: GameHeader, state: GameState<G>, moves: Iterable<LoggedMove>): GameState<G> {
    checkGame(game, header);
    if (state.tableId !== header.tableId) {
      throw new InvalidGame(`a state of table ${state.tableId} cannot advance table ${header.tableId}`);
    }
    const streams = streamsOf(game);
    // The seed the draws come from: the table's, or (contributed) the combined one, hashed
    // again only after a contribution changed it.
    let drawing: TableSeed | undefined = state.entropy ? undefined : tableSeed(header.seed);
    for (const move of moves) {
      if (move.number !== state.revision + 1) {
        throw new InvalidGame(`move ${move.number} does not follow the state at revision ${state.revision}`);
      }
      if (move.number > header.moves) {
        throw new InvalidGame(`move ${move.number} is beyond the header, which has ${header.moves} moves`);
      }
      if (state.entropy) {
        if (isContributionPayload(move.payload)) {
          replayContribution(header, state, move);
          drawing = undefined;
          continue;
        }
        const waiting = waitingFor(header.tableId, state.entropy);
        if (waiting) throw new InvalidGame(`move ${move.number} no longer applies: ${waiting}`);
      }
      drawing ??= drawSeed(header.seed, state.entropy);
      replayMove(game, drawing, streams, state, move);
    }
    return state;
  }

  /**
   * Plays one more move on the state after every move of the header. A refused move
   * (`IllegalMove`) leaves the state untouched.
   */
  step<G, P, S>(game: Game<G, P, S>, header: GameHeader, state: GameState<G>, seat: Seat, payload: Json): Step<G> {
    checkGame(game, header);
    if (state.tableId !== header.tableId) {
      throw new InvalidGame(`a state of table ${state.tableId} cannot step table ${header.tableId}`);
    }
    if (state.revision !== header.moves) {
      throw new ConcurrentMove(
        `the state is at revision ${state.revision} but table ${header.tableId} has ${header.moves} moves: reload and retry`,
      );
    }
    if (state.outcome) throw new IllegalMove(`table ${header.tableId} is over (${state.outcome.result}): no more moves`);
    if (header.moves >= GameLog.MAX_MOVES) {
      throw new IllegalMove(`table ${header.tableId} is full: a log holds at most ${GameLog.MAX_MOVES} moves`);
    }
    // The frozen copy is what is checked, played and logged (append takes it without a second pass).
    const taken = asPayload(payload);
    const number = state.revision + 1;
    if (state.entropy) {
      if (isContributionPayload(taken)) {
        applyContribution(header.tableId, state.entropy, seat, taken);
        state.revision = number;
        return { move: { number, seat, payload: taken, random: false }, state };
      }
      const waiting = waitingFor(header.tableId, state.entropy);
      if (waiting) throw new IllegalMove(waiting);
    }
    const checked = game.check(state, seat, taken);
    const random = new Randomness<S>(drawSeed(header.seed, state.entropy), number, streamsOf(game));
    applyChecked(game, state, seat, checked, random, number);
    return { move: { number, seat, payload: taken, random: random.drew }, state };
  }

  /** The state after every move of the log, rebuilt from the seed. */
  replay<G, P, S>(game: Game<G, P, S>, log: GameLog): GameState<G> {
    const header = log.header();
    return this.advance(game, header, this.setup(game, header), log.moves);
  }

  /**
   * Checks a finished log against the commitment shown at the opening (in constant time),
   * then replays it. Refuses with `InvalidGame` another seed and a log that does not replay.
   */
  verify<G, P, S>(game: Game<G, P, S>, log: GameLog, commitment: string): GameState<G> {
    if (!matchesCommitment(log.seed, commitment)) {
      throw new InvalidGame(`the seed of table ${log.tableId} is not the one committed to at the opening`);
    }
    return this.replay(game, log);
  }

  /**
   * Takes the last move back (see {@link checkUndo} for when it may) and returns the table
   * as the log without that move replays.
   */
  undo<G, P, S>(game: Game<G, P, S>, table: Table<G>, seat: Seat): Table<G> {
    this.checkUndo(game, table.state, table.log.lastMove, seat);
    const log = table.log.withoutLast();
    return { log, state: this.replay(game, log) };
  }

  /**
   * The undo rules for a caller holding only the state and the last move: the game is not
   * over, the definition allows it, the move drew no randomness, and it is the seat's own
   * move (the table, a null seat, may take back any such move).
   */
  checkUndo<G, P, S>(game: Game<G, P, S>, state: Readonly<GameState<G>>, lastMove: LoggedMove | undefined, seat: Seat): void {
    if (state.outcome) throw new GameOver(`table ${state.tableId} is over (${state.outcome.result}): no move can be taken back`);
    if (!lastMove) throw new IllegalMove(`table ${state.tableId} has no move to take back`);
    if (lastMove.number !== state.revision) {
      throw new ConcurrentMove(`move ${lastMove.number} is not the last move of the state at revision ${state.revision}`);
    }
    if (isContributionMove(state.entropy, lastMove)) {
      throw new IllegalMove(`move ${lastMove.number} is a contribution to the table's randomness: it cannot be taken back`);
    }
    const allowed = typeof game.undoable === 'function' ? game.undoable(state, lastMove) : game.undoable === true;
    if (!allowed) throw new IllegalMove(`${game.id} does not allow taking back move ${lastMove.number}`);
    if (lastMove.random) {
      throw new IllegalMove(`move ${lastMove.number} drew randomness: what it revealed cannot be hidden again`);
    }
    if (seat !== null && seat !== lastMove.seat) {
      throw new IllegalMove(`seat ${seat} cannot take back move ${lastMove.number}, made by ${lastMove.seat ?? 'the table'}`);
    }
  }

  /**
   * The table's current state from a cached snapshot when it is valid (same table, same
   * commitment, a revision the log has), else by replay; either way brought up to the log's end.
   */
  resume<G, P, S>(game: Game<G, P, S>, log: GameLog, cached: unknown): Resumed<G> {
    const header = log.header();
    if (cached !== undefined && cached !== null) {
      try {
        const snapshot = Snapshot.fromArray(cached, { tableId: log.tableId, commitment: log.commitment(), maxRevision: log.revision });
        const state = snapshot.restore(game);
        return { state: this.advance(game, header, state, log.moves.slice(state.revision)), from: 'snapshot' };
      } catch (error) {
        if (!(error instanceof InvalidGame)) throw error;
        return { state: this.replay(game, log), from: 'replay', rejected: error };
      }
    }
    return { state: this.replay(game, log), from: 'replay' };
  }
}

/** The engine; it holds nothing, so one instance serves every table. */
export const engine = new Engine();

function checkGame(game: Pick<Game<unknown, unknown, unknown>, 'id' | 'version'>, header: GameHeader): void {
  if (header.gameId !== game.id) throw new InvalidGame(`table ${header.tableId} is a game of ${header.gameId}, not ${game.id}`);
  if (header.rulesVersion !== game.version) {
    throw new InvalidGame(
      `table ${header.tableId} was played under ${game.id} rules ${header.rulesVersion}; these rules are ${game.version}`,
    );
  }
}

function streamsOf<S>(game: Pick<Game<unknown, unknown, S>, 'streams'>): StreamDerivation<S> {
  return game.streams ?? (xoshiroStreams as unknown as StreamDerivation<S>);
}

function replayContribution<G>(header: GameHeader, state: GameState<G>, move: LoggedMove): void {
  if (state.outcome) throw new InvalidGame(`move ${move.number} comes after the end of the game`);
  if (move.random) throw new InvalidGame(`move ${move.number} is a contribution to the table's randomness, which draws nothing, but the log says it drew`);
  try {
    applyContribution(header.tableId, state.entropy!, move.seat, move.payload);
  } catch (error) {
    if (error instanceof IllegalMove) throw new InvalidGame(`move ${move.number} no longer applies: ${error.message}`, { cause: error });
    throw error;
  }
  state.revision = move.number;
}

function replayMove<G, P, S>(game: Game<G, P, S>, seed: TableSeed, streams: StreamDerivation<S>, state: GameState<G>, move: LoggedMove): void {
  if (state.outcome) throw new InvalidGame(`move ${move.number} comes after the end of the game`);
  let checked: P;
  try {
    checked = game.check(state, move.seat, move.payload);
  } catch (error) {
    if (error instanceof IllegalMove) {
      throw new InvalidGame(`move ${move.number} no longer applies: ${error.message}`, { cause: error });
    }
    throw error;
  }
  const random = new Randomness<S>(seed, move.number, streams);
  applyChecked(game, state, move.seat, checked, random, move.number);
  if (random.drew !== move.random) {
    throw new InvalidGame(
      move.random
        ? `move ${move.number} drew randomness when it was played but not now: the game is not pure, or its rules changed without a new version`
        : `move ${move.number} drew no randomness when it was played but does now: the game is not pure, or its rules changed without a new version`,
    );
  }
}

function applyChecked<G, P, S>(game: Game<G, P, S>, state: GameState<G>, seat: Seat, move: P, random: Randomness<S>, number: number): void {
  try {
    game.apply(state, seat, move, random);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidGame(
      `${game.id} failed while applying checked move ${number} (${reason}); the state may be half-changed: rebuild it from the log`,
      { cause: error },
    );
  }
  state.revision = number;
}
