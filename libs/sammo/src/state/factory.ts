import { GameConst, REST_KEY } from '../world/constants';
import { dedLevelOf, expLevelOf } from '../stats/levels';
import { lowestChiefLevel, restQueue } from '../world/queries';
import type { City, General, Nation, NationAux } from '../world/types';

export interface GeneralSeed {
  id: number;
  name: string;
  npc: number;
  nation: number;
  city: number;
  officerLevel: number;
  leadership: number;
  strength: number;
  intel: number;
  bornyear: number;
  deadyear: number;
  year: number;
  affinity: number;
  turntime: number;
  killturn: number;
  personal?: string | null;
  special?: string | null;
  special2?: string | null;
  specage?: number;
  specage2?: number;
  owner?: string | null;
  experience?: number;
  dedication?: number;
}

export function newGeneral(seed: GeneralSeed): General {
  const experience = seed.experience ?? 0;
  const dedication = seed.dedication ?? 0;
  return {
    id: seed.id,
    owner: seed.owner ?? null,
    ownerName: seed.owner ?? null,
    name: seed.name,
    npc: seed.npc,
    npcOrg: seed.npc,
    affinity: seed.affinity,
    bornyear: seed.bornyear,
    deadyear: seed.deadyear,
    age: Math.max(0, seed.year - seed.bornyear),
    nation: seed.nation,
    city: seed.city,
    troop: 0,
    officerLevel: seed.officerLevel,
    officerCity: 0,
    belong: seed.nation === 0 ? 0 : 1,
    betray: 0,
    makelimit: 0,
    leadership: seed.leadership,
    strength: seed.strength,
    intel: seed.intel,
    leadershipExp: 0,
    strengthExp: 0,
    intelExp: 0,
    injury: 0,
    experience,
    dedication,
    explevel: expLevelOf(experience),
    dedlevel: dedLevelOf(dedication),
    gold: GameConst.defaultGold,
    rice: GameConst.defaultRice,
    crew: 0,
    crewtype: 1100,
    train: 0,
    atmos: 0,
    defenceTrain: GameConst.defaultDefenceTrain,
    dex: [0, 0, 0, 0, 0, 0],
    personal: seed.personal ?? null,
    special: seed.special ?? null,
    specage: seed.specage ?? 0,
    special2: seed.special2 ?? null,
    specage2: seed.specage2 ?? 0,
    turntime: seed.turntime,
    recentWar: null,
    killturn: seed.killturn,
    block: 0,
    myset: 3,
    lastTurn: { command: REST_KEY, arg: null, term: 0 },
    aux: {},
    rank: { warnum: 0, killnum: 0, deathnum: 0, killcrew: 0, deathcrew: 0, killcrewPerson: 0, deathcrewPerson: 0, occupied: 0, firenum: 0, inheritEarned: 0 },
    inheritance: {},
    nextExecute: {},
    queue: restQueue(GameConst.maxTurn),
  };
}

export interface NationSeed {
  id: number;
  name: string;
  color: string;
  capital: number;
  gold: number;
  rice: number;
  tech: number;
  level: number;
  type: string;
}

/**
 * The flags a scenario nation starts with (legacy `Scenario\Nation::build`): it may change its
 * flag once, and its name once if it starts as an empire.
 */
export function scenarioNationAux(level: number): NationAux {
  return level === 7 ? { can_국기변경: 1, can_국호변경: 1 } : { can_국기변경: 1 };
}

export function newNation(seed: NationSeed): Nation {
  const nation: Nation = {
    ...seed,
    bill: 100,
    rate: 20,
    rateTmp: 20,
    power: 0,
    gennum: 0,
    chiefSet: 0,
    scout: 0,
    war: 0,
    strategicCmdLimit: 12,
    surlimit: 72,
    lastTurn: {},
    nextExecute: {},
    prevIncomeGold: 0,
    prevIncomeRice: 0,
    maxPower: 0,
    availableWarSettingCnt: 0,
    capset: 0,
    spy: {},
    aux: {},
    chiefQueues: {},
  };
  ensureChiefQueues(nation);
  return nation;
}

/** Chief queues exist for every chief level the nation's level allows (and never go away). */
export function ensureChiefQueues(nation: Nation): void {
  for (let level = lowestChiefLevel(nation.level); level <= 12; level++) {
    nation.chiefQueues[level] ??= restQueue(GameConst.maxChiefTurn);
  }
}

export interface CitySeed {
  id: number;
  name: string;
  level: number;
  region: number;
  neighbours: number[];
  pop: number; agri: number; comm: number; secu: number; def: number; wall: number;
  popMax: number; agriMax: number; commMax: number; secuMax: number; defMax: number; wallMax: number;
  trust: number;
}

export function newCity(seed: CitySeed): City {
  return { ...seed, nation: 0, supply: 1, front: 0, trade: null, dead: 0, state: 0, term: 0, officerSet: 0, conflict: [] };
}
