import { nationalIncome } from '../stats/chain';
import { chronicle, nationLog } from '../world/logbook';
import type { World } from '../world/types';
import { phpRound } from '../world/php-math';
import { withJosa } from '../world/josa';
import { floatColumn, floatInSql } from '../world/sql-columns';

/**
 * UpdateCitySupply (§6.3): a city is supplied when a path of the nation's own cities
 * joins it to the capital. Cut-off cities wither (×0.9) and so do the nation's troops
 * there (×0.95); a cut-off city whose trust falls below 30 turns neutral (【고립】).
 */
export function updateCitySupply(world: World): void {
  const supplied = new Uint8Array(world.cities.length);
  for (const nation of world.nations.values()) {
    if (nation.level <= 0) continue;
    const capital = world.cities[nation.capital];
    if (!capital || capital.nation !== nation.id) continue;
    const queue = [capital.id];
    supplied[capital.id] = 1;
    for (let head = 0; head < queue.length; head++) {
      for (const n of world.cities[queue[head]!]!.neighbours) {
        if (supplied[n] === 0 && world.cities[n]!.nation === nation.id) {
          supplied[n] = 1;
          queue.push(n);
        }
      }
    }
  }
  for (let id = 1; id < world.cities.length; id++) {
    const city = world.cities[id]!;
    if (city.nation === 0 || supplied[id] === 1) {
      city.supply = 1;
      continue;
    }
    city.supply = 0;
    city.pop = phpRound(city.pop * 0.9);
    city.agri = phpRound(city.agri * 0.9);
    city.comm = phpRound(city.comm * 0.9);
    city.secu = phpRound(city.secu * 0.9);
    city.def = phpRound(city.def * 0.9);
    city.wall = phpRound(city.wall * 0.9);
    city.trust = floatColumn(floatInSql(city.trust) * 0.9);
    for (const g of world.generals.values()) {
      if (g.city === id && g.nation === city.nation) {
        g.crew = phpRound(g.crew * 0.95);
        g.atmos = phpRound(g.atmos * 0.95);
        g.train = phpRound(g.train * 0.95);
      }
    }
    if (city.trust < 30) {
      const owner = city.nation;
      city.nation = 0;
      city.front = 0;
      city.officerSet = 0;
      city.term = 0;
      for (const g of world.generals.values()) {
        if (g.officerCity === id && g.officerLevel >= 2 && g.officerLevel <= 4) {
          g.officerLevel = 1;
          g.officerCity = 0;
        }
      }
      nationLog(world, owner, `【고립】 ${withJosa(city.name, '이')} 보급이 끊겨 이탈했습니다.`);
      chronicle(world, `【고립】 ${withJosa(city.name, '이')} 고립되어 공백지가 되었습니다.`);
    }
  }
}

/** ProcessWarIncome (§6.4): the dead of supplied cities pay their nation; a fifth of them return as people. */
export function processWarIncome(world: World): void {
  for (let id = 1; id < world.cities.length; id++) {
    const city = world.cities[id]!;
    const nation = city.nation === 0 ? undefined : world.nations.get(city.nation);
    if (nation && nation.level > 0 && city.supply === 1) nation.gold += phpRound(nationalIncome(nation, 'gold', city.dead / 10));
  }
  for (let id = 1; id < world.cities.length; id++) {
    const city = world.cities[id]!;
    city.pop += phpRound(city.dead * 0.2);
    city.dead = 0;
  }
}
