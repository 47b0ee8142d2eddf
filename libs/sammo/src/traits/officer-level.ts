import type { DomesticTurn, DomesticVar } from './effects';

/**
 * Legacy `TriggerOfficerLevel`: a city officer (2..4) away from the city they govern counts
 * as an ordinary member (1).
 */
export function effectiveOfficerLevel(officerLevel: number, officerCity: number, city: number): number {
  return officerLevel >= 2 && officerLevel <= 4 && officerCity !== city ? 1 : officerLevel;
}

/** `calcLeadershipBonus`: the ruler gets 2 × nation level, the other chiefs (5..11) the level. */
export function leadershipBonus(level: number, nationLevel: number): number {
  return level === 12 ? nationLevel * 2 : level >= 5 ? nationLevel : 0;
}

// Bit sets of the officer levels with +5% score, per turn-type group.
const bits = (...levels: number[]) => levels.reduce((m, l) => m | (1 << l), 0);
const FARM_TRADE = bits(12, 11, 9, 7, 5, 3);
const TECH = bits(12, 11, 9, 7, 5);
const PEOPLE = bits(12, 11, 2);
const MILITARY = bits(12, 11, 10, 8, 6, 4);

function groupOf(turn: DomesticTurn): number {
  switch (turn) {
    case '농업': case '상업': return FARM_TRADE;
    case '기술': return TECH;
    case '민심': case '인구': return PEOPLE;
    case '수비': case '성벽': case '치안': return MILITARY;
    default: return 0;
  }
}

/** The officer's `onCalcDomestic`: score ×1.05 for the offices tied to that work. */
export function officerDomestic(level: number, turn: DomesticTurn, v: DomesticVar, value: number): number {
  if (v !== 'score') return value;
  return (groupOf(turn) >> level) & 1 ? value * 1.05 : value;
}

/**
 * The office's `getWarPowerMultiplier` in battle: [own power, opponent's power]. Ruler
 * 1.07/0.93, second 1.05/0.95, the war chiefs (10, 8, 6) 1.10 own, the civil chiefs (9, 7, 5)
 * 0.90 on the opponent, city officers at their post (2..4) 1.05/0.95.
 */
export function officerWarPower(level: number): readonly [number, number] {
  if (level === 12) return [1.07, 0.93];
  if (level === 11) return [1.05, 0.95];
  if (level === 10 || level === 8 || level === 6) return [1.1, 1];
  if (level === 9 || level === 7 || level === 5) return [1, 0.9];
  if (level >= 2 && level <= 4) return [1.05, 0.95];
  return [1, 1];
}
