import { GameConst } from '../world/constants';
import { billOf } from '../stats/levels';
import { nationLog } from '../world/logbook';
import type { World } from '../world/types';
import { cityIncome, wallIncome, type Resource } from '../stats/income';
import { phpRound } from '../world/php-math';

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
