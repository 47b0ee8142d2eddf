import { add, applyTable, byKeyOrLabel, fixed, mul, type DomesticTable, type DomesticTurn, type DomesticVar } from './effects';

export interface Special {
  key: string;
  label: string;
  id: string;
  domestic: DomesticTable;
  /** `onCalcStat('leadership')` adds this share of the general's own (base) leadership. */
  leadershipShare?: number;
  /** 징병/모병 of this arm type cost ×0.9 (the war specials 보병, 궁병, 기병, 귀병, 공성). */
  recruitArm?: number;
  /**
   * Who may be granted it (legacy `$type`, `$selectWeight`, `$selectWeightType`): condition
   * sets of `SpecCond` flags (`./speciality.ts`), one of which must hold, and the weight, in
   * percent or relative to the others.
   */
  select?: { conds: readonly number[]; weight: number; percent?: true };
}

/**
 * Legacy `SpecialityHelper`'s condition flags: a general's stats and (for war specialities) a
 * drawn arm give a set of them (`./speciality.ts`); a speciality fits when one of its
 * condition sets lies inside it.
 */
export const SpecCond = {
  leadership: 0x2,
  strength: 0x4,
  intel: 0x8,
  footman: 0x100,
  archer: 0x200,
  cavalry: 0x400,
  wizard: 0x800,
  siege: 0x1000,
  /** Marks a condition set that needs the drawn arm: such specialities are chosen before any other. */
  reqDex: 0x4000,
  notLeadership: 0x20000,
  notStrength: 0x40000,
  notIntel: 0x80000,
} as const;

const { leadership: L, strength: S, intel: I, footman: FOOTMAN, archer: ARCHER, cavalry: CAVALRY, wizard: WIZARD, siege: SIEGE, reqDex: REQ_DEX, notStrength: NOT_S, notIntel: NOT_I } = SpecCond;
const ANY_STAT = [L, S, I];
const one = (...conds: number[]) => ({ conds, weight: 1 });
/** The arm specialities: a leader who is no strategist, or a warrior, with the drawn arm. */
const arm = (flag: number) => one(L | REQ_DEX | flag | NOT_I, S | REQ_DEX | flag);

/** "+10% score, −20% cost, +10%p success" on the listed turn types (legacy 경작, 상재, …). */
function craft(...turns: DomesticTurn[]): DomesticTable {
  const t: DomesticTable = {};
  for (const turn of turns) t[turn] = { score: mul(1.1), cost: mul(0.8), success: add(0.1) };
  return t;
}

/** Legacy `ActionSpecialDomestic/che_*.php` (hidche_core). */
const DOMESTIC_SPECIALS: readonly Special[] = [
  { key: 'che_경작', label: '경작', id: 'farming', domestic: craft('농업'), select: one(I) },
  { key: 'che_상재', label: '상재', id: 'trading', domestic: craft('상업'), select: one(I) },
  { key: 'che_발명', label: '발명', id: 'invention', domestic: craft('기술'), select: one(I) },
  { key: 'che_축성', label: '축성', id: 'walls', domestic: craft('성벽'), select: one(S) },
  { key: 'che_수비', label: '수비', id: 'defence', domestic: craft('수비'), select: one(S) },
  { key: 'che_통찰', label: '통찰', id: 'insight', domestic: craft('치안'), select: one(S) },
  { key: 'che_인덕', label: '인덕', id: 'benevolence', domestic: craft('민심', '인구'), select: one(L) },
  { key: 'che_귀모', label: '귀모', id: 'schemes', domestic: { 계략: { success: add(0.2) } }, select: { conds: ANY_STAT, weight: 2.5, percent: true } },
  { key: 'che_거상', label: '거상', id: 'merchant', domestic: {} }, // disabled in legacy (<비활성화>)
];

/**
 * War specials (legacy `ActionSpecialWar/che_*.php`, hidche_core). Their battle hooks (stats,
 * opposed stats, war-power multipliers, triggers) are in `src/war/war-specials.ts`; here are
 * what they do outside battle:
 * - 징병 (id 72): recruits arrive with train and atmos 70 (징병) / 84 (모병), no population is
 *   taken (`징집인구` score 0, so trust is unchanged too), and leadership gains 25 % of the
 *   base stat; the cost is the usual one.
 * - 보병, 궁병, 기병, 귀병, 공성: 징병/모병 of their arm cost ×0.9 (`recruitArm`).
 * - 신산: 계략 success +0.1.
 * - 의술: heals before the turn (`che_도시치료`, `src/turn/preprocess.ts`).
 */
const WAR_SPECIALS: readonly Special[] = [
  {
    key: 'che_징병', label: '징병', id: 'conscription', leadershipShare: 0.25,
    domestic: { 징병: { train: fixed(70), atmos: fixed(70) }, 모병: { train: fixed(84), atmos: fixed(84) }, 징집인구: { score: mul(0) } },
    select: one(...ANY_STAT),
  },
  { key: 'che_보병', label: '보병', id: 'infantry', domestic: {}, recruitArm: 1, select: arm(FOOTMAN) },
  { key: 'che_궁병', label: '궁병', id: 'archery', domestic: {}, recruitArm: 2, select: arm(ARCHER) },
  { key: 'che_기병', label: '기병', id: 'cavalry', domestic: {}, recruitArm: 3, select: arm(CAVALRY) },
  { key: 'che_귀병', label: '귀병', id: 'sorcery', domestic: {}, recruitArm: 4, select: one(I | WIZARD | REQ_DEX | NOT_S) },
  { key: 'che_공성', label: '공성', id: 'siegecraft', domestic: {}, recruitArm: 5, select: one(L | REQ_DEX | SIEGE) },
  { key: 'che_신산', label: '신산', id: 'divineScheme', domestic: { 계략: { success: add(0.1) } }, select: one(I) },
  { key: 'che_환술', label: '환술', id: 'illusion', domestic: {}, select: { conds: [I], weight: 5, percent: true } },
  { key: 'che_집중', label: '집중', id: 'focus', domestic: {}, select: one(I) },
  { key: 'che_신중', label: '신중', id: 'prudence', domestic: {}, select: one(I) },
  { key: 'che_반계', label: '반계', id: 'counterplot', domestic: {}, select: one(I) },
  { key: 'che_돌격', label: '돌격', id: 'charge', domestic: {}, select: one(S) },
  { key: 'che_무쌍', label: '무쌍', id: 'peerless', domestic: {}, select: one(S) },
  { key: 'che_견고', label: '견고', id: 'steadfast', domestic: {}, select: one(S) },
  { key: 'che_위압', label: '위압', id: 'intimidation', domestic: {}, select: one(S) },
  { key: 'che_저격', label: '저격', id: 'sniping', domestic: {}, select: one(...ANY_STAT) },
  { key: 'che_필살', label: '필살', id: 'deadlyStrike', domestic: {}, select: one(...ANY_STAT) },
  { key: 'che_의술', label: '의술', id: 'medicine', domestic: {}, select: { conds: ANY_STAT, weight: 2, percent: true } },
  { key: 'che_격노', label: '격노', id: 'fury', domestic: {}, select: one(S) },
  { key: 'che_척사', label: '척사', id: 'exorcism', domestic: {}, select: one(...ANY_STAT) },
];

/**
 * A special's `onCalcDomestic(turn, var, value, aux)`: its table, then for an arm special the
 * ×0.9 on 징병/모병 cost of its arm (`armType` is the aux legacy passes there).
 */
export function specialDomestic(special: Special | undefined, turn: DomesticTurn, v: DomesticVar, value: number, armType?: number): number {
  const x = applyTable(special?.domestic, turn, v, value);
  if (v === 'cost' && (turn === '징병' || turn === '모병') && armType !== undefined && armType === special?.recruitArm) return x * 0.9;
  return x;
}

const DOMESTIC = byKeyOrLabel(DOMESTIC_SPECIALS);
const WAR = byKeyOrLabel(WAR_SPECIALS);

/** A general's domestic speciality (`special`) by key or label; `None` and unknown names have none. */
export function domesticSpecialOf(special: string | null | undefined): Special | undefined {
  return special == null ? undefined : DOMESTIC.get(special);
}

/** A general's war speciality (`special2`) by key or label. */
export function warSpecialOf(special: string | null | undefined): Special | undefined {
  return special == null ? undefined : WAR.get(special);
}

export const domesticSpecials: readonly Special[] = DOMESTIC_SPECIALS;
export const warSpecials: readonly Special[] = WAR_SPECIALS;
