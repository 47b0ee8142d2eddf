import type { Json } from '@chronicle/engine';
import { GameConst } from '../../world/constants';
import { argBool, argInt } from '../args';
import type { CommandContext, Constraint } from '../command';
import { clamp } from './domestic';

/** Amounts are whole hundreds from 100 to the resource cap (§5.4). */
export function roundedAmount(amount: number): number {
  return clamp(Math.round(amount / 100) * 100, 100, GameConst.maxResourceActionAmount);
}

export function readAmount(o: Record<string, Json>, id: string): { isGold: boolean; amount: number } {
  return { isGold: argBool(o, 'isGold', id), amount: roundedAmount(argInt(o, 'amount', id, 1, 1_000_000)) };
}

/** What a general may give away: all the gold, the rice above the minimum a general keeps. */
export function spare(ctx: CommandContext, isGold: boolean): number {
  return isGold ? ctx.general.gold : Math.max(0, ctx.general.rice - GameConst.generalMinimumRice);
}

export const hasStock: Constraint<{ isGold: boolean }> = (c, a) => (spare(c, a.isGold) <= 0 ? (a.isGold ? '자금이 없습니다.' : '군량이 부족합니다.') : null);

export function take(ctx: CommandContext, isGold: boolean, amount: number): number {
  const g = ctx.general;
  const given = Math.min(amount, spare(ctx, isGold));
  if (isGold) g.gold -= given;
  else g.rice -= given;
  return given;
}
