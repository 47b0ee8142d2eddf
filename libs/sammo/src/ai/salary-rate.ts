import { cityIncome, wallIncome } from '../stats/income';
import { nationalIncome } from '../stats/chain';
import { billOf } from '../stats/levels';
import { phpRound } from '../world/php-math';
import { citiesOfNation, generalsOfNation } from '../world/queries';
import type { General, Nation, World } from '../world/types';
import { nationReserve, valueFit } from './nation-policy';
import { policyOf } from '../world/policy';

export type SalaryResource = 'gold' | 'rice';

/** City officers (levels 2–4) standing in the city they hold, per city. */
function officersAtPost(members: readonly General[]): Map<number, number> {
  const officers = new Map<number, number>();
  for (const g of members) {
    if (g.officerLevel >= 2 && g.officerLevel <= 4 && g.officerCity === g.city) officers.set(g.city, (officers.get(g.city) ?? 0) + 1);
  }
  return officers;
}

/**
 * A month's income of the supplied cities at tax `rate` (legacy getGoldIncome,
 * getRiceIncome, getWallIncome: the cities' sums × rate/20) and the dead's war gold
 * (getWarGoldIncome, untaxed).
 */
export function incomeAt(world: World, nation: Nation, rate: number): { gold: number; rice: number; wall: number; war: number } {
  const officers = officersAtPost(generalsOfNation(world, nation.id));
  const sum = { gold: 0, rice: 0, wall: 0, war: 0 };
  for (const c of citiesOfNation(world, nation.id)) {
    if (c.supply !== 1) continue;
    const n = officers.get(c.id) ?? 0;
    sum.gold += cityIncome(c, nation, 'gold', n);
    sum.rice += cityIncome(c, nation, 'rice', n);
    sum.wall += wallIncome(c, nation, n);
    sum.war += phpRound(nationalIncome(nation, 'gold', c.dead / 10));
  }
  return { gold: sum.gold * (rate / 20), rice: sum.rice * (rate / 20), wall: sum.wall * (rate / 20), war: sum.war };
}

/** The month's income the salary is set against, at the nation's tax: gold with the war income, rice with the walls'. */
export function expectedIncome(world: World, nation: Nation, resource: SalaryResource): number {
  const income = incomeAt(world, nation, nation.rate);
  return resource === 'gold' ? income.gold + income.war : income.rice + income.wall;
}

/**
 * The NPC ruler's salary rate (legacy chooseGoldBillRate in December, chooseRiceBillRate in
 * June, after the tax): 90 % of the month's income over the payroll at 100 % (the members but
 * the ruler and troop dummies, at least 1); when the treasury after income and payroll stays
 * above twice its reserve, the mean with 80 % of what is above the reserve if that is more;
 * 20–200. Unchanged without supplied cities.
 */
export function chooseSalaryRate(world: World, ruler: General, nation: Nation, resource: SalaryResource): void {
  if (!citiesOfNation(world, nation.id).some((c) => c.supply === 1)) return;
  const income = expectedIncome(world, nation, resource);
  let payroll = 0;
  for (const g of generalsOfNation(world, nation.id)) if (g.id !== ruler.id && g.npc !== 5) payroll += billOf(g.dedication);
  const outcome = valueFit(phpRound(payroll), 1, Infinity);
  const reserve = nationReserve(policyOf(nation), resource) * 2;
  let bill = Math.trunc((income / outcome) * 90);
  if (nation[resource] + income - outcome > reserve) {
    const more = ((nation[resource] + income - reserve) / outcome) * 80;
    if (more > bill) bill = Math.trunc((more + bill) / 2);
  }
  nation.bill = valueFit(bill, 20, 200);
}
