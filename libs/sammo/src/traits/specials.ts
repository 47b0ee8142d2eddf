import { add, byKeyOrLabel, mul, type DomesticTable, type DomesticTurn } from './effects';

export interface Special {
  key: string;
  label: string;
  id: string;
  domestic: DomesticTable;
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
 * War specials (`ActionSpecialWar`) only where a domestic hook uses them: 징병 halves the
 * 징병/모병 cost. Its "+15% pure leadership" is a war-time stat and not modelled.
 */
const WAR_SPECIALS: readonly Special[] = [
  { key: 'che_징병', label: '징병', id: 'conscription', domestic: { 징병: { cost: mul(0.5) }, 모병: { cost: mul(0.5) } } },
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
