import { randomBytes } from 'node:crypto';
import { ed25519PrivateKey, ed25519PublicKey, publicKeyHex } from './ed25519';
import { signEvent, verifyEvent } from './event-signature';

describe('event signatures', () => {
  const key = ed25519PrivateKey(randomBytes(32).toString('hex'));
  const publicKey = ed25519PublicKey(publicKeyHex(key));
  const payload = '{"v":1,"kind":"move","seq":3}';
  const signature = signEvent(key, 'p.moves.t1', 't1:3', payload);

  it('verifies an event as published, under the public key', () => {
    expect(verifyEvent(publicKey, 'p.moves.t1', 't1:3', Buffer.from(payload), signature)).toBe(true);
  });

  it('refuses another payload, subject, message id, key, or no signature', () => {
    expect(verifyEvent(publicKey, 'p.moves.t1', 't1:3', payload.replace('3', '4'), signature)).toBe(false);
    expect(verifyEvent(publicKey, 'p.moves.t2', 't1:3', payload, signature)).toBe(false);
    expect(verifyEvent(publicKey, 'p.moves.t1', 't1:4', payload, signature)).toBe(false);
    const other = ed25519PublicKey(publicKeyHex(ed25519PrivateKey(randomBytes(32).toString('hex'))));
    expect(verifyEvent(other, 'p.moves.t1', 't1:3', payload, signature)).toBe(false);
    expect(verifyEvent(publicKey, 'p.moves.t1', 't1:3', payload, undefined)).toBe(false);
    expect(verifyEvent(publicKey, 'p.moves.t1', 't1:3', payload, 'AAAA')).toBe(false);
  });

  it('reads keys of 64 hex digits only', () => {
    expect(() => ed25519PrivateKey('xyz')).toThrow(/64 lowercase/);
    expect(() => ed25519PublicKey('AB'.repeat(32))).toThrow(/64 lowercase/);
  });
});
