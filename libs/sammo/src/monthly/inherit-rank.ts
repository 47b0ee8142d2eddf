import { inheritancePoints } from '../world/inheritance';
import { phpRound } from '../world/php-math';
import type { World } from '../world/types';

/**
 * MergeInheritPointRank (January and July): every general's inheritance points so far into
 * its rank (legacy `inherit_earned_dyn`, and `inherit_earned` with no points earned in the
 * lobby), rounded as the INT column rounds them.
 */
export function mergeInheritPointRank(world: World): void {
  for (const g of world.generals.values()) g.rank.inheritEarned = phpRound(inheritancePoints(g));
}
