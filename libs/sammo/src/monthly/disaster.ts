import type { RandUtil } from '../rng/rand-util';
import { GameConst } from '../world/constants';
import { chronicle } from '../world/logbook';
import type { City, World } from '../world/types';
import { phpRound } from '../world/php-math';
import { floatColumn, floatInSql, sqlNumber } from '../world/sql-columns';

interface Disaster {
  state: number;
  text: string;
}

/**
 * The month's messages (§6.7), in the legacy RaiseDisaster order with its repeats: one
 * `rng.choice` picks among them, so the list length decides the bytes drawn and a
 * repeated state (Jul 8, Oct 3) is proportionally more likely.
 */
const BAD: Record<number, Disaster[]> = {
  1: [
    { state: 4, text: '역병이 발생하여 도시가 황폐해지고 있습니다.' },
    { state: 5, text: '지진으로 피해가 속출하고 있습니다.' },
    { state: 3, text: '추위가 풀리지 않아 얼어죽는 백성들이 늘어나고 있습니다.' },
    { state: 9, text: '황건적이 출현해 도시를 습격하고 있습니다.' },
  ],
  4: [
    { state: 7, text: '홍수로 인해 피해가 급증하고 있습니다.' },
    { state: 5, text: '지진으로 피해가 속출하고 있습니다.' },
    { state: 6, text: '태풍으로 인해 피해가 속출하고 있습니다.' },
  ],
  7: [
    { state: 8, text: '메뚜기 떼가 발생하여 도시가 황폐해지고 있습니다.' },
    { state: 5, text: '지진으로 피해가 속출하고 있습니다.' },
    { state: 8, text: '흉년이 들어 굶어죽는 백성들이 늘어나고 있습니다.' },
  ],
  10: [
    { state: 3, text: '혹한으로 도시가 황폐해지고 있습니다.' },
    { state: 5, text: '지진으로 피해가 속출하고 있습니다.' },
    { state: 3, text: '눈이 많이 쌓여 도시가 황폐해지고 있습니다.' },
    { state: 9, text: '황건적이 출현해 도시를 습격하고 있습니다.' },
  ],
};
const GOOD: Record<number, Disaster[]> = {
  4: [{ state: 2, text: '호황으로 도시가 번창하고 있습니다.' }],
  7: [{ state: 1, text: '풍작으로 도시가 번창하고 있습니다.' }],
};

const STATS = ['pop', 'agri', 'comm', 'secu', 'def', 'wall'] as const;

/**
 * RaiseDisaster (§6.7), stream `('disater', y, m)`: from the fourth year, each city by id
 * is hit with a chance set by its security; one message (and state) is drawn for the
 * event after all cities were drawn. Booms lift a city, disasters cut it and hurt the
 * generals there (p 0.3: injury +1..16, crew/atmos/train ×0.98).
 */
export function raiseDisaster(world: World, rng: RandUtil): void {
  const { year, month, startyear } = world.env;
  for (let id = 1; id < world.cities.length; id++) if (world.cities[id]!.state <= 10) world.cities[id]!.state = 0;
  if (startyear + 3 > year) return;
  const good = month === 4 || month === 7 ? rng.nextBool(0.25) : false;
  const hit: City[] = [];
  for (let id = 1; id < world.cities.length; id++) {
    const city = world.cities[id]!;
    const sr = city.secu / city.secuMax;
    const p = good ? 0.02 + 0.05 * sr : 0.06 - 0.05 * sr;
    if (rng.nextBool(p)) hit.push(city);
  }
  if (hit.length === 0) return;
  const choices = (good ? GOOD : BAD)[month] ?? BAD[1]!;
  const disaster = rng.choice(choices);
  for (const city of hit) {
    city.state = disaster.state;
    const r = Math.min(1, Math.max(0, city.secu / city.secuMax / 0.8));
    if (good) {
      // `%d` prints the factor with PHP's 14 digits into the SQL.
      const factor = sqlNumber(1.01 + 0.04 * r);
      for (const key of STATS) city[key] = phpRound(Math.min(city[`${key}Max`], city[key] * factor));
      city.trust = floatColumn(Math.min(100, floatInSql(city.trust) * factor));
    } else {
      const factor = sqlNumber(0.8 + 0.15 * r);
      for (const key of STATS) city[key] = phpRound(city[key] * factor);
      city.trust = floatColumn(floatInSql(city.trust) * factor);
      for (const g of world.generals.values()) {
        if (g.city !== city.id || !rng.nextBool(0.3)) continue;
        g.injury = Math.min(GameConst.maxInjury, g.injury + rng.nextRangeInt(1, 16));
        g.crew = phpRound(g.crew * 0.98);
        g.atmos = phpRound(g.atmos * 0.98);
        g.train = phpRound(g.train * 0.98);
      }
    }
  }
  chronicle(world, `【${good ? (month === 4 ? '호황' : '풍작') : '재난'}】 ${hit.map((c) => c.name).join(' ')}에 ${disaster.text}`);
}
