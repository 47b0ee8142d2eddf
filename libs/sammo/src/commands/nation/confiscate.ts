import { withJosa } from '../../world/josa';
import { grouped } from '../../world/php-math';
import { generalLog, nationLog } from '../../world/logbook';
import type { CommandDef } from '../command';
import { beChief, friendlyDestGeneral, notBeNeutral, notOpeningPart, notSelfDestGeneral, occupiedCity, suppliedCity } from '../constraints';
import { roundedAmount } from '../general/resource-amount';
import { readGrant, type GrantArg } from './grant-arg';

/** 몰수: take from a fellow general into the treasury (not in the opening years). */
export const confiscate: CommandDef<GrantArg> = {
  key: 'che_몰수',
  name: '몰수',
  id: 'confiscate',
  kind: 'nation',
  readArg: (raw, world) => readGrant(raw, world, 'confiscate'),
  constraints: [
    notSelfDestGeneral((a: GrantArg) => a.destGeneralId),
    notBeNeutral, occupiedCity, beChief, notOpeningPart, suppliedCity,
    friendlyDestGeneral((a: GrantArg) => a.destGeneralId),
  ],
  run(ctx, arg) {
    const nation = ctx.nation!;
    const dest = ctx.world.generals.get(arg.destGeneralId)!;
    const stock = arg.isGold ? dest.gold : dest.rice;
    const amount = Math.min(roundedAmount(arg.amount), stock);
    if (arg.isGold) {
      dest.gold -= amount;
      nation.gold += amount;
    } else {
      dest.rice -= amount;
      nation.rice += amount;
    }
    const what = arg.isGold ? '금' : '쌀';
    const text = withJosa(grouped(amount), '을');
    generalLog(ctx.world, dest.id, `${what} ${text} 몰수 당했습니다.`);
    generalLog(ctx.world, ctx.general.id, `${dest.name}에게서 ${what} ${text} 몰수했습니다.`);
    nationLog(ctx.world, nation.id, `${dest.name}에게서 ${what} ${amount}을 몰수했습니다.`);
    return true;
  },
};
