import { modifiers } from '../traits/chain';
import type { General, Nation } from '../world/types';
import { phpRound } from '../world/php-math';

export type StatName = 'leadership' | 'strength' | 'intel';

const clamp255 = (v: number) => Math.min(255, Math.max(0, v));

/**
 * `getStat` (§5.1): with injury, `v = stat × (100 − injury)/100`; strength and intel are
 * cross-adjusted by a quarter of the other (itself with injury, unadjusted, unfloored);
 * clamped to 0..255; then `onCalcStat` along the trait chain (of the modelled traits only the
 * officer's leadership bonus changes a stat) and clamped again, float kept. Pass the general's
 * nation (`undefined` for none) to apply the chain; `null` skips it (callers with no nation at
 * hand: the AI's estimates).
 */
export function statOf(general: General, stat: StatName, withInjury: boolean, nation: Nation | undefined | null = null): number {
  const injury = withInjury ? (100 - general.injury) / 100 : 1;
  let v = general[stat] * injury;
  if (stat === 'strength') v += phpRound((general.intel * injury) / 4);
  else if (stat === 'intel') v += phpRound((general.strength * injury) / 4);
  v = clamp255(v);
  if (nation === null || stat !== 'leadership') return v;
  return clamp255(modifiers(general, nation).stat(stat, v));
}

/** Leadership with injury and the trait chain, floored: what 징병/훈련/사기진작 use. */
export function leadershipWithInjury(general: General, nation: Nation | undefined | null = null): number {
  return Math.floor(statOf(general, 'leadership', true, nation));
}
