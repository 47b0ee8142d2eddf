import { sign, verify, type KeyObject } from 'node:crypto';

/**
 * The log service signs every event it publishes (Ed25519), so that a subscriber can tell
 * its events from anything else on the subject — NATS permissions keep others from
 * publishing there, the signature still holds where they are not in force.
 *
 * Header `Chronicle-Signature`: base64 Ed25519 signature of
 * `chronicle-event-v1\n<wire subject>\n<Nats-Msg-Id>\n<payload bytes>`
 * under the log service's key (`ed25519PrivateKey`); verify with its public key (32 bytes,
 * hex: `publicKeyHex`, `ed25519PublicKey`).
 */
export const SIGNATURE_HEADER = 'Chronicle-Signature';

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
