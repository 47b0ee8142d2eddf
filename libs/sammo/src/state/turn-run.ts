import type { Label } from '@chronicle/engine';
import type { RandUtil } from '../rng/rand-util';
import { nextTurnWindow } from '../world/clock';
import type { World } from '../world/types';

/** Where a run's labelled streams come from: the engine's `Randomness` in a move. */
export interface StreamSource {
  stream(...labels: Label[]): RandUtil;
}

/**
 * One advance in progress: the world, its streams, what is left of the work budget
 * (general turns), and an optional trace of the steps for tests.
 */
export interface TurnRun {
  readonly world: World;
  readonly random: StreamSource;
  /** General turns this advance may still execute. */
  budget: number;
  /** General turns executed so far. */
  executed: number;
  /** Monthly pipelines run so far. */
  months: number;
  /**
   * The opening of the turn window after the one being run: a general the rules create takes
   * its first turn in it. Legacy draws the same offset from the window being run
   * (`game_env.turntime`), which leaves the general a window behind, run first in each
   * month's batch; a window later it runs at its offset, and an advance split into several
   * moves (or stopped by its budget) stays the same.
   */
  clock: number;
  readonly trace?: (step: string, subject: number) => void;
}

export function newRun(world: World, random: StreamSource, budget = Number.MAX_SAFE_INTEGER, trace?: TurnRun['trace']): TurnRun {
  return { world, random, budget, executed: 0, months: 0, clock: nextTurnWindow(world.env.turntime, world.env.turnterm), trace };
}
