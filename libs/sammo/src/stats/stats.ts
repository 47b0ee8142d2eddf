import { itemStatBonus } from '../items/held';
import { modifiers } from './chain';
import type { General, Nation } from '../world/types';
import { phpRound } from '../world/php-math';

export type StatName = 'leadership' | 'strength' | 'intel';

const clamp255 = (v: number) => Math.min(255, Math.max(0, v));

/**
 * `getStat` (§5.1): with injury, `v = stat × (100 − injury)/100`; strength and intel are
 * cross-adjusted by a quarter of the other (itself with injury and items, unadjusted, unfloored);
 * clamped to 0..255; then `onCalcStat` along the trait chain (the officer's leadership bonus,
 * the war special's and the items') and clamped again, float kept. Pass the general's nation
 * (`undefined` for none) to apply the chain; `null` applies the items alone (callers with no
 * nation at hand: the AI's estimates). `relYear` (years since the start, `relYear(world)`)
 * is what the 능력치 tools' bonus grows with.
 */
export function statOf(general: General, stat: StatName, withInjury: boolean, nation: Nation | undefined | null, relYear: number): number {
  const injury = withInjury ? (100 - general.injury) / 100 : 1;
  let v = general[stat] * injury;
  if (stat === 'strength') v += phpRound(withItems(general, 'intel', general.intel * injury, relYear) / 4);
  else if (stat === 'intel') v += phpRound(withItems(general, 'strength', general.strength * injury, relYear) / 4);
  v = clamp255(v);
  if (nation === null) return general.items === undefined ? v : clamp255(itemStatBonus(general, stat, v, relYear));
  return clamp255(modifiers(general, nation).stat(stat, v, relYear));
}

/** The other stat of the cross-adjustment: with injury, unadjusted, through the items (the rest of the chain leaves strength and intel alone). */
function withItems(general: General, stat: 'strength' | 'intel', value: number, relYear: number): number {
  return general.items === undefined ? value : clamp255(itemStatBonus(general, stat, clamp255(value), relYear));
}

/** Leadership with injury and the trait chain, floored: what 징병/훈련/사기진작 use. */
export function leadershipWithInjury(general: General, nation: Nation | undefined | null, relYear: number): number {
  return Math.floor(statOf(general, 'leadership', true, nation, relYear));
}
