import type { RandUtil } from '../rng/rand-util';
import type { General, World } from '../world/types';

/** Affinity distance on the ring of 150. */
export function affinityDistance(a: number, b: number): number {
  const d = Math.abs(a - b);
  return d > 75 ? 150 - d : d;
}

/**
 * Legacy `nextRuler()` (§3): for a fiction-free world and an NPC ruler, the NPC generals
 * (npc 1..3) nearest in affinity are the pool, except that the legacy `!d == min` test
 * pools every candidate when the nearest is not at distance 0; one draw picks. Otherwise,
 * without a draw: the highest officer from level 9, then the most dedicated.
 * `rng` is only read when the NPC rule applies.
 */
export function nextRuler(world: World, dying: General, rng: () => RandUtil): General | undefined {
  const others: General[] = [];
  for (const g of world.generals.values()) if (g.nation === dying.nation && g.id !== dying.id) others.push(g);
  others.sort((a, b) => a.id - b.id);
  if (world.env.fiction === 0 && dying.npc > 0) {
    const candidates = others
      .filter((g) => g.officerLevel !== 12 && g.npc >= 1 && g.npc <= 3)
      .map((g) => ({ g, d: affinityDistance(g.affinity, dying.affinity) }))
      .sort((a, b) => a.d - b.d || a.g.id - b.g.id);
    if (candidates.length > 0) {
      const min = candidates[0]!.d;
      const pool = min === 0 ? candidates.filter((c) => c.d === 0) : candidates;
      return rng().choice(pool).g;
    }
  }
  const eligible = others.filter((g) => g.npc !== 5);
  const officer = eligible.filter((g) => g.officerLevel >= 9).sort((a, b) => b.officerLevel - a.officerLevel || a.id - b.id)[0];
  if (officer) return officer;
  return eligible.sort((a, b) => b.dedication - a.dedication || a.id - b.id)[0];
}
