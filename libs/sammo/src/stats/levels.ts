import { GameConst } from '../world/constants';
import { personalityOf } from '../traits/personalities';
import { itemPersonalEffect } from '../items/held';
import type { General } from '../world/types';
import { josa, withJosa } from '../world/josa';
import { phpNumberFormat, phpRound } from '../world/php-math';

export function expLevelOf(experience: number): number {
  const level = experience < 1000 ? Math.trunc(experience / 100) : Math.trunc(Math.sqrt(experience / 10));
  return Math.min(GameConst.maxLevel, Math.max(0, level));
}

export function dedLevelOf(dedication: number): number {
  return Math.min(GameConst.maxDedLevel, Math.max(0, Math.ceil(Math.sqrt(dedication) / 10)));
}

/** Salary of a general with this dedication (`getBill`). */
export function billOf(dedication: number): number {
  return billOfLevel(dedLevelOf(dedication));
}

/** `getBillByLevel`. */
export function billOfLevel(level: number): number {
  return level * 200 + 400;
}

/** `getDedLevelText`: 무품관, then 30품관 (level 1) up to 1품관. */
export function dedLevelText(level: number): string {
  return level === 0 ? '무품관' : `${GameConst.maxDedLevel - level + 1}품관`;
}

/**
 * Gains pass `onCalcStat('experience'|'dedication')` (§4): of the modelled traits only
 * personalities (출세 ×1.1, 재간 ×0.9, 은둔 ×0.9 both, …) and items (구석 ×1.2) touch them. Legacy's
 * `affectsIAction` = false is `traits: false`. The level comes from the unrounded sum, as
 * the legacy computes it before the integer column rounds (§13.1 item 4). Returns the
 * legacy's level-change line (none when the level stays), for the caller to log.
 */
export function addExperience(general: General, amount: number, traits = true): string[] {
  const change = gain(general, 'experience', amount, traits);
  if (change === null) return [];
  return [expLevelLine(change.level, change.up)];
}

/** The legacy's line for an experience level reached (`Lv 44로 레벨업!`) or lost. */
export function expLevelLine(level: number, up: boolean): string {
  return `Lv ${level}${josa(level, '으로')} ${up ? '레벨업' : '레벨다운'}!`;
}

export function addDedication(general: General, amount: number, traits = true): string[] {
  const change = gain(general, 'dedication', amount, traits);
  if (change === null) return [];
  const text = withJosa(dedLevelText(change.level), '으로');
  const bill = withJosa(phpNumberFormat(billOfLevel(change.level), 0, ','), '으로');
  return [change.up ? `${text} 승급하여 봉록이 ${bill} 상승했습니다!` : `${text} 강등되어 봉록이 ${bill} 하락했습니다!`];
}

const LEVELS = {
  experience: { key: 'explevel', of: expLevelOf },
  dedication: { key: 'dedlevel', of: dedLevelOf },
} as const;

/** Adds through the personality, stores the rounded sum, and moves the level the unrounded sum gives. */
function gain(general: General, stat: 'experience' | 'dedication', amount: number, traits: boolean): { level: number; up: boolean } | null {
  const next = general[stat] + (traits ? worth(general, stat, amount) : amount);
  general[stat] = Math.max(0, phpRound(next));
  const { key, of } = LEVELS[stat];
  const level = of(next);
  if (level === general[key]) return null;
  const up = level > general[key];
  general[key] = level;
  return { level, up };
}

/** A gain of experience after the personality, unrounded (battles add fractions and round at the end). */
export function experienceWorth(general: General, amount: number, traits = true): number {
  return traits ? worth(general, 'experience', amount) : amount;
}

/** The personality's `onCalcStat`, then the items' (구석: experience ×1.2). */
function worth(general: General, stat: 'experience' | 'dedication', amount: number): number {
  const e = personalityOf(general.personal)?.stat[stat];
  return itemPersonalEffect(general, stat, e === undefined ? amount : amount * e.mul + e.add);
}

/**
 * `checkStatChange`: every 30 stat experience is a point; at 255 the 30 are spent without one.
 * A debt costs a point whatever the stat (the legacy does not stop at 0).
 */
export function checkStatChange(general: General): string[] {
  const changed: string[] = [];
  changed.push(...settle(general, 'leadership', 'leadershipExp', '통솔'));
  changed.push(...settle(general, 'strength', 'strengthExp', '무력'));
  changed.push(...settle(general, 'intel', 'intelExp', '지력'));
  return changed;
}

function settle(general: General, stat: 'leadership' | 'strength' | 'intel', exp: 'leadershipExp' | 'strengthExp' | 'intelExp', label: string): string[] {
  if (general[exp] < 0) {
    general[exp] += GameConst.upgradeLimit;
    general[stat] -= 1;
    return [`${label}이 1 떨어졌습니다!`];
  }
  if (general[exp] < GameConst.upgradeLimit) return [];
  general[exp] -= GameConst.upgradeLimit;
  if (general[stat] >= GameConst.maxLevel) return [];
  general[stat] += 1;
  return [`${label}이 1 올랐습니다!`];
}
