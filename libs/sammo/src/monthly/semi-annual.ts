import { populationRatio } from '../stats/chain';
import type { City, World } from '../world/types';
import type { Resource } from '../stats/income';
import { phpRound } from '../world/php-math';
import { floatColumn, floatInSql } from '../world/sql-columns';


const DOMESTIC = ['agri', 'comm', 'secu', 'def', 'wall'] as const;

/**
 * ProcessSemiAnnual (§6.5): everything decays a little, neutral cities a little more;
 * supplied cities grow by their nation's tax rate; large stocks of this resource decay.
 */
export function processSemiAnnual(world: World, resource: Resource): void {
  for (let id = 1; id < world.cities.length; id++) {
    const city = world.cities[id]!;
    decay(city, 0.99);
    city.dead = 0;
    if (city.nation === 0) {
      decay(city, 0.99);
      city.trust = 50;
    }
  }
  for (let id = 1; id < world.cities.length; id++) {
    const city = world.cities[id]!;
    if (city.nation === 0 || city.supply !== 1) continue;
    const nation = world.nations.get(city.nation);
    if (!nation) continue;
    const r = nation.rateTmp;
    const popRatio = populationRatio(nation, (30 - r) / 200);
    const g = (20 - r) / 200;
    const secuShare = city.secu / city.secuMax / 10;
    const factor = popRatio >= 0 ? 1 + popRatio * (1 + secuShare) : 1 + popRatio * (1 - secuShare);
    city.pop = phpRound(Math.min(city.popMax, 5000 + city.pop * factor));
    for (const key of DOMESTIC) city[key] = phpRound(Math.min(city[`${key}Max`], city[key] * (1 + g)));
    city.trust = floatColumn(Math.min(100, Math.max(0, floatInSql(city.trust) + 20 - r)));
  }
  for (const general of world.generals.values()) {
    const v = general[resource];
    if (v > 10000) general[resource] = phpRound(v * 0.97);
    else if (v > 1000) general[resource] = phpRound(v * 0.99);
  }
  for (const nation of world.nations.values()) {
    const v = nation[resource];
    if (v > 100000) nation[resource] = phpRound(v * 0.95);
    else if (v > 10000) nation[resource] = phpRound(v * 0.97);
    else if (v > 1000) nation[resource] = phpRound(v * 0.99);
  }
}

function decay(city: City, factor: number): void {
  for (const key of DOMESTIC) city[key] = phpRound(city[key] * factor);
}
