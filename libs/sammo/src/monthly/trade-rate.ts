import type { RandUtil } from '../rng/rand-util';
import type { World } from '../world/types';

/** Chance that a city of this level has merchants this half-year (§6.7). */
const TRADE_PROB: Record<number, number> = { 1: 0, 2: 0, 3: 0, 4: 0.2, 5: 0.4, 6: 0.6, 7: 0.8, 8: 1 };

/** RandomizeCityTradeRate (Jan/Jul), stream `('randomizeCityTradeRate', y, m)`, cities by id. */
export function randomizeCityTradeRate(world: World, rng: RandUtil): void {
  for (let id = 1; id < world.cities.length; id++) {
    const city = world.cities[id]!;
    const prob = TRADE_PROB[city.level] ?? 0;
    city.trade = prob > 0 && rng.nextBool(prob) ? rng.nextRangeInt(95, 105) : null;
  }
}
