import { BadRequest, Forbidden, issueSeatToken, SeatGate, type GetViewV1 } from '@chronicle/contracts';
import { generateKeyPairSync } from 'node:crypto';
import { viewRequestOf } from './view-request';

describe('viewRequestOf', () => {
  const gateway = generateKeyPairSync('ed25519');
  const gate = new SeatGate(gateway.publicKey);
  const now = new Date('2026-01-01T00:00:00.000Z');
  const request = (fields: Partial<GetViewV1>): GetViewV1 => Object.assign(new (class {})() as GetViewV1, { v: 1, tableId: 't1', ...fields });
  const token = (seat: string) => issueSeatToken(gateway.privateKey, { world: 'w1', seat, expiresAt: new Date('2026-01-02T00:00:00.000Z') }, now);
  const worldOf = async (tableId: string) => (tableId === 't1' ? 'w1' : tableId);
  const of = (fields: Partial<GetViewV1>, seats = gate) => viewRequestOf(request(fields), seats, now, worldOf);

  it('the public without a seat, `since` passed on', async () => {
    await expect(of({})).resolves.toEqual({ viewer: null });
    await expect(of({ since: 4 })).resolves.toEqual({ viewer: null, since: 4 });
  });

  it('a seat proven by its token, for the world of the table', async () => {
    await expect(of({ seat: 'ann', seatToken: token('ann'), since: 2 })).resolves.toEqual({ viewer: 'ann', since: 2 });
    await expect(of({ seat: 'ann', seatToken: token('bob') })).rejects.toThrow(Forbidden);
    await expect(of({ tableId: 't2', seat: 'ann', seatToken: token('ann') })).rejects.toThrow('the seat token is for world w1, not t2 (table t2)');
    await expect(of({ seat: 'ann' })).rejects.toThrow(/needs the seat token the gateway gave its player/);
  });

  it('no seat at all where the deployment holds no gateway key, whatever the request names', async () => {
    await expect(of({ seat: 'ann', seatToken: token('ann') }, new SeatGate(undefined)))
      .rejects.toThrow(new Forbidden('this deployment holds no gateway key (CHRONICLE_GATEWAY_PUBLIC_KEY), so no seat can be proven: ask for the public view of table t1'));
    await expect(of({}, new SeatGate(undefined))).resolves.toEqual({ viewer: null });
  });

  it('the whole state alone, and a token only with its seat', async () => {
    await expect(of({ whole: true })).resolves.toEqual({ whole: true });
    await expect(of({ whole: true, seat: 'ann' })).rejects.toThrow(BadRequest);
    await expect(of({ seatToken: token('ann') })).rejects.toThrow(BadRequest);
  });
});
