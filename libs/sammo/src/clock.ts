import type { GameTime, Json } from '@chronicle/engine';
import { nextDueTime } from './turn/next-due';
import type { World } from './world/types';

const MINUTE = 60_000;

/**
 * The strategy game's time: an `advance { until, budget }` move of the table seat runs the
 * legacy's turn loop up to `until` (at most `budget` general turns); the world is next due at
 * its earliest general turn, month boundary, tournament step or auction close. An operator's
 * changeTurnTerm sets the turn length a clock coalescing ticks to one a month follows.
 */
export const sammoClock: GameTime<World> = {
  advance: (until, budget) => ({ type: 'advance', until, budget }),
  nextDueTime: (state) => nextDueTime(state.data),
  workDone: (state) => state.data.env.generalTurns,
  turnLengthSetBy: (payload) => turnLengthSetBy(payload),
};

/** A recorded move was legal, so a changeTurnTerm's term is one of the game's. */
function turnLengthSetBy(payload: Json): number | undefined {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload) || payload.type !== 'changeTurnTerm') return undefined;
  return typeof payload.turnterm === 'number' ? payload.turnterm * MINUTE : undefined;
}
