import type { RandUtil } from '../rng/rand-util';
import type { World } from '../world/types';

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
    const g = byNation.get(nation.id) ?? { resources: 0, gen: 0, dex: 0, expDed: 0, crew: 0 };
    const c = cityTotals.get(nation.id);
    const cityPower = nation.level > 0 && c && c.max > 0 ? Math.round((c.pop * c.dev) / c.max / 100) : 0;
    const raw = Math.round(
      (Math.round((nation.gold + nation.rice + g.resources) / 100) + nation.tech + cityPower + g.gen + Math.round(g.dex / 1000) + Math.round(g.expDed / 100)) / 10,
    );
    nation.power = Math.round(raw * rng.nextRange(0.95, 1.05));
    nation.maxPower = Math.max(nation.maxPower, nation.power);
  }
}
