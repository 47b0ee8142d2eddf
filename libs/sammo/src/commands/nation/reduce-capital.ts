import { GameConst } from '../../world/constants';
import { withJosa } from '../../world/josa';
import { addDedication, addExperience } from '../../stats/levels';
import { chronicle, generalLog, nationLog } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandContext, CommandDef } from '../command';
import { chiefInOwnSuppliedCity } from '../constraints';
import { Expand } from './expand-capital';
import { increaseInheritancePoint } from '../../world/inheritance';

/** What 감축 returns to the treasury, in gold and in rice: develcost × 500 + 60000 / 2. */
const refund = (c: CommandContext) => c.world.env.develcost * Expand.costCoef + Expand.defaultCost / 2;
const capitalOf = (c: CommandContext) => c.world.cities[c.nation!.capital]!;

/**
 * 감축 (legacy che_감축): after 5 turns the capital loses a level 증축 gave it (never below 5
 * nor below the map's level): maxima −100000 people, −2000 each other, the stats as much (not
 * below 0, people not below 30000); the treasury gets back develcost × 500 + 30000 of gold and
 * of rice; exp and ded + 30. A capital move or level change meanwhile restarts it (`capset`).
 */
export const reduceCapital: CommandDef<null> = {
  key: 'che_감축',
  name: '감축',
  id: 'reduceCapital',
  kind: 'nation',
  readArg: (raw) => noArg(raw, 'reduceCapital'),
  constraints: [
    ...chiefInOwnSuppliedCity,
    (c) => (capitalOf(c).level <= 4 || (capitalOf(c).expanded ?? 0) <= 0 ? '더이상 감축할 수 없습니다.' : null),
  ],
  preTurns: () => 5,
  termSeq: (c) => c.nation!.capset,
  run(ctx) {
    const { world, general } = ctx;
    const nation = ctx.nation!;
    const city = capitalOf(ctx);
    for (const line of addExperience(general, 30)) generalLog(world, general.id, line);
    for (const line of addDedication(general, 30)) generalLog(world, general.id, line);
    city.level -= 1;
    if (city.expanded === 1) delete city.expanded;
    else city.expanded! -= 1;
    city.pop = Math.max(city.pop - Expand.pop, GameConst.minAvailableRecruitPop);
    city.agri = Math.max(city.agri - Expand.devel, 0);
    city.comm = Math.max(city.comm - Expand.devel, 0);
    city.secu = Math.max(city.secu - Expand.devel, 0);
    city.def = Math.max(city.def - Expand.wall, 0);
    city.wall = Math.max(city.wall - Expand.wall, 0);
    city.popMax -= Expand.pop;
    city.agriMax -= Expand.devel;
    city.commMax -= Expand.devel;
    city.secuMax -= Expand.devel;
    city.defMax -= Expand.wall;
    city.wallMax -= Expand.wall;
    nation.capset += 1;
    nation.gold += refund(ctx);
    nation.rice += refund(ctx);
    generalLog(world, general.id, `${withJosa(city.name, '을')} 감축했습니다.`);
    nationLog(world, nation.id, `${withJosa(general.name, '이')} ${withJosa(city.name, '을')} 감축`);
    chronicle(world, `【감축】 ${withJosa(nation.name, '이')} ${withJosa(city.name, '을')} 감축하였습니다.`);
    increaseInheritancePoint(ctx.world, ctx.general, 'active_action', 1);
    return true;
  },
};
