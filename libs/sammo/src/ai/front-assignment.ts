import type { General, TurnSlot } from '../world/types';
import { DipState } from './diplomacy-state';
import type { ChiefTurn } from './turns';
import { heldCityIds, nationCities } from './nation-categories';
import { warUsers } from './user-reward';

/**
 * Legacy do유저장전방발령 / doNPC전방발령: outside peace and a far declaration, a war general
 * with an army (the policy's minWarCrew) in spirits (max(train, atmos) ≥ 90), in a held city
 * off the front and in no troop, is drawn and sent to a front city, drawn by weight — every
 * front city weighs 1, as legacy's front list keeps the weight its officers add only in the
 * table of all its cities.
 */
function frontAssignment(t: ChiefTurn, pool: General[]): TurnSlot | null {
  if (t.nation.capital === 0 || t.dip.dipState === DipState.peace || t.dip.dipState === DipState.declared) return null;
  const { front } = nationCities(t);
  if (front.length === 0) return null;
  const held = heldCityIds(t);
  const onFront = new Set(front.map((c) => c.id));
  const candidates = pool.filter((g) =>
    held.has(g.city) && !onFront.has(g.city) && g.crew >= t.policy.minWarCrew && g.troop === 0
    && Math.max(g.train, g.atmos) >= t.policy.properWarTrainAtmos);
  if (candidates.length === 0) return null;
  const destGeneralId = t.rng.choice(candidates).id;
  return t.attempt('che_발령', { destGeneralId, destCityId: t.rng.choiceUsingWeight(front.map((c) => [c.id, 1] as const)) });
}

/** 유저장전방발령: the users (all war generals here: the world keeps no last battle time). */
export const userFrontAssignment = (t: ChiefTurn) => frontAssignment(t, warUsers(t));

/** NPC전방발령: the war NPCs (leadership 40). */
export const npcFrontAssignment = (t: ChiefTurn) => frontAssignment(t, t.npc.war);
