import { generalsOfNation } from '../world/queries';
import type { General, TurnSlot } from '../world/types';
import { DipState } from './diplomacy-state';
import type { ChiefTurn } from './turns';
import { builtUp, nationCities } from './nation-categories';
import { civilUsers, warUsers } from './user-reward';

/** Above this mean built-up share of the supplied cities there is nothing left to spread out. */
const WELL_BUILT_NATION = 0.99;
/** A member's city at least this built up has little domestic work left for it. */
const BUILT_CITY = 0.95;
/** Legacy caps a city's share here, so a finished city keeps a small weight. */
const MAX_WEIGHED_DEV = 0.999;

/**
 * Legacy do유저장내정발령 / doNPC내정발령: while the supplied cities are not all built up,
 * a member of the pool idling in a supplied city built to 95 % is drawn, then a supplied city
 * by how much is left to build there — (1 − dev)² over √(members there + 1), so crowded
 * cities weigh less — and the member goes only if the drawn city is less built than its own.
 * Both draws happen before that test, as legacy makes them.
 */
function domesticAssignment(t: ChiefTurn, pool: General[]): TurnSlot | null {
  if (t.nation.capital === 0) return null;
  const { supply } = nationCities(t);
  // Legacy stops at one supplied city; none (a capital cut off) would make it divide by zero.
  if (supply.length <= 1) return null;
  if (supply.reduce((sum, c) => sum + builtUp(c), 0) / supply.length >= WELL_BUILT_NATION) return null;

  const supplied = new Map(supply.map((c) => [c.id, c]));
  const candidates = pool.filter((g) => {
    const city = supplied.get(g.city);
    return city !== undefined && builtUp(city) >= BUILT_CITY;
  });
  if (candidates.length === 0) return null;

  // Every member but the chief counts towards a city's crowd, troop dummies included.
  const crowd = new Map<number, number>();
  for (const g of generalsOfNation(t.world, t.nation.id)) {
    if (g.id !== t.chief.id) crowd.set(g.city, (crowd.get(g.city) ?? 0) + 1);
  }
  const weights = supply.map((c): [number, number] => [c.id, (1 - Math.min(builtUp(c), MAX_WEIGHED_DEV)) ** 2 / Math.sqrt((crowd.get(c.id) ?? 0) + 1)]);

  const picked = t.rng.choice(candidates);
  const dest = supplied.get(t.rng.choiceUsingWeight(weights))!;
  if (builtUp(supplied.get(picked.city)!) <= builtUp(dest)) return null;
  return t.attempt('che_발령', { destGeneralId: picked.id, destCityId: dest.id });
}

/** War members join the civil ones only while the nation is at peace or has just been declared on. */
const warJoins = (t: ChiefTurn) => t.dip.dipState === DipState.peace || t.dip.dipState === DipState.declared;

/** 유저장내정발령: users outside any troop. */
export function userDomesticAssignment(t: ChiefTurn): TurnSlot | null {
  const pool = warJoins(t) ? [...warUsers(t), ...civilUsers(t)] : civilUsers(t);
  return domesticAssignment(t, pool.filter((g) => g.troop === 0));
}

/** NPC내정발령: NPCs, troop or not. */
export function npcDomesticAssignment(t: ChiefTurn): TurnSlot | null {
  return domesticAssignment(t, warJoins(t) ? [...t.npc.war, ...t.npc.civil] : t.npc.civil);
}
