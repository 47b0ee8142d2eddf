import type { GameState, Json } from '@chronicle/engine';
import { nextDueTime, type World } from '@chronicle/sammo';

/**
 * What a turn executor needs to know of a game whose time passes by itself (moves of the
 * table seat, driven by ticks): the move that advances it, and when it next has work.
 * Games without an entry here move only when players act; a tick for them changes nothing.
 */
export interface TimedGame {
  /** The move that runs everything due up to game time `until`, at most `budget` units of work. */
  advance(until: number, budget: number): Json;
  /** Game time (epoch ms) of the next work, or null when nothing will ever be due (the game is over or frozen). */
  nextDueTime(state: Readonly<GameState<unknown>>): number | null;
  /** Units of work done since the table opened (for the strategy game, general turns). */
  workDone(state: Readonly<GameState<unknown>>): number;
}

const strategyGame: TimedGame = {
  advance: (until, budget) => ({ type: 'advance', until, budget }),
  nextDueTime: (state) => nextDueTime(state.data as World),
  workDone: (state) => (state.data as World).env.generalTurns,
};

const timed: Readonly<Record<string, TimedGame>> = { sammo: strategyGame };

/** The game's time keeping, or undefined for a game that moves only when players act. */
export function timedGame(gameId: string): TimedGame | undefined {
  return Object.prototype.hasOwnProperty.call(timed, gameId) ? timed[gameId] : undefined;
}
