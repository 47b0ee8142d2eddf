import { GameConst } from '../world/constants';
import { billOf } from '../world/levels';
import { nationLog } from '../world/logbook';
import type { City, Nation, World } from '../world/types';
import type { Resource } from './semi-annual';
import { nationalIncome } from '../traits';
import { phpRound } from '../world/php-math';

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

/**
 * ProcessIncome (§6.6): the nation collects from its supplied cities at `rate_tmp/20`,
 * then pays salaries (`getBill(ded)` × bill%) out of what stays above the base stock.
 */
export function processIncome(world: World, resource: Resource): void {
  // City officers at their post, counted for the city's nation only (legacy's query is per nation).
  const officers = new Map<number, number>();
  for (const g of world.generals.values()) {
    if (g.officerLevel >= 2 && g.officerLevel <= 4 && g.officerCity === g.city && world.cities[g.city]?.nation === g.nation) {
      officers.set(g.city, (officers.get(g.city) ?? 0) + 1);
    }
  }
  const payroll = new Map<number, number>();
  for (const g of world.generals.values()) if (g.nation !== 0 && g.npc !== 5) payroll.set(g.nation, (payroll.get(g.nation) ?? 0) + billOf(g.dedication));

  const income = new Map<number, number>();
  for (let id = 1; id < world.cities.length; id++) {
    const city = world.cities[id]!;
    const nation = city.nation === 0 ? undefined : world.nations.get(city.nation);
    if (!nation || city.supply !== 1) continue;
    const n = officers.get(id) ?? 0;
    let amount = cityIncome(city, nation, resource, n) * (nation.rateTmp / 20);
    if (resource === 'rice') amount += wallIncome(city, nation, n) * (nation.rateTmp / 20);
    income.set(nation.id, (income.get(nation.id) ?? 0) + amount);
  }

  const base = resource === 'gold' ? GameConst.basegold : GameConst.baserice;
  const paidRatio = new Map<number, number>();
  for (const nation of [...world.nations.values()].sort((a, b) => a.id - b.id)) {
    const gained = income.get(nation.id) ?? 0;
    if (resource === 'gold') nation.prevIncomeGold = gained;
    else nation.prevIncomeRice = gained;
    const origin = payroll.get(nation.id) ?? 0;
    const outcome = phpRound((nation.bill / 100) * origin);
    const next = nation[resource] + gained;
    let paid: number;
    if (next < base) {
      paid = 0;
      nation[resource] = base;
    } else if (next - base < outcome) {
      paid = next - base;
      nation[resource] = base;
    } else {
      paid = outcome;
      nation[resource] = phpRound(next - outcome);
    }
    paidRatio.set(nation.id, origin > 0 ? paid / origin : 0);
    nationLog(world, nation.id, `${resource === 'gold' ? '금' : '쌀'} 수입 ${phpRound(gained)}, 봉급 ${phpRound(paid)}`);
  }
  for (const g of world.generals.values()) {
    if (g.nation === 0 || g.npc === 5) continue;
    g[resource] += phpRound(billOf(g.dedication) * (paidRatio.get(g.nation) ?? 0));
  }
}
