import { Diplo } from '../world/constants';
import { diplomacyKey } from '../world/queries';
import type { World } from '../world/types';

/**
 * SetNationFront (§6.8 step 6): 3 next to a nation at war, 1 next to a declaration with
 * term ≤ 5, 2 next to an empty city only when the nation has no war or declaration, else 0.
 */
export function setNationFronts(world: World): void {
  const hostile = new Map<number, { war: Set<number>; declared: Set<number> }>();
  for (const nation of world.nations.values()) hostile.set(nation.id, { war: new Set(), declared: new Set() });
  for (const [key, d] of world.diplomacy) {
    const [a, b] = key.split(':').map(Number) as [number, number];
    const h = hostile.get(a);
    if (!h) continue;
    if (d.state === Diplo.war) h.war.add(b);
    else if (d.state === Diplo.declared && d.term <= 5) h.declared.add(b);
  }
  for (let id = 1; id < world.cities.length; id++) {
    const city = world.cities[id]!;
    const nation = world.nations.get(city.nation);
    if (!nation || nation.level <= 0) {
      city.front = 0;
      continue;
    }
    const h = hostile.get(nation.id)!;
    const calm = h.war.size === 0 && !hasAnyDeclaration(world, nation.id);
    let front = 0;
    for (const n of city.neighbours) {
      const owner = world.cities[n]!.nation;
      if (owner !== 0 && h.war.has(owner)) {
        front = 3;
        break;
      }
      if (owner !== 0 && h.declared.has(owner)) front = Math.max(front, 1);
      else if (owner === 0 && calm && front === 0) front = 2;
    }
    city.front = front;
  }
}

function hasAnyDeclaration(world: World, nationId: number): boolean {
  for (const other of world.nations.keys()) {
    if (world.diplomacy.get(diplomacyKey(nationId, other))?.state === Diplo.declared) return true;
  }
  return false;
}
