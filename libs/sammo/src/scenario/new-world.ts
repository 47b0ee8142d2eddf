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
