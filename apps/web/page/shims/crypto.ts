import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { Buffer } from 'buffer';

/**
 * `node:crypto` as far as the pure libs use it in the browser: synchronous SHA-256 and
 * SHA-512 (the engine's randomness and state hashes, the game's legacy DRBG — Web Crypto's
 * digests are asynchronous, so they cannot stand in), one-shot `hash`, `randomBytes` and
 * `timingSafeEqual`, and the Ed25519 public keys and signature checks of the log service's
 * checkpoints (a player's own-move check: `@noble/curves`, synchronous as node:crypto's).
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

/** An Ed25519 public key as `createPublicKey` makes it from its DER SPKI (the only form the libs give). */
class PublicKeyObject {
  readonly type = 'public';
  readonly asymmetricKeyType = 'ed25519';
  constructor(private readonly der: Buffer) {}

  export(): Buffer {
    return this.der;
  }
}

export function createPublicKey(input: { key: Uint8Array; format: string; type: string }): PublicKeyObject {
  if (input.format !== 'der' || input.type !== 'spki' || input.key.length !== 44) throw new Error('this page reads Ed25519 public keys in DER SPKI form only');
  return new PublicKeyObject(Buffer.from(input.key));
}

/** Node's `verify(null, data, key, signature)` for an Ed25519 key. */
export function verify(algorithm: null, data: Uint8Array, key: PublicKeyObject, signature: Uint8Array): boolean {
  if (algorithm !== null) throw new Error('this page checks Ed25519 signatures only');
  return ed25519.verify(signature, data, key.export().subarray(-32));
}

/** The page never signs: no private key reaches it. */
export function createPrivateKey(): never {
  throw new Error('this page checks signatures; it holds no private key');
}

export function sign(): never {
  throw new Error('this page checks signatures; it holds no private key');
}
