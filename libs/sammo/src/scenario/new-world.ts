import { cutTurn } from '../world/clock';
import type { GameEnv, World } from '../world/types';
import { phpRound } from '../world/php-math';

export interface EnvSeed {
  scenarioId: number;
  title: string;
  startyear: number;
  fiction: number;
  turnterm: number;
  start: number;
  maxgeneral: number;
  autorunLimitMinutes: number;
}

/** A world with its clock set and nothing in it yet. */
export function emptyWorld(seed: EnvSeed): World {
  const starttime = cutTurn(seed.start, seed.turnterm);
  const env: GameEnv = {
    scenarioId: seed.scenarioId,
    title: seed.title,
    startyear: seed.startyear,
    year: seed.startyear,
    month: 1,
    turnterm: seed.turnterm,
    turntime: starttime,
    starttime,
    killturn: Math.trunc(4800 / seed.turnterm),
    develcost: 10 * 2,
    isunited: 0,
    fiction: seed.fiction,
    npcmode: 0,
    maxgeneral: seed.maxgeneral,
    cityRate: 60,
    conlimit: phpRound(seed.turnterm ** 0.6 * 3) * 10,
    autorunLimitMinutes: seed.autorunLimitMinutes,
    joinMode: 'full',
    statistic: null,
    generalTurns: 0,
    nextGeneralId: 1,
    nextNationId: 1,
    nextLetterId: 1,
  };
  return { env, nations: new Map(), cities: [undefined as never], generals: new Map(), diplomacy: new Map(), logs: [], history: [], letters: [], scoutLetters: [], troops: new Map() };
}

/**
 * A stable offset inside the first turn window, in ms, for the scenario worlds and new
 * players: legacy `getRandTurn`'s second, but its fraction drawn in ms (legacy draws µs), as
 * the worlds already played were drawn. Generals the rules create use {@link legacyRandomTurnTime}.
 */
export function randomTurnTime(base: number, turnterm: number, rng: { nextRangeInt(a: number, b: number): number }): number {
  return base + rng.nextRangeInt(0, 60 * turnterm - 1) * 1000 + rng.nextRangeInt(0, 999);
}

/**
 * Legacy `getRandTurn` draw for draw: a second of the turn window, then a fraction in µs;
 * legacy adds them as one float and splits it again (`secondsToDateInterval`), which can lose
 * the last µs, and the world keeps the result to the ms.
 */
export function legacyRandomTurnTime(base: number, turnterm: number, rng: { nextRangeInt(a: number, b: number): number }): number {
  const seconds = rng.nextRangeInt(0, 60 * turnterm - 1) + rng.nextRangeInt(0, 999_999) / 1_000_000;
  const whole = Math.floor(seconds);
  const micro = Math.trunc((seconds - whole) * 1_000_000);
  return base + whole * 1000 + Math.floor(micro / 1000);
}
