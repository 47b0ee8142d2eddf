import { REST_KEY } from './constants';
import type { City, General, Nation, TurnSlot, World } from './types';

export const REST_SLOT: TurnSlot = Object.freeze({ action: REST_KEY, arg: null });

export function restQueue(length: number): TurnSlot[] {
  return Array.from({ length }, () => REST_SLOT);
}

export function cityOf(world: World, id: number): City | undefined {
  return id >= 1 ? world.cities[id] : undefined;
}

export function nationOf(world: World, id: number): Nation | undefined {
  return id === 0 ? undefined : world.nations.get(id);
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

export function relYear(world: World): number {
  return world.env.year - world.env.startyear;
}

/** Cities reachable from `from` through same-nation cities, as BFS distance (own territory). */
export function ownDistances(world: World, from: number, nationId: number): Map<number, number> {
  const dist = new Map<number, number>([[from, 0]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const id = queue[head]!;
    for (const n of world.cities[id]!.neighbours) {
      if (dist.has(n) || world.cities[n]!.nation !== nationId) continue;
      dist.set(n, dist.get(id)! + 1);
      queue.push(n);
    }
  }
  return dist;
}
