import { GameConst } from '../../world/constants';
import { generalLog } from '../../world/logbook';
import { argBool, argInt, argObject } from '../args';
import type { CommandDef } from '../command';
import { roundedAmount } from './resource-amount';

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
