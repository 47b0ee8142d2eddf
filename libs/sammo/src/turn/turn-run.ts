import type { Label } from '@chronicle/engine';
import type { RandUtil } from '../rng/rand-util';
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
  readonly trace?: (step: string, subject: number) => void;
}

export function newRun(world: World, random: StreamSource, budget = Number.MAX_SAFE_INTEGER, trace?: TurnRun['trace']): TurnRun {
  return { world, random, budget, executed: 0, months: 0, trace };
}
