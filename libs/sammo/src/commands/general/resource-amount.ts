import type { Json } from '@chronicle/engine';
import { GameConst } from '../../world/constants';
import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { generalLog } from '../../world/logbook';
import { argBool, argInt } from '../args';
import type { CommandContext, Constraint } from '../command';
import { clamp } from './domestic';
import { phpRound } from '../../world/php-math';

/** Amounts are whole hundreds from 100 to the resource cap (§5.4). */
export function roundedAmount(amount: number): number {
  return clamp(phpRound(amount / 100) * 100, 100, GameConst.maxResourceActionAmount);
}

export function readAmount(o: Record<string, Json>, id: string): { isGold: boolean; amount: number } {
  return { isGold: argBool(o, 'isGold', id), amount: roundedAmount(argInt(o, 'amount', id, 1, 1_000_000)) };
}

/** The stock a general keeps when giving (legacy `generalMinimumGold` 0 / `generalMinimumRice` 500). */
export function minimumKept(isGold: boolean): number {
  return isGold ? GameConst.generalMinimumGold : GameConst.generalMinimumRice;
}

/** What a general may give away: the stock above the minimum kept (§5.4 "minimum rice kept"). */
export function spare(ctx: CommandContext, isGold: boolean): number {
  return Math.max(0, (isGold ? ctx.general.gold : ctx.general.rice) - minimumKept(isGold));
}

/**
 * Legacy ReqGeneralGold/Rice(minimum): the general holds at least the minimum. At exactly
 * the minimum the command still runs, gives 0 and earns its experience, as in legacy.
 */
export const holdsMinimum: Constraint<{ isGold: boolean }> = (c, a) =>
  a.isGold
    ? c.general.gold < GameConst.generalMinimumGold ? '자금이 모자랍니다.' : null
    : c.general.rice < GameConst.generalMinimumRice ? '군량이 모자랍니다.' : null;

/** Takes up to `amount` from the general: above the kept minimum (증여), or all of it (`keepMinimum` false: 헌납). */
export function take(ctx: CommandContext, isGold: boolean, amount: number, keepMinimum = true): number {
  const g = ctx.general;
  const given = Math.min(amount, keepMinimum ? spare(ctx, isGold) : isGold ? g.gold : g.rice);
  if (isGold) g.gold -= given;
  else g.rice -= given;
  return given;
}

/** What both 증여 and 헌납 earn (legacy): exp +70, ded +100, leadership exp +1, then the stat check. */
export function rewardGiving(ctx: CommandContext): void {
  const g = ctx.general;
  for (const line of addExperience(g, 70)) generalLog(ctx.world, g.id, line);
  for (const line of addDedication(g, 100)) generalLog(ctx.world, g.id, line);
  g.leadershipExp += 1;
  for (const line of checkStatChange(g)) generalLog(ctx.world, g.id, line);
}
