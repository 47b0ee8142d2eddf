import { Diplo } from '../world/constants';
import type { World } from '../world/types';

/** The nations a general may march through: its own, the wilderness and those at war with it. */
export function passableNations(world: World, nationId: number): Set<number> {
  const allowed = new Set<number>([nationId, 0]);
  for (const nation of world.nations.values()) {
    if (world.diplomacy.get(`${nationId}:${nation.id}`)?.state === Diplo.war) allowed.add(nation.id);
  }
  return allowed;
}

/**
 * Legacy `searchDistanceListToDest`: a BFS from the destination over passable cities, and for
 * each distance the neighbours of `from` reached at it, as [city, owner] in BFS order. Empty
 * when the destination is not passable or none of the neighbours is reached.
 */
export function distancesToDest(world: World, from: number, to: number, allowed: ReadonlySet<number>): Map<number, [number, number][]> {
  const result = new Map<number, [number, number][]>();
  const passable = (id: number) => allowed.has(world.cities[id]!.nation);
  const remaining = new Set(world.cities[from]!.neighbours.filter(passable));
  if (!passable(to)) return result;
  const seen = new Set<number>();
  const queue: [number, number][] = [[to, 0]];
  for (let head = 0; remaining.size > 0 && head < queue.length; head++) {
    const [id, dist] = queue[head]!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (remaining.delete(id)) {
      const layer = result.get(dist) ?? [];
      layer.push([id, world.cities[id]!.nation]);
      result.set(dist, layer);
    }
    for (const n of world.cities[id]!.neighbours) {
      if (passable(n) && !seen.has(n)) queue.push([n, dist + 1]);
    }
  }
  return result;
}

/**
 * 출병's first hop (§7.1): among the neighbours at the shortest distance (or one more) a city not
 * the general's nation's; failing that, the own neighbours at the shortest distance. The caller
 * draws one with `choice`.
 */
export function firstHopCandidates(distances: Map<number, [number, number][]>, nationId: number): number[] {
  const dists = [...distances.keys()];
  if (dists.length === 0) return [];
  const minDist = dists[0]!;
  const candidates: number[] = [];
  for (const dist of dists) {
    if (dist > minDist + 1) break;
    for (const [city, owner] of distances.get(dist)!) if (owner !== nationId) candidates.push(city);
    if (candidates.length > 0) return candidates;
  }
  for (const [city, owner] of distances.get(minDist)!) if (owner === nationId) candidates.push(city);
  return candidates;
}
