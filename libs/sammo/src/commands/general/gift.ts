import { grouped } from '../../world/php-math';
import { generalLog } from '../../world/logbook';
import { argGeneral, argObject } from '../args';
import type { CommandDef } from '../command';
import { friendlyDestGeneral, notBeNeutral, notSelfArgument, occupiedCity, suppliedCity } from '../constraints';
import { holdsMinimum, readAmount, rewardGiving, take } from './resource-amount';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

export interface GiftArg {
  isGold: boolean;
  amount: number;
  destGeneralId: number;
}

/** 증여: give gold or rice to a fellow general (500 rice stay with the giver); exp 70, ded 100. */
export const gift: CommandDef<GiftArg> = {
  key: 'che_증여',
  name: '증여',
  id: 'gift',
  kind: 'general',
  readArg(raw, world) {
    const o = argObject(raw, 'gift');
    return { ...readAmount(o, 'gift'), destGeneralId: argGeneral(o, 'destGeneralId', 'gift', world) };
  },
  constraints: [
    notSelfArgument((a: GiftArg) => a.destGeneralId), notBeNeutral, occupiedCity, suppliedCity, friendlyDestGeneral((a: GiftArg) => a.destGeneralId), holdsMinimum,
  ],
  run(ctx, arg) {
    const dest = ctx.world.generals.get(arg.destGeneralId)!;
    const given = take(ctx, arg.isGold, arg.amount);
    if (arg.isGold) dest.gold += given;
    else dest.rice += given;
    const what = arg.isGold ? '금' : '쌀';
    generalLog(ctx.world, ctx.general.id, `${dest.name}에게 ${what} ${grouped(given)}을 증여했습니다.`);
    generalLog(ctx.world, dest.id, `${ctx.general.name}에게서 ${what} ${grouped(given)}을 증여 받았습니다.`);
    rewardGiving(ctx);
    tryUniqueItemLottery(ctx);
    return true;
  },
};
