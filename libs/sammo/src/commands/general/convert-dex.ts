import { IllegalMove } from '@chronicle/engine';
import { addExperience, checkStatChange } from '../../stats/levels';
import { generalLog } from '../../world/logbook';
import { withJosa } from '../../world/josa';
import { phpNumberFormat } from '../../world/php-math';
import { argInt, argObject } from '../args';
import type { CommandDef } from '../command';
import { notBeNeutral, occupiedCity, reqGeneralGold, reqGeneralRice } from '../constraints';
import { ARM_NAMES } from '../../stats/crew-types';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

export interface ConvertDexArg {
  srcArmType: number;
  destArmType: number;
}

/** Of the source arm's dex, 40 % is given up and 90 % of that lands on the destination arm. */
const DECREASE = 0.4;
const CONVERT = 0.9;

/**
 * 숙련전환 (legacy che_숙련전환): moves dexterity from one arm to another at a loss, for the
 * develcost in gold and in rice, in an own city. Exp +10 and two leadership points.
 */
export const convertDex: CommandDef<ConvertDexArg> = {
  key: 'che_숙련전환',
  name: '숙련전환',
  id: 'convertDex',
  kind: 'general',
  readArg(raw) {
    const o = argObject(raw, 'convertDex');
    const srcArmType = argInt(o, 'srcArmType', 'convertDex', 1, 5);
    const destArmType = argInt(o, 'destArmType', 'convertDex', 1, 5);
    if (srcArmType === destArmType) throw new IllegalMove('convertDex: srcArmType and destArmType must be different arms');
    return { srcArmType, destArmType };
  },
  constraints: [notBeNeutral, occupiedCity, reqGeneralGold((c) => c.world.env.develcost), reqGeneralRice((c) => c.world.env.develcost)],
  run(ctx, arg) {
    const { world, general: g } = ctx;
    const cut = Math.trunc(g.dex[arg.srcArmType]! * DECREASE);
    const add = Math.trunc(cut * CONVERT);
    g.dex[arg.srcArmType] = g.dex[arg.srcArmType]! - cut;
    g.dex[arg.destArmType] = (g.dex[arg.destArmType] ?? 0) + add;
    const from = withJosa(phpNumberFormat(cut, 0, ','), '을');
    const to = withJosa(phpNumberFormat(add, 0, ','), '으로');
    generalLog(world, g.id, `${ARM_NAMES[arg.srcArmType]} 숙련 ${from} ${ARM_NAMES[arg.destArmType]} 숙련 ${to} 전환했습니다.`);
    for (const line of addExperience(g, 10)) generalLog(world, g.id, line);
    g.gold = Math.max(0, g.gold - world.env.develcost);
    g.rice = Math.max(0, g.rice - world.env.develcost);
    g.leadershipExp += 2;
    for (const line of checkStatChange(g)) generalLog(world, g.id, line);
    tryUniqueItemLottery(ctx);
    return true;
  },
};
