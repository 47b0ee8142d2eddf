import { add, byKeyOrLabel, fixed, mul, type DomesticTable, type DomesticTurn } from './effects';

export interface Special {
  key: string;
  label: string;
  id: string;
  domestic: DomesticTable;
  /** `onCalcStat('leadership')` adds this share of the general's own (base) leadership. */
  leadershipShare?: number;
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
 * War specials (`ActionSpecialWar`) only where a domestic hook or the leadership uses them.
 * 징병 (`che_징병.php`, id 72): recruits arrive with train and atmos 70 (징병) / 84 (모병),
 * no population is taken (`징집인구` score 0, so trust is unchanged too), and leadership
 * gains 25 % of the base stat; the cost is the usual one.
 */
const WAR_SPECIALS: readonly Special[] = [
  {
    key: 'che_징병', label: '징병', id: 'conscription', leadershipShare: 0.25,
    domestic: { 징병: { train: fixed(70), atmos: fixed(70) }, 모병: { train: fixed(84), atmos: fixed(84) }, 징집인구: { score: mul(0) } },
  },
];

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
