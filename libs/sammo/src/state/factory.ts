import { GameConst } from '../world/constants';
import { dedLevelOf, expLevelOf } from '../stats/levels';
import { CITY, GENERAL, NATION } from '../world/entities';
import { initialOf, type SeedOf } from '../world/fields';
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

/** A new general: the declaration's initial values, the rest from its seed (legacy `GeneralBuilder`'s defaults). */
export function newGeneral(seed: GeneralSeed): General {
  const experience = seed.experience ?? 0;
  const dedication = seed.dedication ?? 0;
  return {
    ...initialOf(GENERAL),
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
    officerLevel: seed.officerLevel,
    belong: seed.nation === 0 ? 0 : 1,
    leadership: seed.leadership,
    strength: seed.strength,
    intel: seed.intel,
    experience,
    dedication,
    explevel: expLevelOf(experience),
    dedlevel: dedLevelOf(dedication),
    personal: seed.personal ?? null,
    special: seed.special ?? null,
    specage: seed.specage ?? 0,
    special2: seed.special2 ?? null,
    specage2: seed.specage2 ?? 0,
    turntime: seed.turntime,
    killturn: seed.killturn,
    queue: restQueue(GameConst.maxTurn),
  };
}

export type NationSeed = SeedOf<typeof NATION>;

/**
 * The flags a scenario nation starts with (legacy `Scenario\Nation::build`): it may change its
 * flag once, and its name once if it starts as an empire.
 */
export function scenarioNationAux(level: number): NationAux {
  return level === 7 ? { can_국기변경: 1, can_국호변경: 1 } : { can_국기변경: 1 };
}

export function newNation(seed: NationSeed): Nation {
  const nation: Nation = { ...seed, ...initialOf(NATION) };
  ensureChiefQueues(nation);
  return nation;
}

/** Chief queues exist for every chief level the nation's level allows (and never go away). */
export function ensureChiefQueues(nation: Nation): void {
  for (let level = lowestChiefLevel(nation.level); level <= 12; level++) {
    nation.chiefQueues[level] ??= restQueue(GameConst.maxChiefTurn);
  }
}

export type CitySeed = SeedOf<typeof CITY>;

export function newCity(seed: CitySeed): City {
  return { ...seed, ...initialOf(CITY) };
}
