import { hash } from 'node:crypto';

const BLOCK_BYTES = 64;
const TWO_32 = 0x1_0000_0000;
/** 2^53: the largest draw width and the denominator of `nextFloat1`. */
const TWO_53 = 2 ** 53;
const MAX_INT = TWO_53 - 1;

/**
 * The legacy hash DRBG (`LiteHashDRBG`): block n = SHA-512(UTF-8 seed ‖ uint32 LE n), read
 * byte by byte, no reseeding. The seed (which may be given as the function that writes it),
 * its bytes and the first block are made on the first read, so a stream that is asked for but
 * never drawn from costs nothing.
 */
export class LiteHashDRBG {
  private block: Buffer | null = null;
  private blockIndex = 0;
  private offset = 0;
  /** What a block hashes: the seed's UTF-8 bytes, then the block number (the last 4 bytes). */
  private hashInput: Buffer | null = null;

  private seedText: string | (() => string);

  constructor(seed: string | (() => string)) {
    this.seedText = seed;
  }

  /** The seed string. */
  get seed(): string {
    if (typeof this.seedText !== 'string') this.seedText = this.seedText();
    return this.seedText;
  }

  /** The next `count` bytes of the stream (they may span blocks). */
  nextBytes(count: number): Buffer {
    if (!Number.isInteger(count) || count <= 0) throw new RangeError(`cannot read ${count} bytes`);
    const out = Buffer.allocUnsafe(count);
    for (let i = 0; i < count; i++) out[i] = this.nextByte();
    return out;
  }

  /** `ceil(bits/8)` bytes with the high bits of the last byte cleared down to `bits % 8`. */
  nextBits(bits: number): Buffer {
    const bytes = this.nextBytes(Math.ceil(bits / 8));
    const partial = bits & 7;
    if (partial !== 0) bytes[bytes.length - 1]! &= 0xff >> (8 - partial);
    return bytes;
  }

  /** A uniform integer in 0..max (inclusive); no argument draws 53 bits. Negative max mirrors. */
  nextInt(max: number = MAX_INT): number {
    if (!Number.isSafeInteger(max)) throw new RangeError(`nextInt bound ${max} is not a safe integer`);
    if (max === 0) return 0;
    if (max < 0) return -this.nextInt(-max);
    if (max === MAX_INT) return this.readInt(53);
    const bits = bitLength(max);
    let n = this.readInt(bits);
    while (n > max) n = this.readInt(bits);
    return n;
  }

  /** A float in [0, 1]: 54 bits, below 2^53 scaled, exactly 2^53 gives 1, above redrawn. */
  nextFloat1(): number {
    for (;;) {
      const low = this.readUint32(32);
      const high = this.readUint32(22);
      // x = high·2^32 + low; compare without building x, which may not fit a double exactly.
      if (high < 0x20_0000) return (high * TWO_32 + low) / TWO_53;
      if (high === 0x20_0000 && low === 0) return 1;
    }
  }

  /** `bits` (≤ 53) bits read as a little-endian unsigned integer. */
  private readInt(bits: number): number {
    if (bits <= 32) return this.readUint32(bits);
    const low = this.readUint32(32);
    return this.readUint32(bits - 32) * TWO_32 + low;
  }

  /** Up to 32 bits as little-endian: the legacy `nextBits` cut into words. */
  private readUint32(bits: number): number {
    const whole = bits >> 3;
    const partial = bits & 7;
    let value = 0;
    let scale = 1;
    for (let i = 0; i < whole; i++) {
      value += this.nextByte() * scale;
      scale *= 256;
    }
    if (partial !== 0) value += (this.nextByte() & (0xff >> (8 - partial))) * scale;
    return value;
  }

  private nextByte(): number {
    if (this.block === null || this.offset === BLOCK_BYTES) this.nextBlock();
    return this.block![this.offset++]!;
  }

  private nextBlock(): void {
    if (this.hashInput === null) {
      const seed = this.seed;
      const seedLength = Buffer.byteLength(seed, 'utf8');
      this.hashInput = Buffer.allocUnsafe(seedLength + 4);
      this.hashInput.write(seed, 0, seedLength, 'utf8');
    }
    this.hashInput.writeUInt32LE(this.blockIndex, this.hashInput.length - 4);
    // One-shot hashing: a stream draws a few blocks at most, and a Hash object per block cost more than the hash.
    this.block = hash('sha512', this.hashInput, 'buffer');
    this.blockIndex++;
    this.offset = 0;
  }
}

function bitLength(n: number): number {
  let bits = 0;
  while (n > 0) {
    bits++;
    n = Math.floor(n / 2);
  }
  return bits;
}
