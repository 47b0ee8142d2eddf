import { IllegalMove } from './errors';
import { Xoshiro256StarStar } from './xoshiro';

const TWO_POW_32 = 0x1_0000_0000;
const TWO_POW_53 = 2 ** 53;

/** The draws a game can make. Implemented by the engine's own streams; a game's labelled streams may offer more. */
export interface Draws {
  /** A uniform integer in [min, max], both included, without modulo bias. */
  int(min: number, max: number): number;
  /** A uniform float in [0, 1) with 53 random bits. */
  float(): number;
  /** One element of a non-empty list, uniformly. */
  pick<T>(list: readonly T[]): T;
  /** A new array holding the list's elements in a uniformly random order (Fisher–Yates). */
  shuffle<T>(list: readonly T[]): T[];
  /** A `() => number` in [0, 1) to hand to a library that takes one. */
  generator(): () => number;
}

/**
 * Draws on top of xoshiro256**. Exactly how each draw consumes the 64-bit outputs is part
 * of the public contract (see the engine README): another implementation holding the seed
 * must be able to re-derive every value.
 */
export class RandomSource implements Draws {
  constructor(private readonly bits: Xoshiro256StarStar) {}

  int(min: number, max: number): number {
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min) {
      throw new IllegalMove(`int(min, max) needs safe integers with min <= max, got ${min}, ${max}`);
    }
    const span = max - min + 1;
    if (span <= TWO_POW_32) {
      // Rejection on the high 32 bits: accept u < span * floor(2^32 / span).
      const limit = span * Math.floor(TWO_POW_32 / span);
      for (;;) {
        this.bits.next();
        const u = this.bits.hi;
        if (u < limit) return min + (u % span);
      }
    }
    if (span > TWO_POW_53) throw new IllegalMove(`int(min, max) spans more than 2^53 values: ${min}..${max}`);
    const limit = span * Math.floor(TWO_POW_53 / span);
    for (;;) {
      const u = this.next53();
      if (u < limit) return min + (u % span);
    }
  }

  float(): number {
    return this.next53() / TWO_POW_53;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new IllegalMove('pick() needs a non-empty list');
    return list[this.int(0, list.length - 1)]!;
  }

  shuffle<T>(list: readonly T[]): T[] {
    const out = list.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const tmp = out[i]!;
      out[i] = out[j]!;
      out[j] = tmp;
    }
    return out;
  }

  generator(): () => number {
    return () => this.float();
  }

  /** The top 53 bits of the next output. */
  private next53(): number {
    this.bits.next();
    return this.bits.hi * 0x20_0000 + (this.bits.lo >>> 11);
  }
}
