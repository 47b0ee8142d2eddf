import { cutTurn } from '../world/clock';
import type { City, General, TurnSlot } from '../world/types';
import { DipState } from './diplomacy-state';
import type { ChiefTurn } from './turns';
import { nationCities, needsDraft, thinCity, troopLeaders, type NationCities } from './nation-categories';
import { warUsers } from './user-reward';

/** The policy's forces: CombatForce's leaders and SupportForce's. */
const inCombatForce = (t: ChiefTurn, leader: General) => t.policy.CombatForce[leader.id] !== undefined;
const inSupportForce = (t: ChiefTurn, leader: General) => t.policy.SupportForce.includes(leader.id);

/** Whether the policy names any CombatForce troop (without listing the keys: most nations' chiefs ask every turn). */
function hasCombatForce(t: ChiefTurn): boolean {
  for (const _ in t.policy.CombatForce) return true;
  return false;
}

/**
 * Legacy's once-a-turn guard for the force 발령s, as it is written: a leader ever assigned
 * (`last발령` set) is skipped whenever its turn window is not before the chief's — the month
 * it compares is the current one, never the stored `last발령`.
 */
function assignedThisTurn(t: ChiefTurn, leader: General): boolean {
  if (!leader.aux.last발령) return false;
  const { turnterm } = t.world.env;
  return cutTurn(t.chief.turntime, turnterm) >= cutTurn(leader.turntime, turnterm);
}

/**
 * 부대전방발령 (legacy do부대전방발령): with a capital and a front, each CombatForce leader off
 * the front (and not assigned this turn) gets a destination — a drawn front city when its
 * route is lost or taken, else the first front city on a shortest way from its `from` city
 * (from the capital when `from` is not supplied: then toward `from`) to its `to` city over
 * the war targets' and own cities, ties drawn — and one is drawn. Legacy then builds the
 * 발령 with the leader under a misspelt key (`destGenaralID`, or a bare list), which 발령's
 * argument check refuses: the draws are made and nothing is issued. Where legacy throws
 * (`from` off the route but `to` on it; no step from the capital toward `from`) the leader
 * is left out.
 */
export function troopFrontAssignment(t: ChiefTurn): TurnSlot | null {
  // Without forces legacy's loop finds no candidate and draws nothing: return before reading the cities.
  if (t.chief.npc < 2 || t.nation.capital === 0 || !hasCombatForce(t)) return null;
  const cities = nationCities(t);
  if (cities.front.length === 0) return null;
  const leaders = troopLeaders(t).filter((g) => inCombatForce(t, g));
  if (leaders.length === 0) return null;
  const onFront = new Set(cities.front.map((c) => c.id));
  const supplied = new Set(cities.supply.map((c) => c.id));
  const route = warRoute(t);
  const destinations: number[] = [];
  for (const leader of leaders) {
    if (onFront.has(leader.city) || assignedThisTurn(t, leader)) continue;
    let [from, to] = t.policy.CombatForce[leader.id]!;
    if (!route.has(from)) {
      if (route.has(to)) continue;
      destinations.push(t.rng.choice(cities.front).id);
      continue;
    }
    if (!route.get(from)!.has(to) || (supplied.has(from) && supplied.has(to))) {
      destinations.push(t.rng.choice(cities.front).id);
      continue;
    }
    if (!supplied.has(from)) [from, to] = [t.nation.capital, from];
    const dest = advanceToFront(t, route, onFront, from, to);
    if (dest !== null) destinations.push(dest);
  }
  if (destinations.length > 0) t.rng.choice(destinations);
  return null;
}

/** Legacy searchAllDistanceByNationList over the war targets and the nation: shortest hops between their cities, through them only. */
function warRoute(t: ChiefTurn): Map<number, Map<number, number>> {
  const nations = new Set(t.dip.warTargets.keys());
  nations.add(t.nation.id);
  const ids: number[] = [];
  for (let id = 1; id < t.world.cities.length; id++) if (nations.has(t.world.cities[id]!.nation)) ids.push(id);
  const inside = new Set(ids);
  const route = new Map<number, Map<number, number>>();
  for (const start of ids) {
    const dist = new Map([[start, 0]]);
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      const at = queue[i]!;
      for (const next of t.world.cities[at]!.neighbours) {
        if (!inside.has(next) || dist.has(next)) continue;
        dist.set(next, dist.get(at)! + 1);
        queue.push(next);
      }
    }
    route.set(start, dist);
  }
  return route;
}

/** Steps from `from` toward `to` until a front city: the neighbours one hop nearer, drawn when several; null where legacy throws. */
function advanceToFront(t: ChiefTurn, route: Map<number, Map<number, number>>, onFront: Set<number>, from: number, to: number): number | null {
  let at = from;
  while (!onFront.has(at)) {
    const distance = route.get(at)?.get(to);
    if (distance === undefined) return null;
    const next = t.world.cities[at]!.neighbours.filter((id) => {
      const d = route.get(id)?.get(to);
      return d !== undefined && d + 1 <= distance;
    });
    if (next.length === 0) return null;
    at = next.length === 1 ? next[0]! : t.rng.choice(next);
  }
  return at;
}

/**
 * 부대후방발령 (legacy do부대후방발령): with a capital and a front, SupportForce leaders outside
 * the supplied cities, or in a supplied city too thin to draft from and not assigned this
 * turn, are candidates; with more than one supplied city, one is drawn and sent to a drawn
 * city with people enough — off the front first, else any supplied one.
 */
export function troopRearAssignment(t: ChiefTurn): TurnSlot | null {
  if (t.chief.npc < 2 || t.nation.capital === 0 || t.policy.SupportForce.length === 0) return null;
  const cities = nationCities(t);
  if (cities.front.length === 0) return null;
  const supplied = new Map(cities.supply.map((c) => [c.id, c]));
  const candidates = troopLeaders(t).filter((g) => {
    if (!inSupportForce(t, g)) return false;
    const city = supplied.get(g.city);
    if (city === undefined) return true;
    return thinCity(city, t.policy) && !assignedThisTurn(t, g);
  });
  if (candidates.length === 0 || cities.supply.length === 1) return null;
  const dest = draftableCities(t, cities);
  if (dest.length === 0) return null;
  const destGeneralId = t.rng.choice(candidates).id;
  return t.attempt('che_발령', { destGeneralId, destCityId: t.rng.choice(dest).id });
}

/** Cities with people enough to draft from: off the front first, else any supplied one. */
function draftableCities(t: ChiefTurn, cities: NationCities): City[] {
  const dest = cities.backup.filter((c) => !thinCity(c, t.policy));
  return dest.length > 0 ? dest : cities.supply.filter((c) => !thinCity(c, t.policy));
}

/**
 * 부대구출발령 (legacy do부대구출발령): with a capital and a front, a troop leader outside the
 * supplied cities and in neither of the policy's forces is drawn and sent to a drawn front city.
 */
export function troopRescue(t: ChiefTurn): TurnSlot | null {
  if (t.chief.npc < 2 || t.nation.capital === 0) return null;
  const { supply, front } = nationCities(t);
  if (front.length === 0) return null;
  const supplied = new Set(supply.map((c) => c.id));
  const stranded = troopLeaders(t).filter((g) => !supplied.has(g.city) && !inSupportForce(t, g) && !inCombatForce(t, g));
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
    return thinCity(t.world.cities[g.city]!, t.policy) && needsDraft(t, g) && g.turntime < leader.turntime && g.queue[0]?.action === 'che_징병';
  });
  if (candidates.length === 0 || cities.supply.length === 1) return null;
  const dest = draftableCities(t, cities);
  if (dest.length === 0) return null;
  const destGeneralId = t.rng.choice(candidates).id;
  return t.attempt('che_발령', { destGeneralId, destCityId: t.rng.choice(dest).id });
}
