import type { World } from '../world/types';

/** NewYear: everyone ages; members count another year of service. */
export function newYear(world: World): void {
  for (const g of world.generals.values()) {
    g.age += 1;
    if (g.nation !== 0) g.belong += 1;
  }
}

/** ResetOfficerLock: chiefs and city officers may be reappointed. */
export function resetOfficerLock(world: World): void {
  for (const nation of world.nations.values()) nation.chiefSet = 0;
  for (let id = 1; id < world.cities.length; id++) world.cities[id]!.officerSet = 0;
}

/** checkStatistic (January): a yearly line of world figures. */
export function checkStatistic(world: World): void {
  let power = 0;
  for (const n of world.nations.values()) power += n.power;
  world.env.statistic = { year: world.env.year, nations: world.nations.size, generals: world.generals.size, power };
}
