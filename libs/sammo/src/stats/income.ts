import type { City, Nation } from '../world/types';
import { nationalIncome } from './chain';
import { phpRound } from '../world/php-math';

export type Resource = 'gold' | 'rice';

/**
 * One city's income before the tax factor (§6.6); `officers` = city officers standing in it.
 * The nation type's `onCalcNationalIncome` (법가 gold ×1.1, 유가 rice ×0.9, …) comes before
 * the per-city round.
 */
export function cityIncome(city: City, nation: Nation, resource: Resource, officers: number): number {
  const trustFactor = city.trust / 200 + 0.5;
  let base: number;
  if (resource === 'gold') {
    base = (city.pop * (city.comm / city.commMax) * trustFactor) / 30;
  } else {
    base = (city.pop * (city.agri / city.agriMax) * trustFactor) / 30;
  }
  const scale = (1 + city.secu / city.secuMax / 10) * 1.05 ** officers * (nation.capital === city.id ? 1 + 1 / (3 * nation.level) : 1);
  return phpRound(nationalIncome(nation, resource, base * scale));
}

/** Rice from walls: `def × wall/wall_max / 3`, scaled like the rest, through the 'rice' hook. */
export function wallIncome(city: City, nation: Nation, officers: number): number {
  const scale = (1 + city.secu / city.secuMax / 10) * 1.05 ** officers * (nation.capital === city.id ? 1 + 1 / (3 * nation.level) : 1);
  return phpRound(nationalIncome(nation, 'rice', ((city.def * city.wall) / city.wallMax / 3) * scale));
}
