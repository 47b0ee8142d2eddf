import { REST_KEY } from './constants';
import type { City, General, TurnSlot, World } from './types';

export const REST_SLOT: TurnSlot = Object.freeze({ action: REST_KEY, arg: null });

export function restQueue(length: number): TurnSlot[] {
  return Array.from({ length }, () => REST_SLOT);
}

export function generalsOfNation(world: World, nationId: number): General[] {
  const out: General[] = [];
  for (const g of world.generals.values()) if (g.nation === nationId) out.push(g);
  return out;
}

export function citiesOfNation(world: World, nationId: number): City[] {
  const out: City[] = [];
  for (let i = 1; i < world.cities.length; i++) if (world.cities[i]!.nation === nationId) out.push(world.cities[i]!);
  return out;
}

/** Lowest chief level for a nation level (§1.5). */
export function lowestChiefLevel(nationLevel: number): number {
  if (nationLevel >= 6) return 5;
  if (nationLevel >= 4) return 7;
  if (nationLevel >= 2) return 9;
  return 11;
}

export function diplomacyKey(a: number, b: number): string {
  return `${a}:${b}`;
}

/**
 * Legacy `calcRecentWarTurn`: whole turns between the general's last battle and its turn time
 * — as legacy's DateInterval, the distance either way, whole seconds first — or 12,000 if it
 * never fought.
 */
export function turnsSinceWar(general: General, turnterm: number): number {
  if (general.recentWar === null) return 12_000;
  const seconds = Math.trunc(Math.abs(general.turntime - general.recentWar) / 1000);
  return Math.floor(seconds / (60 * turnterm));
}

export function relYear(world: World): number {
  return world.env.year - world.env.startyear;
}

/** Legacy `searchDistance(from, max)`: BFS distances over the whole map, in discovery order. */
export function searchDistance(world: World, from: number, max: number): Map<number, number> {
  const dist = new Map<number, number>([[from, 0]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const id = queue[head]!;
    const d = dist.get(id)!;
    if (d >= max) continue;
    for (const n of world.cities[id]!.neighbours) {
      if (dist.has(n)) continue;
      dist.set(n, d + 1);
      queue.push(n);
    }
  }
  return dist;
}
