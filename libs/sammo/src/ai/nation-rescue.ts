import type { General, TurnSlot } from '../world/types';
import { DipState } from './diplomacy-state';
import type { ChiefTurn } from './turns';
import { isTroopLeader, nationCities } from './nation-categories';

/** Legacy `lostGenerals`: members (not the chief) in a city the nation does not hold or that is cut off. */
function lostMembers(t: ChiefTurn): General[] {
  return t.members.filter((g) => {
    const city = t.world.cities[g.city]!;
    return city.nation !== t.nation.id || city.supply !== 1;
  });
}

/**
 * 유저장구출발령 (legacy do유저장구출발령): a user stranded in a lost city is sent home, unless
 * they look like they stay on purpose (the policy's `minWarCrew` soldiers or more, trained and
 * spirited to their defence level) or ride with a troop leader who is in a supplied city and
 * moves first. At 직전/전쟁 with more than two front cities they go to a front city, else to
 * any supplied city; one city drawn per candidate, then one candidate.
 */
export function userRescue(t: ChiefTurn): TurnSlot | null {
  if (!t.nation.capital) return null;
  const { supply, front } = nationCities(t);
  const toFront = (t.dip.dipState === DipState.imminent || t.dip.dipState === DipState.war) && front.length > 2;
  const pool = toFront ? front : supply;
  const args: { destGeneralId: number; destCityId: number }[] = [];
  for (const g of lostMembers(t)) {
    if (g.npc >= 2) continue;
    if (g.crew >= t.policy.minWarCrew && g.train >= g.defenceTrain && g.atmos >= g.defenceTrain) continue;
    const leader = g.troop !== 0 ? t.world.generals.get(g.troop) : undefined;
    if (leader && leader.nation === t.nation.id && isTroopLeader(leader)) {
      const leaderCity = t.world.cities[leader.city]!;
      if (leaderCity.nation === t.nation.id && leaderCity.supply === 1 && leader.turntime < g.turntime) continue;
    }
    if (pool.length === 0) return null;
    args.push({ destGeneralId: g.id, destCityId: t.rng.choice(pool).id });
  }
  return args.length > 0 ? t.attempt('che_발령', t.rng.choice(args)) : null;
}

/** NPC구출발령 (legacy doNPC구출발령): every stranded NPC (not a troop dummy) gets a drawn supplied city; one is sent. */
export function npcRescue(t: ChiefTurn): TurnSlot | null {
  if (!t.nation.capital) return null;
  const { supply } = nationCities(t);
  const args: { destGeneralId: number; destCityId: number }[] = [];
  for (const g of lostMembers(t)) {
    if (g.npc < 2 || g.npc === 5) continue;
    if (supply.length === 0) return null;
    args.push({ destGeneralId: g.id, destCityId: t.rng.choice(supply).id });
  }
  return args.length > 0 ? t.attempt('che_발령', t.rng.choice(args)) : null;
}
