import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { Buffer } from 'buffer';

/**
 * `node:crypto` as far as the pure libs use it in the browser: synchronous SHA-256 and
 * SHA-512 (the engine's randomness and state hashes, the game's legacy DRBG — Web Crypto's
 * digests are asynchronous, so they cannot stand in), one-shot `hash`, `randomBytes` and
 * `timingSafeEqual`.
 */
type Data = string | Uint8Array;

const hashes = { sha256, sha512 } as const;

export function createHash(algorithm: string) {
  const hash = hashes[algorithm as keyof typeof hashes];
  if (!hash) throw new Error(`this page computes sha256 and sha512, not ${algorithm}`);
  const state = hash.create();
  const hasher = {
    update(data: Data, encoding?: BufferEncoding) {
      state.update(typeof data === 'string' ? Buffer.from(data, encoding ?? 'utf8') : data);
      return hasher;
    },
    digest(encoding?: BufferEncoding): Buffer | string {
      const bytes = Buffer.from(state.digest());
      return encoding ? bytes.toString(encoding) : bytes;
    },
  };
  return hasher;
}

/** Node's one-shot `crypto.hash(algorithm, data, outputEncoding)`; only the `'buffer'` output is served. */
export function hash(algorithm: string, data: Data, outputEncoding: 'buffer'): Buffer {
  if (outputEncoding !== 'buffer') throw new Error(`this page returns hashes as a buffer, not ${outputEncoding}`);
  return createHash(algorithm).update(data).digest() as Buffer;
}

export function randomBytes(size: number): Buffer {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(size)));
}

export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) throw new RangeError('Input buffers must have the same byte length');
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
