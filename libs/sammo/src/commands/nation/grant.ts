import { withJosa } from '../../world/josa';
import { grouped } from '../../world/php-math';
import { GameConst } from '../../world/constants';
import { generalLog, nationLog } from '../../world/logbook';
import type { CommandDef } from '../command';
import { friendlyDestGeneral, notSelfDestGeneral } from '../constraints';
import { roundedAmount } from '../general/resource-amount';
import { chiefInOwnSuppliedCity, readGrant, type GrantArg } from './grant-arg';

/** 포상: pay a fellow general from the treasury, keeping the base stock (gold 0, rice 2000). */
export const grant: CommandDef<GrantArg> = {
  key: 'che_포상',
  name: '포상',
  id: 'grant',
  kind: 'nation',
  readArg: (raw, world) => readGrant(raw, world, 'grant'),
  constraints: [
    notSelfDestGeneral((a: GrantArg) => a.destGeneralId),
    ...chiefInOwnSuppliedCity,
    friendlyDestGeneral((a: GrantArg) => a.destGeneralId),
    // ReqNationGold/Rice(1 + base): a single unit above the base stock will do.
    (c, a) => {
      const n = c.nation!;
      return (a.isGold ? n.gold - GameConst.basegold : n.rice - GameConst.baserice) < 1 ? (a.isGold ? '국고가 부족합니다.' : '병량이 부족합니다.') : null;
    },
  ],
  run(ctx, arg) {
    const nation = ctx.nation!;
    const dest = ctx.world.generals.get(arg.destGeneralId)!;
    const spare = arg.isGold ? nation.gold - GameConst.basegold : nation.rice - GameConst.baserice;
    const amount = Math.min(roundedAmount(arg.amount), spare);
    if (arg.isGold) {
      nation.gold -= amount;
      dest.gold += amount;
    } else {
      nation.rice -= amount;
      dest.rice += amount;
    }
    const what = arg.isGold ? '금' : '쌀';
    const text = withJosa(grouped(amount), '을');
    generalLog(ctx.world, dest.id, `${what} ${text} 포상으로 받았습니다.`);
    generalLog(ctx.world, ctx.general.id, `${dest.name}에게 ${what} ${text} 수여했습니다.`);
    nationLog(ctx.world, nation.id, `${dest.name}에게 ${what} ${amount}을 포상했습니다.`);
    return true;
  },
};
