import { GameConst } from '../world/constants';
import type { City, General, TurnSlot } from '../world/types';
import { DipState } from './diplomacy-state';
import type { ChiefTurn } from './turns';
import { nationCities, needsDraft, thinCity, type NationCities } from './nation-categories';
import { warUsers } from './user-reward';

/**
 * A general of the pool in no troop, short of an army (and whose drafts take people), in a
 * supplied city too thin to draft from, drawn — when the nation has another supplied city.
 */
function pickDraftee(t: ChiefTurn, pool: General[], cities: NationCities): General | null {
  const candidates = pool.filter((g) => {
    const city = t.world.cities[g.city]!;
    return city.nation === t.nation.id && city.supply === 1 && g.troop === 0 && thinCity(city, t.policy) && needsDraft(t, g);
  });
  if (candidates.length === 0 || cities.supply.length === 1) return null;
  return t.rng.choice(candidates);
}

const ratio = (c: City) => c.pop / c.popMax;

/** Weighs the cities other than the chief's: off the front first, else every supplied one; `weigh` null leaves a city out. */
function rearCity(t: ChiefTurn, cities: NationCities, weigh: (c: City, backup: boolean) => number | null): number | null {
  const here = t.chief.city;
  for (const [list, backup] of [[cities.backup, true], [cities.supply, false]] as const) {
    const weights: [number, number][] = [];
    for (const c of list) {
      const w = c.id === here ? null : weigh(c, backup);
      if (w !== null) weights.push([c.id, w]);
    }
    if (weights.length > 0) return t.rng.choiceUsingWeight(weights);
  }
  return null;
}

/**
 * 유저장후방발령 (legacy do유저장후방발령): at war, a drawn user goes where a draft of its
 * leadership fits — a city with L×100 + 30000 people, drawn by its people ratio (a quarter of
 * it below half); failing any off the front, a supplied one with more than that, a thin one
 * at half its ratio (legacy's halving of front cities there is a no-op).
 */
export function userRearAssignment(t: ChiefTurn): TurnSlot | null {
  if (t.nation.capital === 0 || t.dip.dipState !== DipState.war) return null;
  const cities = nationCities(t);
  const picked = pickDraftee(t, warUsers(t), cities);
  if (!picked) return null;
  const min = t.leadership(picked) * 100 + GameConst.minAvailableRecruitPop;
  const dest = rearCity(t, cities, (c, backup) => {
    if (backup ? c.pop < min : c.pop <= min) return null;
    return thinCity(c, t.policy) ? ratio(c) / (backup ? 4 : 2) : ratio(c);
  });
  return dest === null ? null : t.attempt('che_발령', { destGeneralId: picked.id, destCityId: dest });
}

/**
 * NPC후방발령 (legacy doNPC후방발령): at war with a front, a drawn war NPC goes to a city of at
 * least half its people holding L×100 + 50000 (the NPC draft floor), drawn by its people
 * ratio — off the front first, else any supplied one with more than that.
 */
export function npcRearAssignment(t: ChiefTurn): TurnSlot | null {
  if (t.nation.capital === 0 || t.dip.dipState !== DipState.war) return null;
  const cities = nationCities(t);
  if (cities.front.length === 0) return null;
  const picked = pickDraftee(t, t.npc.war, cities);
  if (!picked) return null;
  const min = t.leadership(picked) * 100 + Math.max(GameConst.minAvailableRecruitPop, t.policy.minNPCRecruitCityPopulation);
  const dest = rearCity(t, cities, (c, backup) => ((backup ? c.pop >= min : c.pop > min) && !thinCity(c, t.policy) ? ratio(c) : null));
  return dest === null ? null : t.attempt('che_발령', { destGeneralId: picked.id, destCityId: dest });
}
