import { LiteHashDRBG } from './lite-hash-drbg';

/**
 * The legacy `RandUtil` over a {@link LiteHashDRBG}: the draw helpers every rule uses.
 * Each helper draws exactly what the legacy one draws, in the same order, so that a
 * stream with the same seed string gives the same outcomes.
 */
export class RandUtil {
  constructor(readonly drbg: LiteHashDRBG) {}

  nextFloat1(): number {
    return this.drbg.nextFloat1();
  }

  nextInt(max?: number): number {
    return this.drbg.nextInt(max);
  }

  /** A float between a and b: `a + f×(b−a)`. */
  nextRange(a: number, b: number): number {
    return a + this.drbg.nextFloat1() * (b - a);
  }

  /** An integer from a to b inclusive: `a + nextInt(b−a)`. */
  nextRangeInt(a: number, b: number): number {
    return a + this.drbg.nextInt(b - a);
  }

  /** True with probability p; p ≥ 1 and p ≤ 0 draw nothing, p = ½ draws one bit. */
  nextBool(p = 0.5): boolean {
    if (p >= 1) return true;
    if (p <= 0) return false;
    if (p === 0.5) return this.drbg.nextInt(1) === 1;
    return this.drbg.nextFloat1() < p;
  }

  /** A shuffled copy (forward Fisher–Yates: j = nextInt(n−i−1) + i). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    const n = out.length;
    for (let i = 0; i < n - 1; i++) {
      const j = this.drbg.nextInt(n - i - 1) + i;
      const held = out[i]!;
      out[i] = out[j]!;
      out[j] = held;
    }
    return out;
  }

  /** One item; a single item costs no bytes (nextInt(0)). */
  choice<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('choice from an empty list');
    return items[this.drbg.nextInt(items.length - 1)]!;
  }

  /**
   * An item by weight, walked as the legacy walks it: `rd = f × Σ positive weights`, then
   * the first item (in the given order) with `rd ≤ max(w, 0)`, subtracting as it walks. So
   * when every weight is ≤ 0 the float is still drawn and the first item returned; when
   * rounding leaves rd a hair above the last weight, the walk falls through to the last
   * item (the legacy `choiceUsingWeightPair`; its keyed form would return null there, and
   * every keyed caller treats null as its last branch).
   */
  choiceUsingWeight<T>(entries: readonly (readonly [T, number])[]): T {
    if (entries.length === 0) throw new RangeError('choiceUsingWeight from an empty list');
    // Indexed loops: destructuring each pair in a for-of allocated iterators on this hot path.
    let total = 0;
    for (let i = 0; i < entries.length; i++) {
      const w = entries[i]![1];
      if (w > 0) total += w;
    }
    let rd = this.drbg.nextFloat1() * total;
    for (let i = 0; i < entries.length; i++) {
      const w = entries[i]![1];
      const weight = w > 0 ? w : 0;
      if (rd <= weight) return entries[i]![0];
      rd -= weight;
    }
    return entries[entries.length - 1]![0];
  }
}
