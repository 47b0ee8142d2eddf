import type { GameTime } from '@chronicle/engine';
import { nextDueTime } from './turn/next-due';
import type { World } from './world/types';

/**
 * The strategy game's time: an `advance { until, budget }` move of the table seat runs the
 * legacy's turn loop up to `until` (at most `budget` general turns); the world is next due at
 * its earliest general turn, month boundary, tournament step or auction close.
 */
export const sammoClock: GameTime<World> = {
  advance: (until, budget) => ({ type: 'advance', until, budget }),
  nextDueTime: (state) => nextDueTime(state.data),
  workDone: (state) => state.data.env.generalTurns,
};
