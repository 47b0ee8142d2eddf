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
}

/** "+10% score, −20% cost, +10%p success" on the listed turn types (legacy 경작, 상재, …). */
function craft(...turns: DomesticTurn[]): DomesticTable {
  const t: DomesticTable = {};
  for (const turn of turns) t[turn] = { score: mul(1.1), cost: mul(0.8), success: add(0.1) };
  return t;
}

/** Legacy `ActionSpecialDomestic/che_*.php` (hidche_core). */
const DOMESTIC_SPECIALS: readonly Special[] = [
  { key: 'che_경작', label: '경작', id: 'farming', domestic: craft('농업') },
  { key: 'che_상재', label: '상재', id: 'trading', domestic: craft('상업') },
  { key: 'che_발명', label: '발명', id: 'invention', domestic: craft('기술') },
  { key: 'che_축성', label: '축성', id: 'walls', domestic: craft('성벽') },
  { key: 'che_수비', label: '수비', id: 'defence', domestic: craft('수비') },
  { key: 'che_통찰', label: '통찰', id: 'insight', domestic: craft('치안') },
  { key: 'che_인덕', label: '인덕', id: 'benevolence', domestic: craft('민심', '인구') },
  { key: 'che_귀모', label: '귀모', id: 'schemes', domestic: { 계략: { success: add(0.2) } } },
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
 * - 의술's city healing before the turn (`che_도시치료`) is not modelled.
 */
const WAR_SPECIALS: readonly Special[] = [
  {
    key: 'che_징병', label: '징병', id: 'conscription', leadershipShare: 0.25,
    domestic: { 징병: { train: fixed(70), atmos: fixed(70) }, 모병: { train: fixed(84), atmos: fixed(84) }, 징집인구: { score: mul(0) } },
  },
  { key: 'che_보병', label: '보병', id: 'infantry', domestic: {}, recruitArm: 1 },
  { key: 'che_궁병', label: '궁병', id: 'archery', domestic: {}, recruitArm: 2 },
  { key: 'che_기병', label: '기병', id: 'cavalry', domestic: {}, recruitArm: 3 },
  { key: 'che_귀병', label: '귀병', id: 'sorcery', domestic: {}, recruitArm: 4 },
  { key: 'che_공성', label: '공성', id: 'siegecraft', domestic: {}, recruitArm: 5 },
  { key: 'che_신산', label: '신산', id: 'divineScheme', domestic: { 계략: { success: add(0.1) } } },
  { key: 'che_환술', label: '환술', id: 'illusion', domestic: {} },
  { key: 'che_집중', label: '집중', id: 'focus', domestic: {} },
  { key: 'che_신중', label: '신중', id: 'prudence', domestic: {} },
  { key: 'che_반계', label: '반계', id: 'counterplot', domestic: {} },
  { key: 'che_돌격', label: '돌격', id: 'charge', domestic: {} },
  { key: 'che_무쌍', label: '무쌍', id: 'peerless', domestic: {} },
  { key: 'che_견고', label: '견고', id: 'steadfast', domestic: {} },
  { key: 'che_위압', label: '위압', id: 'intimidation', domestic: {} },
  { key: 'che_저격', label: '저격', id: 'sniping', domestic: {} },
  { key: 'che_필살', label: '필살', id: 'deadlyStrike', domestic: {} },
  { key: 'che_의술', label: '의술', id: 'medicine', domestic: {} },
  { key: 'che_격노', label: '격노', id: 'fury', domestic: {} },
  { key: 'che_척사', label: '척사', id: 'exorcism', domestic: {} },
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

/**
 * The world keeps one `special` per general (the scenario's single label), so it is looked
 * up in both families; a label is in at most one of them.
 */
export function domesticSpecialOf(special: string | null | undefined): Special | undefined {
  return special == null ? undefined : DOMESTIC.get(special);
}

export function warSpecialOf(special: string | null | undefined): Special | undefined {
  return special == null ? undefined : WAR.get(special);
}

export const domesticSpecials: readonly Special[] = DOMESTIC_SPECIALS;
export const warSpecials: readonly Special[] = WAR_SPECIALS;
