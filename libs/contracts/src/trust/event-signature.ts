import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { BadRequest } from '../errors';

/**
 * The log service signs every event it publishes (Ed25519), so that a subscriber can tell
 * its events from anything else on the subject — NATS permissions keep others from
 * publishing there, the signature still holds where they are not in force.
 *
 * Header `Chronicle-Signature`: base64 Ed25519 signature of
 * `chronicle-event-v1\n<wire subject>\n<Nats-Msg-Id>\n<payload bytes>`
 * under the log service's key; verify with its public key (32 bytes, hex).
 */
export const SIGNATURE_HEADER = 'Chronicle-Signature';

const HEX_64 = /^[0-9a-f]{64}$/;
// DER prefixes of an Ed25519 PKCS#8 private key and SPKI public key; the raw 32 bytes follow.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The log service's signing key from configuration: the Ed25519 private key's 32 bytes, hex. */
export function eventSigningKey(hex: string): KeyObject {
  if (!HEX_64.test(hex)) throw new BadRequest('an event signing key must be 64 lowercase hexadecimal digits (an Ed25519 private key)');
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'pkcs8' });
}

/** The public key subscribers verify with: 32 bytes, hex. */
export function eventPublicKeyHex(signingKey: KeyObject): string {
  return createPublicKey(signingKey).export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length).toString('hex');
}

export function eventVerifyingKey(hex: string): KeyObject {
  if (!HEX_64.test(hex)) throw new BadRequest('an event public key must be 64 lowercase hexadecimal digits (an Ed25519 public key)');
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

function signed(subject: string, msgId: string, payload: Uint8Array | string): Buffer {
  return Buffer.concat([Buffer.from(`chronicle-event-v1\n${subject}\n${msgId}\n`, 'utf8'), Buffer.from(payload)]);
}

export function signEvent(key: KeyObject, subject: string, msgId: string, payload: Uint8Array | string): string {
  return sign(null, signed(subject, msgId, payload), key).toString('base64');
}

/** True only for a signature of exactly this subject, message id and payload under the key. */
export function verifyEvent(key: KeyObject, subject: string, msgId: string, payload: Uint8Array | string, signature: string | undefined): boolean {
  if (!signature) return false;
  const bytes = Buffer.from(signature, 'base64');
  return bytes.length === 64 && verify(null, signed(subject, msgId, payload), key, bytes);
}
