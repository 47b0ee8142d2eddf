import { randomBytes } from 'node:crypto';
import { eventPublicKeyHex, eventSigningKey, eventVerifyingKey, signEvent, verifyEvent } from './event-signature';

describe('event signatures', () => {
  const key = eventSigningKey(randomBytes(32).toString('hex'));
  const publicKey = eventVerifyingKey(eventPublicKeyHex(key));
  const payload = '{"v":1,"kind":"move","seq":3}';
  const signature = signEvent(key, 'p.moves.t1', 't1:3', payload);

  it('verifies an event as published, under the public key', () => {
    expect(verifyEvent(publicKey, 'p.moves.t1', 't1:3', Buffer.from(payload), signature)).toBe(true);
  });

  it('refuses another payload, subject, message id, key, or no signature', () => {
    expect(verifyEvent(publicKey, 'p.moves.t1', 't1:3', payload.replace('3', '4'), signature)).toBe(false);
    expect(verifyEvent(publicKey, 'p.moves.t2', 't1:3', payload, signature)).toBe(false);
    expect(verifyEvent(publicKey, 'p.moves.t1', 't1:4', payload, signature)).toBe(false);
    const other = eventVerifyingKey(eventPublicKeyHex(eventSigningKey(randomBytes(32).toString('hex'))));
    expect(verifyEvent(other, 'p.moves.t1', 't1:3', payload, signature)).toBe(false);
    expect(verifyEvent(publicKey, 'p.moves.t1', 't1:3', payload, undefined)).toBe(false);
    expect(verifyEvent(publicKey, 'p.moves.t1', 't1:3', payload, 'AAAA')).toBe(false);
  });

  it('reads keys of 64 hex digits only', () => {
    expect(() => eventSigningKey('xyz')).toThrow(/64 lowercase/);
    expect(() => eventVerifyingKey('AB'.repeat(32))).toThrow(/64 lowercase/);
  });
});
