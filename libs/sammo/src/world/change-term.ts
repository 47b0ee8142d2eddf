import { cutTurn } from './clock';
import { chronicle } from './logbook';
import type { World } from './types';

const MINUTE = 60_000;

/**
 * Legacy `ServerTool::changeServerTerm`: a new turn length (a divisor of 120 minutes, so that
 * a game year still fits a day). Every general's distance from the world's turn time scales
 * by new/old (legacy measures it unsigned, so a turn already behind the cursor lands as far
 * ahead), and the opening moves so that the current month keeps its place on the new clock.
 * The world keeps times in ms where legacy keeps µs: a scaled distance is floored to the ms.
 */
export function changeTurnTerm(world: World, turnterm: number): void {
  const env = world.env;
  if (120 % turnterm !== 0) throw new RangeError(`a turn term divides 120 minutes, not ${turnterm}`);
  if (turnterm === env.turnterm) return;
  const ratio = turnterm / env.turnterm;
  for (const g of world.generals.values()) g.turntime = env.turntime + Math.floor(Math.abs(g.turntime - env.turntime) * ratio);
  const months = (env.year - env.startyear) * 12 + env.month - 1;
  env.starttime = cutTurn(env.turntime - months * turnterm * MINUTE, turnterm);
  env.turnterm = turnterm;
  chronicle(world, `★턴시간이 ${turnterm}분으로 변경됩니다.`);
}
