import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { InvalidGame } from './errors';

const SEED_PATTERN = /^[0-9a-f]{64}$/;
const DIGEST_PATTERN = /^[0-9a-f]{64}$/;

/** A new table seed: 32 bytes from the operating system's secure source, as 64 lowercase hex digits. */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

export function isSeed(value: unknown): value is string {
  return typeof value === 'string' && SEED_PATTERN.test(value);
}

/**
 * The commitment to a seed: SHA-256 of the seed's 64 hex digits as ASCII text, in hex.
 * It reveals nothing of the draws, so it is shown when the table opens.
 */
export function commitmentOf(seed: string): string {
  return createHash('sha256').update(seed, 'ascii').digest('hex');
}

/** True when `seed` is the one `commitment` was made to; compares in constant time. */
export function matchesCommitment(seed: string, commitment: string): boolean {
  if (!DIGEST_PATTERN.test(commitment)) return false;
  return timingSafeEqual(Buffer.from(commitmentOf(seed), 'hex'), Buffer.from(commitment, 'hex'));
}

export function seedBytes(seed: string): Buffer {
  if (!isSeed(seed)) throw new InvalidGame('a seed must be 64 lowercase hexadecimal digits');
  return Buffer.from(seed, 'hex');
}
