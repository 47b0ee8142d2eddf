import { ed25519PrivateKey, ed25519PublicKey, publicKeyHex, signEvent, Subjects, type TableEventV1 } from '@chronicle/contracts';
import type { JsMsg } from '@nats-io/jetstream';
import { randomBytes } from 'node:crypto';
import { EventAuthenticity } from './event-authenticity';

describe('EventAuthenticity', () => {
  const subjects = new Subjects('p');
  const key = ed25519PrivateKey(randomBytes(32).toString('hex'));
  const authenticity = new EventAuthenticity(subjects, ed25519PublicKey(publicKeyHex(key)));
  const event = { v: 1, kind: 'finished', tableId: 't1' } as TableEventV1;
  const data = Buffer.from(JSON.stringify(event));
  const message = (subject: string, msgId: string, signature?: string) => ({
    subject, data, headers: { get: (name: string) => (name === 'Nats-Msg-Id' ? msgId : signature ?? '') },
  }) as unknown as JsMsg;

  it('accepts a table event as the log service published it', () => {
    const signature = signEvent(key, 'p.tables.t1', 't1:finished', data);
    expect(authenticity.ofTableEvent(message('p.tables.t1', 't1:finished', signature), event)).toBeUndefined();
  });

  it('says what is wrong with one that is not', () => {
    const signature = signEvent(key, 'p.tables.t1', 't1:finished', data);
    expect(authenticity.ofTableEvent(message('p.tables.t2', 't1:finished', signature), event)).toMatch(/arrived on p.tables.t2/);
    expect(authenticity.ofTableEvent(message('p.tables.t1', 't1:opened', signature), event)).toMatch(/message id "t1:opened"/);
    expect(authenticity.ofTableEvent(message('p.tables.t1', 't1:finished'), event)).toMatch(/not signed by the log service's key/);
    expect(new EventAuthenticity(subjects, undefined).ofTableEvent(message('p.tables.t1', 't1:finished'), event)).toBeUndefined();
  });
});
