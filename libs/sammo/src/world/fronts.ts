import { Diplo } from './constants';
import type { World } from './types';

/**
 * SetNationFront (§6.8 step 6): 3 next to a nation at war, 1 next to a declaration with
 * term ≤ 5, 2 next to an empty city only when no city is held by a nation at war or by one
 * whose declaration is within 5 months, else 0. A distant declaration (term > 5) does not
 * take away front 2: legacy tests `!$adj3 && !$adj1`, both built from those cities only.
 * `only` limits it to some nations (a conquest recomputes the nations around the city).
 * Cities of no nation or of a band (level 0) are left as they are, as legacy's
 * `SetNationFront` runs per level > 0 nation.
 */
export function setNationFronts(world: World, only?: ReadonlySet<number>): void {
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
    if (only !== undefined && !only.has(city.nation)) continue;
    const nation = world.nations.get(city.nation);
    // Legacy sets the fronts of level > 0 nations' cities only: a neutral city keeps its mark.
    if (!nation || nation.level <= 0) continue;
    const h = hostile.get(nation.id)!;
    const calm = !holdsAnyCity(world, h.war) && !holdsAnyCity(world, h.declared);
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

/** Whether one of the nations owns a city (legacy builds its adjacency from their cities). */
function holdsAnyCity(world: World, nations: ReadonlySet<number>): boolean {
  if (nations.size === 0) return false;
  for (let id = 1; id < world.cities.length; id++) if (nations.has(world.cities[id]!.nation)) return true;
  return false;
}
