import type { General } from '../../world/types';
import { relYear } from '../../world/queries';
import { addDedication, addExperience, checkStatChange } from '../../world/levels';
import { generalLog } from '../../world/logbook';
import type { CommandContext } from '../command';
import { addDex, armTypeOf } from '../crew-types';
import { leadershipWithInjury } from '../stats';
import { phpRound } from '../../world/php-math';

/** `round(L×100/crew × delta)`, not clamped: the stat is capped, dex gets the whole score (§5.2). */
export function drillScore(ctx: CommandContext, delta: number): number {
  return phpRound(((leadershipWithInjury(ctx.general, ctx.nation, relYear(ctx.world)) * 100) / ctx.general.crew) * delta);
}

/** What 훈련 and 사기진작 both earn after raising their stat: dex, exp 100, ded 70, a leadership point. */
export function drillRewards(ctx: CommandContext, g: General, score: number, message: string): void {
  generalLog(ctx.world, g.id, message);
  addDex(g, armTypeOf(g.crewtype), score);
  for (const line of addExperience(g, 100)) generalLog(ctx.world, g.id, line);
  for (const line of addDedication(g, 70)) generalLog(ctx.world, g.id, line);
  g.leadershipExp += 1;
  for (const line of checkStatChange(g)) generalLog(ctx.world, g.id, line);
}
