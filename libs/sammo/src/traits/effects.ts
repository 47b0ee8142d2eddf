/**
 * The shape every trait table shares: for a legacy `onCalcDomestic` turn type (`농업`, `징병`…)
 * and variable (`score`, `cost`, `success`…), a multiplier and an addend
 * (`value × mul + add`). Tables are data, built once; lookups allocate nothing.
 */
export type DomesticTurn = '농업' | '상업' | '치안' | '수비' | '성벽' | '기술' | '민심' | '인구' | '징병' | '모병' | '징집인구' | '계략' | '단련' | '조달';
export type DomesticVar = 'cost' | 'rice' | 'train' | 'atmos' | 'success' | 'fail' | 'score';

export interface Effect {
  readonly mul: number;
  readonly add: number;
}

export type DomesticTable = Partial<Record<DomesticTurn, Partial<Record<DomesticVar, Effect>>>>;

export const mul = (m: number): Effect => ({ mul: m, add: 0 });
export const add = (a: number): Effect => ({ mul: 1, add: a });
/** A hook that returns a constant whatever it is given. */
export const fixed = (v: number): Effect => ({ mul: 0, add: v });

/** The usual "+10% score, −20% cost" bonus and its mirror image. */
export const BONUS = { score: mul(1.1), cost: mul(0.8) } as const;
export const MALUS = { score: mul(0.9), cost: mul(1.2) } as const;

export function applyTable(table: DomesticTable | undefined, turn: DomesticTurn, v: DomesticVar, value: number): number {
  if (table === undefined) return value;
  const e = table[turn]?.[v];
  return e === undefined ? value : value * e.mul + e.add;
}

/** Scenario data carries labels (`경작`), saved legacy worlds keys (`che_경작`): accept both. */
export function byKeyOrLabel<T extends { key: string; label: string }>(entries: readonly T[]): ReadonlyMap<string, T> {
  const m = new Map<string, T>();
  for (const e of entries) {
    m.set(e.key, e);
    m.set(e.label, e);
  }
  return m;
}
