import type { CommandContext } from '../command';
import { leadershipWithInjury } from '../stats';

/** `round(L×100/crew × delta)`, not clamped: the stat is capped, dex gets the whole score (§5.2). */
export function drillScore(ctx: CommandContext, delta: number): number {
  return Math.round(((leadershipWithInjury(ctx.general) * 100) / ctx.general.crew) * delta);
}
