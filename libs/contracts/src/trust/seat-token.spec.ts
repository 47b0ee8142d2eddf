import { randomBytes } from 'node:crypto';
import { Forbidden } from '../errors';
import { ed25519PrivateKey, ed25519PublicKey, publicKeyHex } from './ed25519';
import { issueSeatToken, SeatGate } from './seat-token';

describe('seat proofs: who acts for a seat', () => {
  const gatewayKey = ed25519PrivateKey(randomBytes(32).toString('hex'));
  const gate = new SeatGate(ed25519PublicKey(publicKeyHex(gatewayKey)));
  const now = new Date('2026-11-30T12:00:00Z');
  const later = new Date('2026-11-30T13:00:00Z');
  const annToken = issueSeatToken(gatewayKey, { world: 'w', seat: 'ann', expiresAt: later }, now);
  // Chapters of world w, and a table of no world (its own world).
  const worldOf = async (tableId: string) => (/^w-c\d+$/.test(tableId) ? 'w' : tableId);
  const seatFor = (intent: { tableId: string; seat: string; seatToken?: string }, at = now) => gate.seatFor(intent, at, worldOf);

  it('is a standard JWT: EdDSA header, iss, aud, sub, world, iat and exp in seconds', () => {
    const [header, body] = annToken.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'EdDSA', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(body!, 'base64url').toString())).toEqual({
      iss: 'chronicle-gateway', aud: 'chronicle-executors', sub: 'ann', world: 'w', iat: now.getTime() / 1000, exp: later.getTime() / 1000,
    });
  });

  it('gives the seat the gateway vouched for, in every chapter of its world', async () => {
    await expect(seatFor({ tableId: 'w-c1', seat: 'ann', seatToken: annToken })).resolves.toBe('ann');
    await expect(seatFor({ tableId: 'w-c7', seat: 'ann', seatToken: annToken })).resolves.toBe('ann');
  });

  it('refuses an impersonation: a token for ann naming bob, or no token at all', async () => {
    await expect(seatFor({ tableId: 'w-c1', seat: 'bob', seatToken: annToken })).rejects.toThrow(Forbidden);
    await expect(seatFor({ tableId: 'w-c1', seat: 'bob', seatToken: annToken })).rejects.toThrow(/for ann, not bob/);
    await expect(seatFor({ tableId: 'w-c1', seat: 'ann' })).rejects.toThrow(/needs a seat token/);
  });

  it('refuses a token for another world, an expired one, one the gateway did not sign, and another algorithm', async () => {
    await expect(seatFor({ tableId: 'x-c1', seat: 'ann', seatToken: annToken })).rejects.toThrow(/for world w, not x-c1/);
    await expect(seatFor({ tableId: 'w-c1', seat: 'ann', seatToken: annToken }, later)).rejects.toThrow(/expired/);
    const other = issueSeatToken(ed25519PrivateKey(randomBytes(32).toString('hex')), { world: 'w', seat: 'ann', expiresAt: later }, now);
    await expect(seatFor({ tableId: 'w-c1', seat: 'ann', seatToken: other })).rejects.toThrow(/not one the gateway signed/);
    const [header, body, signature] = annToken.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    const rewritten = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'bob' })).toString('base64url')}.${signature}`;
    await expect(seatFor({ tableId: 'w-c1', seat: 'bob', seatToken: rewritten })).rejects.toThrow(/not one the gateway signed/);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${body}.`;
    await expect(seatFor({ tableId: 'w-c1', seat: 'ann', seatToken: none })).rejects.toThrow(/not one the gateway signed/);
    for (const junk of ['', 'a', 'a.b.c', '..', '%%%.%%%.%%%', `${header}.${body}`]) {
      await expect(seatFor({ tableId: 'w-c1', seat: 'ann', seatToken: junk })).rejects.toThrow(Forbidden);
    }
  });

  it('without a gateway key, trusts the named seat (tests and closed deployments)', async () => {
    await expect(new SeatGate(undefined).seatFor({ tableId: 't1', seat: 'bob' }, now, worldOf)).resolves.toBe('bob');
    expect(new SeatGate(undefined).enforced).toBe(false);
  });
});
