import { grouped } from '../../world/php-math';
import { generalLog, nationLog } from '../../world/logbook';
import { argObject } from '../args';
import type { CommandDef } from '../command';
import { notBeNeutral, occupiedCity, suppliedCity } from '../constraints';
import { holdsMinimum, readAmount, rewardGiving, take } from './resource-amount';
import { withJosa } from '../../world/josa';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

export interface DonateArg {
  isGold: boolean;
  amount: number;
}

/**
 * 헌납: give gold or rice to the nation; exp 70, ded 100. Unlike 증여 nothing is kept: legacy
 * che_헌납 takes valueFit(amount, 0, stock) once the general holds the minimum.
 */
export const donate: CommandDef<DonateArg> = {
  key: 'che_헌납',
  name: '헌납',
  id: 'donate',
  kind: 'general',
  readArg: (raw) => readAmount(argObject(raw, 'donate'), 'donate'),
  constraints: [notBeNeutral, occupiedCity, suppliedCity, holdsMinimum],
  run(ctx, arg) {
    const nation = ctx.nation!;
    const given = take(ctx, arg.isGold, arg.amount, false);
    if (arg.isGold) nation.gold += given;
    else nation.rice += given;
    const what = arg.isGold ? '금' : '쌀';
    generalLog(ctx.world, ctx.general.id, `${what} ${grouped(given)}을 헌납했습니다.`);
    nationLog(ctx.world, nation.id, `${withJosa(ctx.general.name, '이')} ${what} ${given}을 헌납했습니다.`);
    rewardGiving(ctx);
    tryUniqueItemLottery(ctx);
    return true;
  },
};
