import type { Json } from '@chronicle/engine';
import { GameConst } from '../../world/constants';
import { generalLog, nationLog } from '../../world/logbook';
import { argBool, argGeneral, argInt, argObject } from '../args';
import type { CommandContext, CommandDef, Constraint } from '../command';
import { friendlyDestGeneral, notBeNeutral, notSelfDestGeneral, occupiedCity, suppliedCity } from '../constraints';
import { clamp } from './domestic';

export interface GiftArg {
  isGold: boolean;
  amount: number;
  destGeneralId: number;
}

export interface DonateArg {
  isGold: boolean;
  amount: number;
}

/** Amounts are whole hundreds from 100 to the resource cap (§5.4). */
export function roundedAmount(amount: number): number {
  return clamp(Math.round(amount / 100) * 100, 100, GameConst.maxResourceActionAmount);
}

function readAmount(o: Record<string, Json>, id: string): { isGold: boolean; amount: number } {
  return { isGold: argBool(o, 'isGold', id), amount: roundedAmount(argInt(o, 'amount', id, 1, 1_000_000)) };
}

/** What a general may give away: all the gold, the rice above the minimum a general keeps. */
function spare(ctx: CommandContext, isGold: boolean): number {
  return isGold ? ctx.general.gold : Math.max(0, ctx.general.rice - GameConst.generalMinimumRice);
}

const hasStock: Constraint<{ isGold: boolean }> = (c, a) => (spare(c, a.isGold) <= 0 ? (a.isGold ? '자금이 없습니다.' : '군량이 부족합니다.') : null);

function take(ctx: CommandContext, isGold: boolean, amount: number): number {
  const g = ctx.general;
  const given = Math.min(amount, spare(ctx, isGold));
  if (isGold) g.gold -= given;
  else g.rice -= given;
  return given;
}

/** 증여: give gold or rice to a fellow general (500 rice stay with the giver). */
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
    notBeNeutral, occupiedCity, suppliedCity, notSelfDestGeneral((a: GiftArg) => a.destGeneralId), friendlyDestGeneral((a: GiftArg) => a.destGeneralId), hasStock,
  ],
  run(ctx, arg) {
    const dest = ctx.world.generals.get(arg.destGeneralId)!;
    const given = take(ctx, arg.isGold, arg.amount);
    if (arg.isGold) dest.gold += given;
    else dest.rice += given;
    const what = arg.isGold ? '금' : '쌀';
    generalLog(ctx.world, ctx.general.id, `${dest.name}에게 ${what} ${given}을 증여했습니다.`);
    generalLog(ctx.world, dest.id, `${ctx.general.name}에게서 ${what} ${given}을 받았습니다.`);
    return true;
  },
};

/** 헌납: give gold or rice to the nation (500 rice stay with the giver). */
export const donate: CommandDef<DonateArg> = {
  key: 'che_헌납',
  name: '헌납',
  id: 'donate',
  kind: 'general',
  readArg: (raw) => readAmount(argObject(raw, 'donate'), 'donate'),
  constraints: [notBeNeutral, occupiedCity, suppliedCity, hasStock],
  run(ctx, arg) {
    const nation = ctx.nation!;
    const given = take(ctx, arg.isGold, arg.amount);
    if (arg.isGold) nation.gold += given;
    else nation.rice += given;
    const what = arg.isGold ? '금' : '쌀';
    generalLog(ctx.world, ctx.general.id, `${what} ${given}을 헌납했습니다.`);
    nationLog(ctx.world, nation.id, `${ctx.general.name}이(가) ${what} ${given}을 헌납했습니다.`);
    return true;
  },
};

export interface TradeArg {
  buyRice: boolean;
  amount: number;
}

/**
 * 군량매매: trade at the city's rate (`trade`, 95..105) with a 1% fee. Buying rice spends
 * `amount × trade/100 × (1 + fee)` gold; selling earns `amount × trade/100 × (1 − fee)`.
 */
export const tradeRice: CommandDef<TradeArg> = {
  key: 'che_군량매매',
  name: '군량매매',
  id: 'trade-rice',
  kind: 'general',
  readArg(raw) {
    const o = argObject(raw, 'trade-rice');
    return { buyRice: argBool(o, 'buyRice', 'trade-rice'), amount: roundedAmount(argInt(o, 'amount', 'trade-rice', 1, 1_000_000)) };
  },
  constraints: [
    (c) => (c.city.trade === null ? '도시에 상인이 없습니다.' : null),
    (c, a) => ((a.buyRice ? c.general.gold : c.general.rice) <= 0 ? (a.buyRice ? '자금이 없습니다.' : '군량이 없습니다.') : null),
  ],
  run(ctx, arg) {
    const g = ctx.general;
    const price = ctx.city.trade! / 100;
    if (arg.buyRice) {
      const rice = Math.min(arg.amount, Math.floor(g.gold / (price * (1 + GameConst.exchangeFee))));
      const gold = Math.round(rice * price * (1 + GameConst.exchangeFee));
      g.gold = Math.max(0, g.gold - gold);
      g.rice += rice;
      generalLog(ctx.world, g.id, `금 ${gold}으로 쌀 ${rice}을 샀습니다.`);
    } else {
      const rice = Math.min(arg.amount, g.rice);
      const gold = Math.round(rice * price * (1 - GameConst.exchangeFee));
      g.rice -= rice;
      g.gold += gold;
      generalLog(ctx.world, g.id, `쌀 ${rice}을 금 ${gold}에 팔았습니다.`);
    }
    return true;
  },
};
