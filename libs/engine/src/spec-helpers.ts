/* eslint-disable @typescript-eslint/no-explicit-any -- helpers take games of any move type */
import type { AnyGame, Game, LoggedMove } from './game';
import { GameLog } from './game-log';
import type { GameState } from './game-state';
import { engine } from './engine';
import type { Json } from './json';

/** A fresh log for `game` with a fixed or new seed. */
export function openLog(game: Pick<AnyGame, 'id' | 'version'>, seats: string[], options: Record<string, Json> = {}, seed?: string): GameLog {
  return GameLog.open({ tableId: 'table-1', gameId: game.id, rulesVersion: game.version, seats, options, ...(seed ? { seed } : {}) });
}

/** Plays `moves` (seat, payload) through `step`, appending each to the log; returns the live state. */
export function play<G>(game: Game<G, any, any>, log: GameLog, moves: Array<[string | null, Json]>): GameState<G> {
  const state = engine.replay(game, log);
  for (const [seat, payload] of moves) {
    const step = engine.step(game, log.header(), state, seat, payload);
    log.append(step.move);
  }
  return state;
}

/** Rolls for whoever is to act until the race ends or `limit` moves were made. */
export function race<G extends object>(game: Game<G, any, any>, log: GameLog, limit = Infinity): GameState<G> {
  const state = engine.replay(game, log);
  while (!state.outcome && log.revision < limit) {
    log.append(engine.step(game, log.header(), state, state.order.acting, { type: 'roll' }).move);
  }
  return state;
}

export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function withMoves(log: GameLog, edit: (moves: LoggedMove[]) => void): GameLog {
  const array = clone(log.toArray()) as unknown as { moves: LoggedMove[] };
  edit(array.moves);
  return GameLog.fromArray(array);
}

/**
 * A property's fast-check run count: `runs` as written, scaled by PROPERTY_RUNS_SCALE when
 * set. `npm run mutation` sets it, because there the suite runs once per mutant and a tenth
 * of the runs still meets every kind of input the generators make.
 */
export function propertyRuns(runs: number): number {
  const scale = Number(process.env['PROPERTY_RUNS_SCALE'] ?? '1');
  return Math.max(10, Math.round(runs * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
}
