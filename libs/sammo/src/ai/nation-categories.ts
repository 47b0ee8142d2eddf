import { modifiers } from '../stats/chain';
import { generalsOfNation } from '../world/queries';
import type { City, General, NationPolicy } from '../world/types';
import type { ChiefTurn } from './turns';

/**
 * The order legacy's nation AI reads the members in: its member query is answered from the
 * general table's (nation, npc) index, so by npc type, then id. Every draw over a candidate
 * list and every tie in its stable sorts follows it.
 */
export const memberOrder = (a: General, b: General) => a.npc - b.npc || a.id - b.id;

/** Legacy `dev` of a nation city: its five developments over their caps, summed before dividing (people left out). */
export const builtUp = (c: City) => (c.agri + c.comm + c.secu + c.def + c.wall) / (c.agriMax + c.commMax + c.secuMax + c.defMax + c.wallMax);

/** Legacy categorizeNationCities, each list by city id: supplied cities, front cities, and supplied ones off the front (`backupCities`). */
export interface NationCities { supply: City[]; front: City[]; backup: City[] }

export function nationCities(t: ChiefTurn): NationCities {
  const out: NationCities = { supply: [], front: [], backup: [] };
  for (let id = 1; id < t.world.cities.length; id++) {
    const city = t.world.cities[id]!;
    if (city.nation !== t.nation.id) continue;
    if (city.supply === 1) out.supply.push(city);
    if (city.front !== 0) out.front.push(city);
    else if (city.supply === 1) out.backup.push(city);
  }
  return out;
}

/**
 * Legacy `nationCities` as the assignments read it: the nation's cities and, because legacy
 * counts each level 2–4 officer's post into that table even when the nation no longer holds
 * it, the posts of the members (not the chief).
 */
export function heldCityIds(t: ChiefTurn): Set<number> {
  const ids = new Set<number>();
  for (let id = 1; id < t.world.cities.length; id++) if (t.world.cities[id]!.nation === t.nation.id) ids.add(id);
  for (const g of generalsOfNation(t.world, t.nation.id)) {
    if (g.id !== t.chief.id && g.officerLevel >= 2 && g.officerLevel <= 4) ids.add(g.officerCity);
  }
  return ids;
}

/**
 * Legacy `troopLeaders`: the troop-leader dummies (npc 5). Legacy means to count a leader
 * with 집합 next too, but compares the command's display name (집합) with its key (che_집합).
 */
export const isTroopLeader = (g: General) => g.npc === 5;

/** The nation's troop leaders but the chief. */
export function troopLeaders(t: ChiefTurn): General[] {
  return generalsOfNation(t.world, t.nation.id)
    .filter((g) => g.id !== t.chief.id && isTroopLeader(g))
    .sort(memberOrder);
}

/** People ratio below which legacy's policy does not draft from a city (`safeRecruitCityPopulationRatio`). */
export const thinCity = (c: City, policy: NationPolicy) => c.pop / c.popMax < policy.safeRecruitCityPopulationRatio;

/**
 * A general the rear assignments send to draft: short of an army and not one whose drafts
 * take nobody from the city (legacy's `징집인구` score of 100 at most 1: the 징병 special).
 */
export const needsDraft = (t: ChiefTurn, g: General) =>
  g.crew < t.policy.minWarCrew && modifiers(g, t.nation).domestic('징집인구', 'score', 100) > 1;
