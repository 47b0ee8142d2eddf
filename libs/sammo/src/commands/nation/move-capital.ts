import { GameConst } from '../../world/constants';
import { addDedication, addExperience } from '../../stats/levels';
import { chronicle, generalLog } from '../../world/logbook';
import type { World } from '../../world/types';
import type { CommandContext, CommandDef } from '../command';
import { chiefOverOwnDestCity } from '../constraints';
import { readDestCity, type DestCityArg } from '../general/move';
import { withJosa } from '../../world/josa';
import { increaseInheritancePoint } from '../../world/inheritance';

/** Legacy `calcCityDistance(capital, dest, [nation])`: steps through the nation's own cities, or null. */
export function distanceThroughOwn(world: World, from: number, to: number, nationId: number): number | null {
  if (from === to) return 0;
  let ring = [from];
  const seen = new Set(ring);
  for (let d = 1; ring.length > 0; d++) {
    const next: number[] = [];
    for (const id of ring) {
      for (const n of world.cities[id]!.neighbours) {
        if (seen.has(n) || world.cities[n]!.nation !== nationId) continue;
        if (n === to) return d;
        seen.add(n);
        next.push(n);
      }
    }
    ring = next;
  }
  return null;
}

/** Legacy falls back to 50 steps when there is no road (the command then fails anyway). */
const distance = (c: CommandContext, a: DestCityArg) => distanceThroughOwn(c.world, c.nation!.capital, a.destCityId, c.general.nation) ?? 50;
const cost = (c: CommandContext, a: DestCityArg) => c.world.env.develcost * 5 * 2 ** distance(c, a);

/**
 * 천도 {destCityId} (§5.5): the capital moves to an own supplied city reached through own
 * cities, after 2 × distance turns of preparation; the treasury must hold base + develcost ×
 * 5 × 2^distance of gold and rice (checked, not spent); exp and ded + 5 × (turns + 1).
 * Another capital move or level change landing meanwhile restarts the preparation (`capset`).
 */
export const moveCapital: CommandDef<DestCityArg> = {
  key: 'che_천도',
  name: '천도',
  id: 'moveCapital',
  kind: 'nation',
  readArg: readDestCity('moveCapital'),
  constraints: [
    ...chiefOverOwnDestCity<DestCityArg>(),
    (c, a) => (c.nation!.capital === a.destCityId ? '이미 수도입니다.' : null),
    (c, a) => (c.nation!.gold < GameConst.basegold + cost(c, a) ? '국고가 부족합니다.' : null),
    (c, a) => (c.nation!.rice < GameConst.baserice + cost(c, a) ? '병량이 부족합니다.' : null),
  ],
  preTurns: (c, a) => distance(c, a) * 2,
  termSeq: (c) => c.nation!.capset,
  run(ctx, arg) {
    const turns = distance(ctx, arg) * 2 + 1;
    const nation = ctx.nation!;
    nation.capital = arg.destCityId;
    nation.capset += 1;
    for (const line of addExperience(ctx.general, 5 * turns)) generalLog(ctx.world, ctx.general.id, line);
    for (const line of addDedication(ctx.general, 5 * turns)) generalLog(ctx.world, ctx.general.id, line);
    const name = ctx.world.cities[arg.destCityId]!.name;
    generalLog(ctx.world, ctx.general.id, `${withJosa(name, '으로')} 천도했습니다.`);
    chronicle(ctx.world, `【천도】 ${withJosa(nation.name, '이')} ${withJosa(name, '으로')} 천도하였습니다.`);
    increaseInheritancePoint(ctx.world, ctx.general, 'active_action', 1);
    return true;
  },
};
