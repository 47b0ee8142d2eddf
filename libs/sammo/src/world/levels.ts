import { GameConst } from './constants';
import { personalityOf } from '../traits/personalities';
import type { General } from './types';

export function expLevelOf(experience: number): number {
  return experience < 1000 ? Math.trunc(experience / 100) : Math.trunc(Math.sqrt(experience / 10));
}

export function dedLevelOf(dedication: number): number {
  return Math.min(GameConst.maxDedLevel, Math.ceil(Math.sqrt(dedication) / 10));
}

/** Salary of a general with this dedication (`getBill`). */
export function billOf(dedication: number): number {
  return dedLevelOf(dedication) * 200 + 400;
}

/** Experience and dedication are whole numbers, rounded as the legacy integer columns store them. */
/**
 * Gains pass `onCalcStat('experience'|'dedication')` (§4): of the modelled traits only
 * personalities touch them (출세 ×1.1, 재간 ×0.9, 은둔 ×0.9 both, …). Legacy's
 * `affectsIAction` = false is `traits: false`.
 */
export function addExperience(general: General, amount: number, traits = true): void {
  general.experience = Math.max(0, Math.round(general.experience + experienceWorth(general, amount, traits)));
  general.explevel = expLevelOf(general.experience);
}

/** A gain of experience after the personality, unrounded (battles add fractions and round at the end). */
export function experienceWorth(general: General, amount: number, traits = true): number {
  const e = traits ? personalityOf(general.personal)?.stat.experience : undefined;
  return e === undefined ? amount : amount * e.mul + e.add;
}

export function addDedication(general: General, amount: number, traits = true): void {
  const e = traits ? personalityOf(general.personal)?.stat.dedication : undefined;
  if (e !== undefined) amount = amount * e.mul + e.add;
  general.dedication = Math.max(0, Math.round(general.dedication + amount));
  general.dedlevel = dedLevelOf(general.dedication);
}

/** `checkStatChange`: every 30 stat experience is a point (up to 255); debt costs a point. */
export function checkStatChange(general: General): string[] {
  const changed: string[] = [];
  changed.push(...settle(general, 'leadership', 'leadershipExp', '통솔'));
  changed.push(...settle(general, 'strength', 'strengthExp', '무력'));
  changed.push(...settle(general, 'intel', 'intelExp', '지력'));
  return changed;
}

function settle(general: General, stat: 'leadership' | 'strength' | 'intel', exp: 'leadershipExp' | 'strengthExp' | 'intelExp', label: string): string[] {
  if (general[exp] >= 30 && general[stat] < GameConst.maxLevel) {
    general[exp] -= 30;
    general[stat] += 1;
    return [`${label}이 1 올랐습니다!`];
  }
  if (general[exp] < 0 && general[stat] > 0) {
    general[exp] += 30;
    general[stat] -= 1;
    return [`${label}이 1 떨어졌습니다!`];
  }
  return [];
}
