import type { CrewType } from '../stats/crew-types';
import type { BattleTrigger, GeneralSide } from './war-unit';

/** The battle stats a war special's `onCalcStat`/`onCalcOpposeStat` may change. */
export type WarStat = 'warCriticalRatio' | 'warAvoidRatio' | 'warMagicTrialProb' | 'warMagicSuccessProb' | 'warMagicSuccessDamage' | 'initWarPhase' | 'killRice';

/** The hook's aux: whether the general attacks, for `warMagicSuccessDamage` the stratagem, and the unit (legacy passes the general). */
export interface StatAux {
  isAttacker: boolean;
  magic?: string;
  unit: GeneralSide;
}

/** What `getWarPowerMultiplier` of a war special looks at. */
export interface WarPowerContext {
  isAttacker: boolean;
  /** The opponent is the city (its wall). */
  vsCity: boolean;
  opposeCrewType: CrewType;
  /** The general's rank `killnum`, this battle's wins included. */
  killnum: number;
  /** Phases of this battle with 격노 active (legacy `hasActivatedSkillOnLog('격노')`). */
  furyCount: number;
}

/** The battle hooks a link of the chain (a war special, an item) may have. */
export interface WarHooks {
  /** `onCalcStat` on the general's own battle stats. */
  stat?: Partial<Record<WarStat, (value: number, aux: StatAux) => number>>;
  /** `onCalcOpposeStat`: what it does to its opponent's stats. */
  oppose?: Partial<Record<WarStat, (value: number) => number>>;
  /** `getWarPowerMultiplier`: [own power, opponent's power]. */
  warPower?: (ctx: WarPowerContext) => readonly [number, number];
}

export interface WarSpecialBattle extends WarHooks {
  /** `onCalcStat('criticalDamageRange')`. */
  criticalRange?: (range: readonly [number, number]) => readonly [number, number];
  /** The arm whose dex `onCalcStat('dex…')` adds (legacy: attacking, to the stat of the opponent's arm; defending, to its own). */
  dexArm?: number;
  initTriggers?: readonly BattleTrigger[];
  phaseTriggers?: readonly BattleTrigger[];
}

export const plus = (d: number) => (v: number) => v + d;
export const times = (m: number) => (v: number) => v * m;

/**
 * The battle side of legacy `ActionSpecialWar/che_*.php`, by key. 징병 acts outside battle
 * (`src/traits/specials.ts`) and 의술 also before the turn (`src/turn/preprocess.ts`); 의술 heals in battle here.
 */
export const WAR_SPECIAL_BATTLE: Readonly<Record<string, WarSpecialBattle>> = {
  che_보병: { dexArm: 1, warPower: ({ isAttacker }) => (isAttacker ? [1, 0.9] : [1, 0.8]) },
  che_궁병: { dexArm: 2, stat: { warAvoidRatio: plus(0.2) } },
  che_기병: { dexArm: 3, warPower: ({ isAttacker }) => (isAttacker ? [1.2, 1] : [1.1, 1]) },
  che_귀병: { dexArm: 4, stat: { warMagicSuccessProb: plus(0.2) } },
  che_공성: { dexArm: 5, warPower: ({ vsCity }) => (vsCity ? [2, 1] : [1, 1]) },
  che_신산: { stat: { warMagicTrialProb: plus(0.2), warMagicSuccessProb: plus(0.2) } },
  che_환술: { stat: { warMagicSuccessProb: plus(0.1), warMagicSuccessDamage: times(1.3) } },
  che_집중: { stat: { warMagicSuccessDamage: times(1.5) } },
  che_신중: { stat: { warMagicSuccessProb: plus(1) } },
  che_반계: {
    stat: { warMagicSuccessDamage: (v, { magic }) => (magic === '반목' ? v + 0.9 : v) },
    oppose: { warMagicSuccessProb: plus(-0.1) },
    phaseTriggers: ['che_반계시도', 'che_반계발동'],
  },
  che_돌격: {
    stat: { initWarPhase: plus(2) },
    warPower: ({ isAttacker }) => (isAttacker ? [1.05, 1] : [1, 1]),
    phaseTriggers: ['che_돌격지속'],
  },
  che_무쌍: {
    stat: { warCriticalRatio: (v, { isAttacker }) => (isAttacker ? v + 0.1 : v) },
    warPower: ({ killnum }) => {
      const wins = Math.log2(Math.max(1, killnum / 5));
      return [1.05 + wins / 20, 0.98 - wins / 50];
    },
  },
  che_견고: {
    oppose: { warMagicSuccessProb: plus(-0.1), warCriticalRatio: plus(-0.2) },
    warPower: () => [1, 0.9],
    initTriggers: ['che_부상무효'],
    phaseTriggers: ['che_부상무효'],
  },
  che_위압: { phaseTriggers: ['che_위압시도', 'che_위압발동'] },
  che_저격: { phaseTriggers: ['che_저격시도', 'che_저격발동'] },
  che_필살: {
    stat: { warCriticalRatio: plus(0.3) },
    criticalRange: ([min, max]) => [(min + max) / 2, max],
    phaseTriggers: ['che_필살강화_회피불가'],
  },
  che_의술: { phaseTriggers: ['che_전투치료시도', 'che_전투치료발동'] },
  che_격노: { warPower: ({ furyCount }) => [1 + 0.2 * furyCount, 1], phaseTriggers: ['che_격노시도', 'che_격노발동'] },
  che_척사: {
    warPower: ({ opposeCrewType }) => (opposeCrewType.reqCities.length > 0 || opposeCrewType.reqRegions.length > 0 ? [1.2, 0.8] : [1, 1]),
  },
};
