import { GameConst } from '../../world/constants';
import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { generalLog } from '../../world/logbook';
import { argBool, argInt, argObject } from '../args';
import type { CommandContext, CommandDef, Constraint } from '../command';
import { suppliedCity } from '../constraints';
import { roundedAmount } from './resource-amount';
import { grouped, phpRound } from '../../world/php-math';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

export interface TradeArg {
  buyRice: boolean;
  amount: number;
}

/** ReqCityTrader(npc): a merchant in the city, or an AI general (npc ≥ 2), who trades at par. */
export const cityTrader: Constraint<unknown> = (c) => (c.city.trade === null && c.general.npc < 2 ? '도시에 상인이 없습니다.' : null);

/** OccupiedCity(true): a wanderer may trade anywhere, a member only in an own city. */
const ownCityOrWanderer: Constraint<TradeArg> = (c) => (c.general.nation !== 0 && c.city.nation !== c.general.nation ? '아국이 아닙니다.' : null);

/** ReqGeneralGold(1) / ReqGeneralRice(1) for the side that is sold. */
const hasSomethingToSell: Constraint<TradeArg> = (c, a) =>
  a.buyRice ? (c.general.gold < 1 ? '자금이 모자랍니다.' : null) : c.general.rice < 1 ? '군량이 모자랍니다.' : null;

/** What one trade moves, before the integer columns round it. */
export interface TradeResult {
  gold: number;
  rice: number;
  /** The 1% fee, paid into the nation's gold. */
  fee: number;
}

/**
 * The legacy che_군량매매 arithmetic at rate r (trade/100, 1.0 for an AI without a merchant):
 * buying spends min(amount×r, gold) plus the fee, scaled down to the gold held when the fee
 * would overdraw it, and gets spent/r rice; selling gets rice×r gold less the fee.
 */
export function tradeOutcome(ctx: CommandContext, arg: TradeArg): TradeResult {
  const g = ctx.general;
  const rate = ctx.city.trade === null ? 1 : ctx.city.trade / 100;
  const fee = GameConst.exchangeFee;
  if (arg.buyRice) {
    let spent = Math.min(arg.amount * rate, g.gold);
    let tax = spent * fee;
    if (spent + tax > g.gold) {
      spent *= g.gold / (spent + tax);
      tax = g.gold - spent;
    }
    return { gold: -(spent + tax), rice: spent / rate, fee: tax };
  }
  const sold = Math.min(arg.amount, g.rice);
  const tax = sold * rate * fee;
  return { gold: sold * rate - tax, rice: -sold, fee: tax };
}

/** 군량매매 {buyRice, amount}: trade rice for gold at the city's rate, the fee to the nation. */
export const tradeRice: CommandDef<TradeArg> = {
  key: 'che_군량매매',
  name: '군량매매',
  id: 'trade-rice',
  kind: 'general',
  readArg(raw) {
    const o = argObject(raw, 'trade-rice');
    return { buyRice: argBool(o, 'buyRice', 'trade-rice'), amount: roundedAmount(argInt(o, 'amount', 'trade-rice', 1, 1_000_000)) };
  },
  constraints: [cityTrader, ownCityOrWanderer, suppliedCity, hasSomethingToSell],
  run(ctx, arg) {
    const g = ctx.general;
    const out = tradeOutcome(ctx, arg);
    // General columns are integers (the stored value is rounded); the nation's share goes
    // through an `%i` placeholder in legacy, which truncates.
    g.gold = Math.max(0, phpRound(g.gold + out.gold));
    g.rice = Math.max(0, phpRound(g.rice + out.rice));
    if (ctx.nation) ctx.nation.gold += Math.trunc(out.fee);
    const gold = Math.abs(phpRound(out.gold));
    const rice = Math.abs(phpRound(out.rice));
    generalLog(ctx.world, g.id, arg.buyRice ? `군량 ${grouped(rice)}을 사서 자금 ${grouped(gold)}을 썼습니다.` : `군량 ${grouped(rice)}을 팔아 자금 ${grouped(gold)}을 얻었습니다.`);
    for (const line of addExperience(g, 30)) generalLog(ctx.world, g.id, line);
    for (const line of addDedication(g, 50)) generalLog(ctx.world, g.id, line);
    // One point of stat exp, drawn by the raw stats (no injury, items or cross-adjust).
    const stat = ctx.rng.choiceUsingWeight([
      ['leadership', g.leadership],
      ['strength', g.strength],
      ['intel', g.intel],
    ] as const);
    g[`${stat}Exp`] += 1;
    for (const line of checkStatChange(g)) generalLog(ctx.world, g.id, line);
    tryUniqueItemLottery(ctx);
    return true;
  },
};
