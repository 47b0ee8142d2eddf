import type { RandUtil } from '../rng/rand-util';
import type { World } from '../world/types';
import { phpRound } from '../world/php-math';

/**
 * Nation power (§6.8 step 1), one `nextRange(0.95, 1.05)` per nation in id order:
 * resources, tech, supplied cities, generals' strength and records, dex, exp and ded.
 */
export function updateNationPower(world: World, rng: RandUtil): void {
  const byNation = new Map<number, { resources: number; gen: number; dex: number; expDed: number; crew: number }>();
  for (const g of world.generals.values()) {
    if (g.nation === 0) continue;
    let t = byNation.get(g.nation);
    if (!t) byNation.set(g.nation, (t = { resources: 0, gen: 0, dex: 0, expDed: 0, crew: 0 }));
    t.resources += g.gold + g.rice;
    const user = g.npc < 2 ? 1.2 : 1;
    const l = g.leadership;
    t.gen += ((g.rank.killcrewPerson + 1000) / (g.rank.deathcrewPerson + 1000)) * user * (l >= 40 ? l : 0) * 2 + (Math.sqrt(g.intel * g.strength) * 2 + l / 2) / 2;
    for (let i = 1; i < g.dex.length; i++) t.dex += g.dex[i]!;
    t.expDed += g.experience + g.dedication;
    t.crew += g.crew;
  }
  const cityTotals = new Map<number, { pop: number; dev: number; max: number }>();
  for (let id = 1; id < world.cities.length; id++) {
    const c = world.cities[id]!;
    if (c.nation === 0 || c.supply !== 1) continue;
    let t = cityTotals.get(c.nation);
    if (!t) cityTotals.set(c.nation, (t = { pop: 0, dev: 0, max: 0 }));
    t.pop += c.pop;
    t.dev += c.pop + c.agri + c.comm + c.secu + c.wall + c.def;
    t.max += c.popMax + c.agriMax + c.commMax + c.secuMax + c.wallMax + c.defMax;
  }
  for (const nation of [...world.nations.values()].sort((a, b) => a.id - b.id)) {
    const g = byNation.get(nation.id);
    const c = cityTotals.get(nation.id);
    const factor = rng.nextRange(0.95, 1.05);
    // The legacy sums in SQL: a nation without generals, or one of level > 0 without a
    // supplied city, gets a NULL sub-query, so its whole power is NULL, stored as 0
    // (func_gamerule.php); the draw is made all the same and max_power keeps its value.
    if (g === undefined || (nation.level > 0 && c === undefined)) {
      nation.power = 0;
      continue;
    }
    const cityPower = nation.level > 0 && c !== undefined ? phpRound((c.pop * c.dev) / c.max / 100) : 0;
    const raw = phpRound(
      (phpRound((nation.gold + nation.rice + g.resources) / 100) + nation.tech + cityPower + g.gen + phpRound(g.dex / 1000) + phpRound(g.expDed / 100)) / 10,
    );
    nation.power = phpRound(raw * factor);
    nation.maxPower = Math.max(nation.maxPower, nation.power);
  }
}
