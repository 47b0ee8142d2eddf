import { GameConst } from '../../world/constants';
import { addDedication, addExperience } from '../../stats/levels';
import { chronicle, generalLog } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandContext, CommandDef } from '../command';
import { chiefInOwnSuppliedCity } from '../constraints';
import { withJosa } from '../../world/josa';
import { increaseInheritancePoint } from '../../world/inheritance';

/** Legacy GameConst `expandCity…`: what 증축 costs and adds. */
export const Expand = { costCoef: 500, defaultCost: 60000, pop: 100000, devel: 2000, wall: 2000 } as const;

const cost = (c: CommandContext) => c.world.env.develcost * Expand.costCoef + Expand.defaultCost;
const capitalLevel = (c: CommandContext) => c.world.cities[c.nation!.capital]!.level;

/**
 * 증축 (§5.5): after 5 turns the capital grows a level (not 수/진/관, at most 8): people's
 * maximum +100000, every other maximum +2000; the treasury pays develcost × 500 + 60000 of
 * gold and rice; exp and ded + 30. A capital move or level change landing meanwhile restarts
 * the preparation (`capset`).
 */
export const expandCapital: CommandDef<null> = {
  key: 'che_증축',
  name: '증축',
  id: 'expandCapital',
  kind: 'nation',
  readArg: (raw) => noArg(raw, 'expandCapital'),
  constraints: [
    ...chiefInOwnSuppliedCity,
    (c) => (capitalLevel(c) <= 3 ? '수진, 진, 관문에서는 불가능합니다.' : null),
    (c) => (capitalLevel(c) >= 8 ? '더이상 증축할 수 없습니다.' : null),
    (c) => (c.nation!.gold < GameConst.basegold + cost(c) ? '국고가 부족합니다.' : null),
    (c) => (c.nation!.rice < GameConst.baserice + cost(c) ? '병량이 부족합니다.' : null),
  ],
  preTurns: () => 5,
  termSeq: (c) => c.nation!.capset,
  run(ctx) {
    const nation = ctx.nation!;
    const city = ctx.world.cities[nation.capital]!;
    city.level += 1;
    city.expanded = (city.expanded ?? 0) + 1;
    nation.capset += 1;
    city.popMax += Expand.pop;
    city.agriMax += Expand.devel;
    city.commMax += Expand.devel;
    city.secuMax += Expand.devel;
    city.defMax += Expand.wall;
    city.wallMax += Expand.wall;
    nation.gold -= cost(ctx);
    nation.rice -= cost(ctx);
    for (const line of addExperience(ctx.general, 30)) generalLog(ctx.world, ctx.general.id, line);
    for (const line of addDedication(ctx.general, 30)) generalLog(ctx.world, ctx.general.id, line);
    generalLog(ctx.world, ctx.general.id, `${withJosa(city.name, '을')} 증축했습니다.`);
    chronicle(ctx.world, `【증축】 ${withJosa(nation.name, '이')} 수도 ${withJosa(city.name, '을')} 증축하였습니다.`);
    increaseInheritancePoint(ctx.world, ctx.general, 'active_action', 1);
    return true;
  },
};
