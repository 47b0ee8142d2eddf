import type { General } from '../world/types';

export type StatName = 'leadership' | 'strength' | 'intel';

const clamp255 = (v: number) => Math.min(255, Math.max(0, v));

/**
 * `getStat` (§5.1): with injury, `v = stat × (100 − injury)/100`; strength and intel are
 * cross-adjusted by a quarter of the other (itself with injury, unadjusted, unfloored);
 * clamped to 0..255, float kept. Trait hooks (`onCalcStat`) are identity here.
 */
export function statOf(general: General, stat: StatName, withInjury: boolean): number {
  const injury = withInjury ? (100 - general.injury) / 100 : 1;
  let v = general[stat] * injury;
  if (stat === 'strength') v += Math.round((general.intel * injury) / 4);
  else if (stat === 'intel') v += Math.round((general.strength * injury) / 4);
  return clamp255(v);
}

/** Leadership with injury, floored: what 징병/훈련/사기진작 use. */
export function leadershipWithInjury(general: General): number {
  return Math.floor(statOf(general, 'leadership', true));
}
