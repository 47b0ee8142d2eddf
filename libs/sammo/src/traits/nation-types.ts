import { phpRound } from '../world/php-math';
import { BONUS, MALUS, add, byKeyOrLabel, type DomesticTable } from './effects';

export type IncomeKind = 'gold' | 'rice' | 'pop';

/** `onCalcStrategic` variables: a strategic command's own cooldown and the nation-wide wait after it. */
export type StrategicVar = 'delay' | 'globalDelay';

export interface NationType {
  key: string;
  label: string;
  id: string;
  domestic: DomesticTable;
  /**
   * `onCalcNationalIncome` multipliers; 'pop' scales only a positive semi-annual ratio
   * (`$amount > 0` in every legacy type).
   */
  income: Partial<Record<IncomeKind, number>>;
  /**
   * 병가 alone declares its hook `:int`, so PHP truncates whatever it returns — every
   * income, and the population ratio to 0. The others return the float for the caller
   * to round.
   */
  intHook?: true;
  /** `onCalcStrategic` (음양가, 종횡가): the value returned for each variable it changes. */
  strategic?: Partial<Record<StrategicVar, (value: number) => number>>;
}

/** Legacy `ActionNationType/che_*.php` (hidche_core): pros/cons as domestic and income modifiers. */
const NATION_TYPES: readonly NationType[] = [
  { key: 'che_중립', label: '중립', id: 'neutral', domestic: {}, income: {} },
  { key: 'che_법가', label: '법가', id: 'legalist', domestic: { 치안: BONUS, 민심: MALUS, 인구: MALUS }, income: { gold: 1.1, pop: 0.8 } },
  { key: 'che_유가', label: '유가', id: 'confucian', domestic: { 농업: BONUS, 상업: BONUS, 민심: BONUS, 인구: BONUS }, income: { rice: 0.9 } },
  { key: 'che_병가', label: '병가', id: 'militarist', domestic: { 기술: BONUS, 수비: BONUS, 성벽: BONUS, 민심: MALUS, 인구: MALUS }, income: { pop: 0.8 }, intHook: true },
  { key: 'che_덕가', label: '덕가', id: 'virtue', domestic: { 치안: BONUS, 민심: BONUS, 인구: BONUS, 수비: MALUS, 성벽: MALUS }, income: { rice: 0.9, pop: 1.2 } },
  { key: 'che_도가', label: '도가', id: 'taoist', domestic: { 기술: MALUS, 치안: MALUS }, income: { pop: 1.2 } },
  { key: 'che_묵가', label: '묵가', id: 'mohist', domestic: { 수비: BONUS, 성벽: BONUS, 기술: MALUS }, income: {} },
  { key: 'che_오두미도', label: '오두미도', id: 'fivePecks', domestic: { 기술: MALUS, 수비: MALUS, 성벽: MALUS, 농업: MALUS, 상업: MALUS }, income: { rice: 1.1, pop: 1.2 } },
  { key: 'che_도적', label: '도적', id: 'bandit', domestic: { 치안: MALUS, 민심: MALUS, 인구: MALUS, 계략: { success: add(0.1) } }, income: { gold: 0.9 } },
  { key: 'che_명가', label: '명가', id: 'logician', domestic: { 기술: BONUS, 수비: MALUS, 성벽: MALUS }, income: { rice: 0.9, pop: 1.2 } },
  { key: 'che_불가', label: '불가', id: 'buddhist', domestic: { 민심: BONUS, 인구: BONUS, 수비: BONUS, 성벽: BONUS }, income: { gold: 0.9 } },
  { key: 'che_음양가', label: '음양가', id: 'yinyang', domestic: { 농업: BONUS, 상업: BONUS, 기술: MALUS }, income: { pop: 1.2 }, strategic: { delay: (v) => v * 2 } },
  {
    key: 'che_종횡가', label: '종횡가', id: 'diplomatist', domestic: { 수비: BONUS, 성벽: BONUS, 농업: MALUS, 상업: MALUS }, income: { gold: 0.9 },
    strategic: { delay: (v) => phpRound((v * 3) / 4), globalDelay: (v) => phpRound(v / 2) },
  },
  { key: 'che_태평도', label: '태평도', id: 'greatPeace', domestic: { 민심: BONUS, 인구: BONUS, 기술: MALUS, 수비: MALUS, 성벽: MALUS }, income: { pop: 1.2 } },
];

const BY_KEY = byKeyOrLabel(NATION_TYPES);

export function nationTypeOf(type: string | null | undefined): NationType | undefined {
  return type == null ? undefined : BY_KEY.get(type);
}

/**
 * `General::onCalcStrategic` of the nation type; of the rest of the chain only 평만지장도 has the
 * hook (its 'delay', in `strategicDelay`).
 */
export function onCalcStrategic(type: string, v: StrategicVar, value: number): number {
  const hook = nationTypeOf(type)?.strategic?.[v];
  return hook === undefined ? value : hook(value);
}

export const nationTypes: readonly NationType[] = NATION_TYPES;
