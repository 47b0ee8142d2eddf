import { randomBytes } from 'node:crypto';
import { Forbidden } from '../errors';
import { ed25519PrivateKey, ed25519PublicKey, publicKeyHex } from './ed25519';
import { issueSeatToken, SeatGate } from './seat-token';

describe('seat tokens: who acts for a seat', () => {
  const gatewayKey = ed25519PrivateKey(randomBytes(32).toString('hex'));
  const gate = new SeatGate(ed25519PublicKey(publicKeyHex(gatewayKey)));
  const now = new Date('2026-11-30T12:00:00Z');
  const later = '2026-11-30T13:00:00.000Z';
  const annToken = issueSeatToken(gatewayKey, { tableId: 't1', seat: 'ann', expiresAt: later });

  it('gives the seat the gateway vouched for', () => {
    expect(gate.seatFor({ tableId: 't1', seat: 'ann', seatToken: annToken }, now)).toBe('ann');
  });

  it('refuses an impersonation: a token for ann naming bob, or no token at all', () => {
    expect(() => gate.seatFor({ tableId: 't1', seat: 'bob', seatToken: annToken }, now)).toThrow(Forbidden);
    expect(() => gate.seatFor({ tableId: 't1', seat: 'bob', seatToken: annToken }, now)).toThrow(/for ann, not bob/);
    expect(() => gate.seatFor({ tableId: 't1', seat: 'ann' }, now)).toThrow(/needs a seat token/);
  });

  it('refuses a token for another table, an expired one, and one the gateway did not sign', () => {
    expect(() => gate.seatFor({ tableId: 't2', seat: 'ann', seatToken: annToken }, now)).toThrow(/for table t1, not t2/);
    expect(() => gate.seatFor({ tableId: 't1', seat: 'ann', seatToken: annToken }, new Date(later))).toThrow(/expired/);
    const other = issueSeatToken(ed25519PrivateKey(randomBytes(32).toString('hex')), { tableId: 't1', seat: 'ann', expiresAt: later });
    expect(() => gate.seatFor({ tableId: 't1', seat: 'ann', seatToken: other }, now)).toThrow(/not one the gateway signed/);
    // The claims rewritten to bob under ann's signature.
    const [, signature] = annToken.split('.');
    const rewritten = `${Buffer.from(JSON.stringify({ v: 1, tableId: 't1', seat: 'bob', expiresAt: later })).toString('base64url')}.${signature}`;
    expect(() => gate.seatFor({ tableId: 't1', seat: 'bob', seatToken: rewritten }, now)).toThrow(/not one the gateway signed/);
    for (const junk of ['', 'a', 'a.b.c', '..', '%%%.%%%']) expect(() => gate.seatFor({ tableId: 't1', seat: 'ann', seatToken: junk }, now)).toThrow(Forbidden);
  });

  it('without a gateway key, trusts the named seat (tests and closed deployments)', () => {
    expect(new SeatGate(undefined).seatFor({ tableId: 't1', seat: 'bob' }, now)).toBe('bob');
    expect(new SeatGate(undefined).enforced).toBe(false);
  });
});
