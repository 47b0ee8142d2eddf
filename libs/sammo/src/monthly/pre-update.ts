import type { World } from '../world/types';
import { phpRound } from '../world/php-math';

/** City state countdowns: 31→0, 32→31, 33→0, 34→33, 41→0, 42→41, 43→42. */
const NEXT_STATE: Record<number, number> = { 31: 0, 32: 31, 33: 0, 34: 33, 41: 0, 42: 41, 43: 42 };

/** A spied city stays seen for its remaining months; at its last month it is forgotten. */
function spyCountdown(spy: Record<number, number>): void {
  for (const [city, months] of Object.entries(spy)) {
    if (months <= 1) delete spy[Number(city)];
    else spy[Number(city)] = months - 1;
  }
}

/** preUpdateMonthly (§6.1), before the date turns. */
export function preUpdateMonthly(world: World): void {
  const env = world.env;
  for (const g of world.generals.values()) if (g.makelimit > 0) g.makelimit -= 1;
  for (const nation of world.nations.values()) {
    nation.strategicCmdLimit = Math.max(0, nation.strategicCmdLimit - 1);
    nation.surlimit = Math.max(0, nation.surlimit - 1);
    nation.rateTmp = nation.rate;
    spyCountdown(nation.spy);
  }
  env.cityRate = Math.min(100, phpRound((env.year - env.startyear) / 1.5) + 60);
  env.develcost = (env.year - env.startyear + 10) * 2;
  for (let id = 1; id < world.cities.length; id++) {
    const city = world.cities[id]!;
    const next = NEXT_STATE[city.state];
    if (next !== undefined) city.state = next;
    if (city.term > 0) city.term -= 1;
  }
}
