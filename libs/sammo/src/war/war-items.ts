import { attackCoef, type CrewType } from '../stats/crew-types';
import type { TriggerSpec, GeneralSide } from './war-unit';
import { plus, times, type WarHooks } from './war-specials';

/** Legacy `BaseWarUnitTrigger::TYPE_*`: an item's trigger, a consumable item's, and the base that keeps two items' triggers of one class apart. */
export const RaiseType = { none: 0, item: 1, consumable: 1 | 2, dedupBase: 1024 } as const;

/**
 * The battle side of an item (legacy `ActionItem/*`): its stat hooks and war power like a war
 * special's, and the triggers it puts on the unit's lists. Legacy builds an item's list when it
 * is asked for it (each encounter, each phase), so a list may look at the battle then — and
 * 삼황내문 draws from the battle's stream while it is built.
 */
export interface WarItemBattle extends WarHooks {
  initTriggers?: (unit: GeneralSide) => readonly TriggerSpec[];
  phaseTriggers?: (unit: GeneralSide) => readonly TriggerSpec[];
}

const always = (list: readonly TriggerSpec[]) => () => list;

const regional = (t: CrewType) => t.reqCities.length > 0 || t.reqRegions.length > 0;

/** 의술 items: 치료 (p 0.4 a phase) beside a 의술 special's; each book its own dedup number. */
const healing = (dedup: number): WarItemBattle => ({
  phaseTriggers: always([
    { name: 'che_전투치료시도', raise: RaiseType.item + RaiseType.dedupBase * dedup },
    { name: 'che_전투치료발동', raise: RaiseType.item },
  ]),
});

/** 저격 items and bows: a new opponent is sniped with p `ratio`, wounded `min..max`, for `atmos` morale. */
const sniping = (dedup: number, ratio: number, [min, max]: readonly [number, number], atmos = 20): WarItemBattle => {
  const raise = RaiseType.item + RaiseType.dedupBase * dedup;
  return { phaseTriggers: always([{ name: 'che_저격시도', raise, ratio, wound: [min, max], atmos }, { name: 'che_저격발동', raise }]) };
};

/** Books that turn the opponent's stratagem back (반계) with p 0.1. */
const countering = (raise: number): WarItemBattle => ({ phaseTriggers: always([{ name: 'che_반계시도', raise, prob: 0.1 }, 'che_반계발동']) });

const trialBonus = (d: number): WarItemBattle => ({ stat: { warMagicTrialProb: plus(d) } });
const opposedSuccess: WarItemBattle = { oppose: { warMagicSuccessProb: plus(-0.1) } };
/** 백마, 사륜거: no wound when the battle ends. */
const noRetreatWound: WarItemBattle = { initTriggers: always([{ name: 'che_퇴각부상무효', raise: RaiseType.item }]) };

const magicBooks: WarItemBattle = { stat: { warMagicTrialProb: plus(0.1), warMagicSuccessProb: plus(0.1) } };
const siegeBooks: WarItemBattle = { oppose: { warMagicTrialProb: plus(-0.1), warMagicSuccessProb: plus(-0.1) } };

/**
 * The items with a battle side, by legacy key; the rest of `GameConst::$allItems` has none.
 * Some horses, bows and books have one beside their stat (their classes extend `BaseStatItem`).
 */
export const WAR_ITEM_BATTLE: Readonly<Record<string, WarItemBattle>> = {
  che_명마_07_기주마: { stat: { initWarPhase: plus(1) } },
  che_명마_07_백마: noRetreatWound,
  che_명마_12_사륜거: noRetreatWound,
  che_명마_07_백상: { stat: { killRice: times(1.1), initWarPhase: plus(-1) }, warPower: () => [1.2, 1] },
  // Up to +0.5 as the crew falls below the leadership (with injury and the chain, unfloored) × 100.
  che_명마_12_옥란백용구: {
    stat: {
      warAvoidRatio: (v, { unit }) => v + Math.min(0.5, Math.max(0, (1 - unit.general.crew / 100 / unit.stat('leadership', true, false)) * 0.5)),
    },
  },
  che_무기_02_단궁: sniping(102, 0.01, [10, 30]),
  che_무기_07_맥궁: sniping(107, 0.2, [20, 40]),
  che_무기_09_동호비궁: sniping(109, 0.2, [20, 40]),
  che_무기_11_이광궁: sniping(111, 0.1, [20, 40], 10),
  che_무기_13_양유기궁: sniping(113, 0.1, [20, 40], 10),
  che_서적_01_효경전: trialBonus(0.01),
  che_서적_02_회남자: trialBonus(0.01),
  che_서적_03_변도론: trialBonus(0.02),
  che_서적_04_건상역주: trialBonus(0.02),
  che_서적_05_여씨춘추: trialBonus(0.03),
  che_서적_06_사민월령: trialBonus(0.03),
  che_서적_07_위료자: trialBonus(0.2),
  che_서적_07_논어: opposedSuccess,
  che_서적_11_춘추전: opposedSuccess,
  che_서적_07_사마법: countering(RaiseType.item + RaiseType.dedupBase * 207),
  che_서적_12_산해경: countering(RaiseType.item),
  che_서적_08_전론: { stat: { warMagicSuccessDamage: times(1.2) } },
  che_필살_둔갑천서: { stat: { warCriticalRatio: plus(0.2) } },
  che_회피_태평요술: { stat: { warAvoidRatio: plus(0.2) } },
  che_계략_육도: magicBooks,
  che_계략_삼략: magicBooks,
  che_환술_논어집해: { stat: { warMagicSuccessProb: plus(0.1), warMagicSuccessDamage: times(1.2) } },
  che_집중_전국책: { stat: { warMagicSuccessDamage: times(1.3) } },
  // The text says "attacking", the class adds the phases to defenders too (only an attacker's count).
  che_행동_서촉지형도: { stat: { initWarPhase: plus(2) } },
  che_간파_노군입산부: { oppose: { warAvoidRatio: plus(-0.25), warCriticalRatio: plus(-0.1) } },
  che_농성_주서음부: siegeBooks,
  che_농성_위공자병법: siegeBooks,
  che_공성_묵자: { warPower: ({ vsCity }) => (vsCity ? [1.5, 1] : [1, 1]) },
  che_척사_오악진형도: { warPower: ({ opposeCrewType }) => (regional(opposeCrewType) ? [1.15, 0.85] : [1, 1]) },
  // Its 격노시도 is the item's own (drawn again beside a 격노 special's); its 발동 is the special's.
  che_격노_구정신단경: {
    warPower: ({ furyCount }) => [1 + 0.05 * furyCount, 1],
    phaseTriggers: always([{ name: 'che_격노시도', raise: RaiseType.item }, 'che_격노발동']),
  },
  che_의술_상한잡병론: healing(301),
  che_의술_정력견혈산: healing(302),
  che_의술_청낭서: healing(302),
  che_의술_태평청령: healing(303),
  che_저격_매화수전: sniping(304, 0.5, [20, 40]),
  che_저격_비도: sniping(305, 0.5, [20, 40]),
  // Used up by the snipe (p 1 on each new opponent until then).
  che_저격_수극: {
    phaseTriggers: always([
      { name: 'che_저격시도', raise: RaiseType.consumable, ratio: 1, wound: [20, 40], atmos: 20 },
      { name: 'che_저격발동', raise: RaiseType.consumable },
    ]),
  },
  che_사기_탁주: { initTriggers: always([{ name: '능력치변경', raise: RaiseType.consumable, stat: 'atmos', add: 30, max: 150 }]) },
  che_훈련_청주: { initTriggers: always([{ name: '능력치변경', raise: RaiseType.consumable, stat: 'train', add: 40, max: 110 }]) },
  che_부적_태현청생부: {
    initTriggers: always([
      { name: 'che_부상무효', raise: RaiseType.item + RaiseType.dedupBase * 303 },
      { name: 'WarActivateSkills', raise: RaiseType.item + RaiseType.dedupBase * 303, onSelf: false, skills: ['저격불가'] },
    ]),
    phaseTriggers: always([{ name: 'WarActivateSkills', raise: RaiseType.item + RaiseType.dedupBase * 303, onSelf: false, skills: ['저격불가'] }]),
  },
  che_진압_박혁론: { phaseTriggers: always([{ name: 'WarActivateSkills', raise: RaiseType.none, onSelf: false, skills: ['반계불가', '격노불가'] }]) },
  che_위압_조목삭: { phaseTriggers: always(['che_위압시도', 'che_위압발동']) },
  che_약탈_옥벽: {
    phaseTriggers: always([{ name: 'che_약탈시도', raise: RaiseType.item, ratio: 0.2, theft: 0.1 }, { name: 'che_약탈발동', raise: RaiseType.item }]),
  },
  // Up to ×1.6 as the crew falls below leadership × 100 (the list is built each phase).
  che_불굴_상편: {
    phaseTriggers: (unit) => {
      const ratio = Math.min(1, Math.max(0, unit.general.crew / (unit.stat('leadership', true, true) * 100)));
      return [{ name: '전투력보정', own: 1 + 0.6 * (1 - ratio), opposed: 1 }];
    },
  },
  che_상성보정_과실주: {
    phaseTriggers: (unit) => (attackCoef(unit.crewType, unit.opp.crewType) < 1 ? [] : [{ name: '전투력보정', own: 1.1, opposed: 0.9 }]),
  },
  // Defending: the first phase of an encounter is blocked, the second with p ½ (drawn as the list is built).
  che_저지_삼황내문: {
    phaseTriggers: (unit) => {
      if (unit.isAttacker || unit.phase >= 2) return [];
      if (unit.phase === 1 && unit.rng.nextBool(0.5)) return [];
      return [{ name: 'WarActivateSkills', raise: RaiseType.none, onSelf: true, skills: ['특수', '저지'] }, 'che_저지발동'];
    },
  },
};
