import type { TurnSlot } from '../world/types';
import { DipState } from './diplomacy-state';
import type { ChiefTurn } from './nation-ai';
import { nationCities, needsDraft, thinCity, troopLeaders } from './nation-categories';
import { warUsers } from './user-reward';

/**
 * 부대구출발령 (legacy do부대구출발령): with a capital and a front, a troop leader outside the
 * supplied cities is drawn and sent to a drawn front city. (Legacy spares the leaders its
 * nation policy lists as combat or support forces; the default policy lists none, and a
 * nation here has no other.)
 */
export function troopRescue(t: ChiefTurn): TurnSlot | null {
  if (t.chief.npc < 2 || t.nation.capital === 0) return null;
  const { supply, front } = nationCities(t);
  if (front.length === 0) return null;
  const supplied = new Set(supply.map((c) => c.id));
  const stranded = troopLeaders(t).filter((g) => !supplied.has(g.city));
  if (stranded.length === 0) return null;
  const destGeneralId = t.rng.choice(stranded).id;
  return t.attempt('che_발령', { destGeneralId, destCityId: t.rng.choice(front).id });
}

/**
 * 부대유저장후방발령 (legacy do부대유저장후방발령): at war, a user riding a troop whose leader
 * is with them in a supplied front city too thin to draft from, short of an army (and whose
 * drafts take people), who moves before the leader and has 징병 reserved next, is drawn and
 * sent to a drawn city of at least half its people — off the front first, else any supplied one.
 */
export function troopUserRearAssignment(t: ChiefTurn): TurnSlot | null {
  if (t.chief.npc < 2 || t.dip.dipState !== DipState.war) return null;
  const cities = nationCities(t);
  if (cities.front.length === 0) return null;
  const onFront = new Set(cities.front.map((c) => c.id));
  const supplied = new Set(cities.supply.map((c) => c.id));
  const leaders = new Map(troopLeaders(t).map((g) => [g.id, g]));
  const candidates = warUsers(t).filter((g) => {
    if (!onFront.has(g.city) || g.troop === g.id) return false;
    const leader = leaders.get(g.troop);
    if (!leader || leader.city !== g.city || !supplied.has(leader.city)) return false;
    return thinCity(t.world.cities[g.city]!) && needsDraft(t, g) && g.turntime < leader.turntime && g.queue[0]?.action === 'che_징병';
  });
  if (candidates.length === 0 || cities.supply.length === 1) return null;
  let dest = cities.backup.filter((c) => !thinCity(c));
  if (dest.length === 0) dest = cities.supply.filter((c) => !thinCity(c));
  if (dest.length === 0) return null;
  const destGeneralId = t.rng.choice(candidates).id;
  return t.attempt('che_발령', { destGeneralId, destCityId: t.rng.choice(dest).id });
}
