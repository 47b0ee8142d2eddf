import { ed25519PrivateKey, ed25519PublicKey, publicKeyHex, signEvent, Subjects, type TableEventV1 } from '@chronicle/contracts';
import { headers } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { EventAuthenticity, eventSigners, signedHeaders } from './event-authenticity';

describe('EventAuthenticity', () => {
  const subjects = new Subjects('p');
  const newKey = () => ed25519PrivateKey(randomBytes(32).toString('hex'));
  const logKey = newKey();
  const snapshotKey = newKey();
  const authenticity = new EventAuthenticity(subjects, {
    log: ed25519PublicKey(publicKeyHex(logKey)), snapshots: ed25519PublicKey(publicKeyHex(snapshotKey)),
  });
  const event = { v: 1, kind: 'finished', tableId: 't1', seq: 7 } as TableEventV1;
  const quarantine = { ...event, kind: 'quarantined' } as TableEventV1;
  const data = Buffer.from(JSON.stringify(event));
  const message = (subject: string, msgId: string, signature?: string) => {
    const h = headers();
    h.set('Nats-Msg-Id', msgId);
    if (signature) h.set('Chronicle-Signature', signature);
    return { subject, data, headers: h };
  };

  it('accepts a table event as the log service published it', () => {
    const signature = signEvent(logKey, 'p.tables.t1', 't1:finished', data);
    expect(authenticity.ofTableEvent(message('p.tables.t1', 't1:finished', signature), event)).toBeUndefined();
  });

  it('says what is wrong with one that is not', () => {
    const signature = signEvent(logKey, 'p.tables.t1', 't1:finished', data);
    expect(authenticity.ofTableEvent(message('p.tables.t2', 't1:finished', signature), event)).toMatch(/arrived on p.tables.t2/);
    expect(authenticity.ofTableEvent(message('p.tables.t1', 't1:opened', signature), event)).toMatch(/message id "t1:opened"/);
    expect(authenticity.ofTableEvent(message('p.tables.t1', 't1:finished'), event)).toMatch(/not signed by the log service's key/);
    expect(new EventAuthenticity(subjects, {}).ofTableEvent(message('p.tables.t1', 't1:finished'), event)).toBeUndefined();
  });

  it("takes a quarantine notice under the snapshot service's key only, at its own message id", () => {
    const msgId = 't1:quarantined:7';
    const signed = { subject: 'p.tables.t1', data, headers: signedHeaders(snapshotKey, 'p.tables.t1', msgId, data) };
    signed.headers.set('Nats-Msg-Id', msgId);
    expect(authenticity.ofTableEvent(signed, quarantine)).toBeUndefined();
    // The log service's key does not vouch for a quarantine, nor the snapshot service's for a log event.
    expect(authenticity.ofTableEvent(message('p.tables.t1', msgId, signEvent(logKey, 'p.tables.t1', msgId, data)), quarantine))
      .toMatch(/quarantine notice of table t1 is not signed by the snapshot service's key/);
    expect(authenticity.ofTableEvent(message('p.tables.t1', 't1:finished', signEvent(snapshotKey, 'p.tables.t1', 't1:finished', data)), event))
      .toMatch(/not signed by the log service's key/);
    expect(authenticity.ofTableEvent(message('p.tables.t1', 't1:quarantined', signEvent(snapshotKey, 'p.tables.t1', 't1:quarantined', data)), quarantine))
      .toMatch(/message id "t1:quarantined"/);
    expect(authenticity.ofTableEvent(message('p.tables.t1', msgId), quarantine)).toMatch(/not signed by the snapshot service's key/);
  });

  it("takes a release notice under the snapshot service's key only, at the message id of its time", () => {
    const release = { ...event, kind: 'released', recordedAt: '2026-12-07T06:00:00.250Z' } as TableEventV1;
    const msgId = 't1:released:1796623200250';
    const signed = { subject: 'p.tables.t1', data, headers: signedHeaders(snapshotKey, 'p.tables.t1', msgId, data) };
    signed.headers.set('Nats-Msg-Id', msgId);
    expect(authenticity.ofTableEvent(signed, release)).toBeUndefined();
    // Anyone else's release (a player's, the log service's) or one replayed under another time is refused.
    expect(authenticity.ofTableEvent(message('p.tables.t1', msgId, signEvent(logKey, 'p.tables.t1', msgId, data)), release))
      .toMatch(/release notice of table t1 is not signed by the snapshot service's key/);
    const other = 't1:released:1796623200251';
    expect(authenticity.ofTableEvent(message('p.tables.t1', other, signEvent(snapshotKey, 'p.tables.t1', other, data)), release))
      .toMatch(/message id "t1:released:1796623200251"/);
  });
});

describe('eventSigners', () => {
  it('reads the keys given and says which are missing', () => {
    const warnings: string[] = [];
    const key = publicKeyHex(ed25519PrivateKey(randomBytes(32).toString('hex')));
    const signers = eventSigners({ log: key, snapshots: '' }, (m) => warnings.push(m));
    expect(Object.keys(signers)).toEqual(['log']);
    expect(warnings).toEqual(['CHRONICLE_SNAPSHOT_PUBLIC_KEY is not set: quarantine and release notices are checked by subject and message id only, not by signature']);
  });
});
