import type { RandUtil } from '../../rng/rand-util';
import type { General } from '../../world/types';

export type StatExpKey = 'leadershipExp' | 'strengthExp' | 'intelExp';

/**
 * The stat experience a neutral command (인재탐색, 물자조달) rewards: one of the three, drawn
 * by weight of the raw stats (legacy `getLeadership(false, false, false, false)` and
 * siblings: no injury, no items, no cross-adjust, unfloored), one `nextFloat1`.
 */
export function drawStatExp(rng: RandUtil, general: General): StatExpKey {
  return rng.choiceUsingWeight<StatExpKey>([
    ['leadershipExp', general.leadership],
    ['strengthExp', general.strength],
    ['intelExp', general.intel],
  ]);
}
