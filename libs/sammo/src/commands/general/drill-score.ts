import type { General } from '../../world/types';
import { relYear } from '../../world/queries';
import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { generalLog } from '../../world/logbook';
import type { CommandContext } from '../command';
import { addDex, armTypeOf } from '../../stats/crew-types';
import { leadershipWithInjury } from '../../stats/stats';
import { phpRound } from '../../world/php-math';

/** `round(L×100/crew × delta)`, not clamped: the stat is capped, dex gets the whole score (§5.2). */
export function drillScore(ctx: CommandContext, delta: number): number {
  return phpRound(((leadershipWithInjury(ctx.general, ctx.nation, relYear(ctx.world)) * 100) / ctx.general.crew) * delta);
}

/** What a drill earns besides its stat: experience, dedication and leadership experience. */
export interface DrillReward {
  exp: number;
  ded: number;
  leadershipExp: number;
}

/** 훈련's and 사기진작's reward. */
const DRILL_REWARD: DrillReward = { exp: 100, ded: 70, leadershipExp: 1 };

/** What a drill earns after raising its stat, in the legacy's order: the log, dex, exp, ded, leadership (100, 70, 1 for 훈련 and 사기진작). */
export function drillRewards(ctx: CommandContext, g: General, dex: number, message: string, reward = DRILL_REWARD): void {
  generalLog(ctx.world, g.id, message);
  addDex(g, armTypeOf(g.crewtype), dex);
  for (const line of addExperience(g, reward.exp)) generalLog(ctx.world, g.id, line);
  for (const line of addDedication(g, reward.ded)) generalLog(ctx.world, g.id, line);
  g.leadershipExp += reward.leadershipExp;
  for (const line of checkStatChange(g)) generalLog(ctx.world, g.id, line);
}
