import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { isSeed } from '@chronicle/engine';
import { BadRequest } from '../errors';

/**
 * The seed travels between trusted services only sealed (AES-256-GCM under a key that only
 * they hold, bound to the table id), so that no subject — not even a reply inbox that a
 * `>` subscriber can see — ever carries it in the clear before the table is finished.
 *
 * Sealed form: base64(iv (12 bytes) ‖ tag (16 bytes) ‖ ciphertext), additional data = table id.
 */
export const TrustedSubjects = {
  /** Request `TableRequestV1` → `SealedSeedV1`; served by the log service. */
  sealedSeed: 'log.v1.sealed-seed',
} as const;

export interface SealedSeedV1 {
  tableId: string;
  commitment: string;
  sealedSeed: string;
}

const KEY_PATTERN = /^[0-9a-f]{64}$/;

/** Reads a seed key (64 hex digits) from configuration. */
export function seedKey(hex: string): Buffer {
  if (!KEY_PATTERN.test(hex)) throw new BadRequest('a seed key must be 64 lowercase hexadecimal digits (32 bytes)');
  return Buffer.from(hex, 'hex');
}

export function sealSeed(key: Buffer, tableId: string, seed: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(tableId, 'utf8'));
  const sealed = Buffer.concat([cipher.update(seed, 'ascii'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/** Opens a sealed seed; refuses one sealed under another key or for another table. */
export function unsealSeed(key: Buffer, tableId: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < 29) throw new BadRequest(`the sealed seed of table ${tableId} is too short`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(tableId, 'utf8'));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const seed = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('ascii');
    if (!isSeed(seed)) throw new Error('not a seed');
    return seed;
  } catch {
    throw new BadRequest(`the sealed seed of table ${tableId} does not open with this key: are both services configured with the same CHRONICLE_SEED_KEY?`);
  }
}
