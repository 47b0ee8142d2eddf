import type { General, World } from '../world/types';

/**
 * The cities whose development a general reads (legacy b_currentCity.php's `valid`): a
 * general without office (재야, officer level 0) only its own city; a member its nation's
 * cities, every city where a general of its nation stands, and — once the nation is more
 * than a wandering band (level > 0) — the cities its 첩보 still covers (`nation.spy`).
 * Other cities show only the map's facts (the public view's).
 */
export function citiesSeen(world: World, general: General): Set<number> {
  const seen = new Set<number>([general.city]);
  if (general.officerLevel === 0 || general.nation === 0) return seen;
  const nation = world.nations.get(general.nation);
  for (let id = 1; id < world.cities.length; id++) if (world.cities[id]!.nation === general.nation) seen.add(id);
  for (const g of world.generals.values()) if (g.nation === general.nation) seen.add(g.city);
  if (nation !== undefined && nation.level > 0) for (const city of Object.keys(nation.spy)) seen.add(Number(city));
  return seen;
}
