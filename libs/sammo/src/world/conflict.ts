import type { City } from './types';

/**
 * Legacy `WarUnitCity::addConflict`: a nation's share in taking the city is the soldiers the
 * city lost to it (at least 1), ×1.05 for the first blow or the one that empties the wall;
 * shares stay sorted, largest first (stable, as PHP's `arsort`). True for a new contender
 * joining an existing dispute (【분쟁】).
 */
export function addConflict(city: Pick<City, 'conflict'>, nationId: number, dead: number, wallBroken: boolean): boolean {
  let share = Math.max(1, dead);
  if (city.conflict.length === 0 || wallBroken) share *= 1.05;
  const entry = city.conflict.find(([n]) => n === nationId);
  const isNew = city.conflict.length > 0 && entry === undefined;
  if (entry) entry[1] += share;
  else city.conflict.push([nationId, share]);
  city.conflict.sort((a, b) => b[1] - a[1]);
  return isNew;
}

/** Legacy `DeleteConflict`: a fallen nation leaves every dispute. */
export function deleteConflict(cities: readonly City[], nationId: number): void {
  for (const city of cities) {
    if (city && city.conflict.some(([n]) => n === nationId)) city.conflict = city.conflict.filter(([n]) => n !== nationId);
  }
}
