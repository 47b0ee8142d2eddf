import type { General, World } from '../world/types';
import { invaderCities } from './raise-invader';

/** How many chiefs the system offers the invader game (legacy `$invaderMsgCnt`). */
const OFFERS = 2;

/**
 * The end of legacy checkEmperior: on a map with level-4 cities, the unifier's chiefs by
 * office from the ruler (12) down to level 5 — a player's (npc < 2) only — are offered the
 * invader event game (legacy sends each RaiseInvaderMessage's three difficulties), at most
 * two of them. Where two chiefs hold one office the later row wins, as legacy keys them.
 */
export function invaderOffers(world: World, unifier: number): number[] {
  if (invaderCities(world).length === 0) return [];
  const chiefs = new Map<number, General>();
  for (const g of [...world.generals.values()].sort((a, b) => a.id - b.id)) {
    if (g.nation === unifier && g.officerLevel >= 5) chiefs.set(g.officerLevel, g);
  }
  const offers: number[] = [];
  for (let level = 12; level >= 5 && offers.length < OFFERS; level--) {
    const chief = chiefs.get(level);
    if (chief !== undefined && chief.npc < 2) offers.push(chief.id);
  }
  return offers;
}
