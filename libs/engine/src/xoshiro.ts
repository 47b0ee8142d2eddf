import { InvalidGame } from './errors';

/**
 * xoshiro256** (Blackman & Vigna), the generator PHP's Random\Engine\Xoshiro256StarStar
 * implements. The four 64-bit state words are held as eight uint32 halves so that the
 * generator runs on plain numbers: BigInt arithmetic would cost ~10x per draw.
 */
export class Xoshiro256StarStar {
  // s[2k] = high half, s[2k+1] = low half of state word k.
  private readonly s = new Uint32Array(8);
  /** High and low 32 bits of the last output of `next()`. */
  hi = 0;
  lo = 0;

  /** Seeds from 32 bytes read as four little-endian 64-bit words, as PHP does for a string seed. */
  constructor(state: Uint8Array) {
    if (state.length !== 32) throw new InvalidGame(`xoshiro256** needs 32 bytes of state, got ${state.length}`);
    const view = new DataView(state.buffer, state.byteOffset, 32);
    let any = 0;
    for (let k = 0; k < 4; k++) {
      this.s[2 * k + 1] = view.getUint32(8 * k, true);
      this.s[2 * k] = view.getUint32(8 * k + 4, true);
      any |= this.s[2 * k]! | this.s[2 * k + 1]!;
    }
    // An all-zero state would only ever yield zeros; SHA-256 gives one with probability 2^-256.
    if (any === 0) throw new InvalidGame('xoshiro256** cannot start from an all-zero state');
  }

  /** Advances the generator; the 64-bit output is left in `hi` and `lo`. */
  next(): void {
    const s = this.s;
    const s0h = s[0]!, s0l = s[1]!, s1h = s[2]!, s1l = s[3]!;
    const s2h = s[4]!, s2l = s[5]!, s3h = s[6]!, s3l = s[7]!;

    // result = rotl(s1 * 5, 7) * 9
    let l = s1l * 5;
    let carry = Math.floor(l / 0x1_0000_0000);
    const ml = l >>> 0;
    const mh = (s1h * 5 + carry) >>> 0;
    const rh = ((mh << 7) | (ml >>> 25)) >>> 0;
    const rl = ((ml << 7) | (mh >>> 25)) >>> 0;
    l = rl * 9;
    carry = Math.floor(l / 0x1_0000_0000);
    this.lo = l >>> 0;
    this.hi = (rh * 9 + carry) >>> 0;

    // t = s1 << 17
    const th = ((s1h << 17) | (s1l >>> 15)) >>> 0;
    const tl = (s1l << 17) >>> 0;

    const n2h = (s2h ^ s0h) >>> 0, n2l = (s2l ^ s0l) >>> 0;
    const n3h = (s3h ^ s1h) >>> 0, n3l = (s3l ^ s1l) >>> 0;
    const n1h = (s1h ^ n2h) >>> 0, n1l = (s1l ^ n2l) >>> 0;
    const n0h = (s0h ^ n3h) >>> 0, n0l = (s0l ^ n3l) >>> 0;
    const f2h = (n2h ^ th) >>> 0, f2l = (n2l ^ tl) >>> 0;
    // rotl(s3, 45) = swap halves, then rotl by 13
    const f3h = ((n3l << 13) | (n3h >>> 19)) >>> 0;
    const f3l = ((n3h << 13) | (n3l >>> 19)) >>> 0;

    s[0] = n0h; s[1] = n0l; s[2] = n1h; s[3] = n1l;
    s[4] = f2h; s[5] = f2l; s[6] = f3h; s[7] = f3l;
  }
}
