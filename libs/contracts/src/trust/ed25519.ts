import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { BadRequest } from '../errors';

/** Ed25519 keys as configuration carries them: the raw 32 bytes, 64 lowercase hex digits. */
const HEX_64 = /^[0-9a-f]{64}$/;
// DER prefixes of an Ed25519 PKCS#8 private key and SPKI public key; the raw 32 bytes follow.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** A signing key (`openssl rand -hex 32` makes one). */
export function ed25519PrivateKey(hex: string): KeyObject {
  if (!HEX_64.test(hex)) throw new BadRequest('an Ed25519 private key must be 64 lowercase hexadecimal digits');
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'pkcs8' });
}

export function ed25519PublicKey(hex: string): KeyObject {
  if (!HEX_64.test(hex)) throw new BadRequest('an Ed25519 public key must be 64 lowercase hexadecimal digits');
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

/** The public key of a signing key, as verifiers configure it. */
export function publicKeyHex(signingKey: KeyObject): string {
  return createPublicKey(signingKey).export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length).toString('hex');
}
