import type { FightDice } from '@chronicle/sammo/rules';

const N = 624;
const M = 397;

/**
 * PHP 8.2's Mersenne Twister as `mt_srand($seed)` leaves it (MT19937), with the calls the
 * legacy tournament fight makes on it: `rand()` (the output shifted right once),
 * `mt_rand($min, $max)` and `array_rand` (both `php_mt_rand_range`: the whole output,
 * redrawn above the largest multiple of the range), and `shuffle` (RaiseNPCNation's cities).
 */
export class PhpMt {
  private readonly state = new Uint32Array(N);
  private index = N;

  constructor(seed: number) {
    const s = this.state;
    s[0] = seed >>> 0;
    for (let i = 1; i < N; i++) s[i] = (Math.imul(1812433253, s[i - 1]! ^ (s[i - 1]! >>> 30)) + i) >>> 0;
  }

  /** `php_mt_rand()`: one tempered 32-bit output. */
  next32(): number {
    if (this.index >= N) this.reload();
    let y = this.state[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    return (y ^ (y >>> 18)) >>> 0;
  }

  rand(): number {
    return this.next32() >>> 1;
  }

  range(min: number, max: number): number {
    const umax = max - min;
    let result = this.next32();
    if (umax === 0xffffffff) return min + result;
    const span = umax + 1;
    if ((span & (span - 1)) !== 0) {
      const limit = 0xffffffff - (0xffffffff % span) - 1;
      while (result > limit) result = this.next32();
    }
    return min + (result % span);
  }

  /** `shuffle` of a list: from the last place down, each swapped with a place drawn up to it. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let left = out.length - 1; left > 0; left--) {
      const j = this.range(0, left);
      [out[left], out[j]] = [out[j]!, out[left]!];
    }
    return out;
  }

  private reload(): void {
    const s = this.state;
    const twist = (u: number, v: number, m: number) => (m ^ ((((u & 0x80000000) | (v & 0x7fffffff)) >>> 1)) ^ (v & 1 ? 0x9908b0df : 0)) >>> 0;
    for (let i = 0; i < N; i++) s[i] = twist(s[i]!, s[(i + 1) % N]!, s[(i + M) % N]!);
    this.index = 0;
  }
}

/** The fight's draws as the legacy makes them with PHP's global generator seeded `seed`. */
export function phpFightDice(seed: number): FightDice {
  const mt = new PhpMt(seed);
  return {
    below: (n) => mt.rand() % n,
    rangeInt: (a, b) => mt.range(a, b),
    pick: (items) => items[mt.range(0, items.length - 1)]!,
  };
}
