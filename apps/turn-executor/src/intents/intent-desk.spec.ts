import { ed25519PrivateKey, ed25519PublicKey, Forbidden, issueSeatToken, publicKeyHex, SeatGate, Subjects, type SubmitIntentV1 } from '@chronicle/contracts';
import { randomBytes } from 'node:crypto';
import { IntentDesk } from './intent-desk';

describe('the intent desk with a gateway key', () => {
  const gatewayKey = ed25519PrivateKey(randomBytes(32).toString('hex'));
  // Nothing past the seat check may run for a refused intent: the stream, log and outcomes are absent on purpose.
  const untouched = new Proxy({}, { get: () => { throw new Error('an impersonation reached the queue'); } });
  const desk = new IntentDesk(untouched as never, new Subjects('t'), untouched as never, untouched as never,
    new SeatGate(ed25519PublicKey(publicKeyHex(gatewayKey))), untouched as never);
  const annToken = issueSeatToken(gatewayKey, { world: 'notes', seat: 'ann', expiresAt: new Date(Date.now() + 60_000) });
  const intent = (seat: string, seatToken?: string): SubmitIntentV1 =>
    ({ v: 1, tableId: 'notes', intentKey: 'k1', seat, kind: 'move', payload: { text: 'hi' }, ...(seatToken ? { seatToken } : {}) });

  it('refuses an intent for bob carried by ann\'s token, and one without a token, before anything is queued', async () => {
    await expect(desk.submit(intent('bob', annToken))).rejects.toThrow(Forbidden);
    await expect(desk.submit(intent('bob', annToken))).rejects.toThrow(/for ann, not bob/);
    await expect(desk.submit(intent('ann'))).rejects.toThrow(/needs a seat token/);
  });

  it('lets ann\'s own intent through to the world\'s check, then the queue', async () => {
    await expect(desk.submit(intent('ann', annToken))).rejects.toThrow(/reached the queue/);
  });
});
