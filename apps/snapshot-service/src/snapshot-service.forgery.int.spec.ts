import { LogClient, provision, RequestClient } from '@chronicle/bus';
import {
  decodeSnapshot, publicKeyHex, ed25519PrivateKey, EventSubjects, SIGNATURE_HEADER, SnapshotSubjects, Subjects,
  type DeadLetterV1, type MoveEventV1, type SnapshotV1,
} from '@chronicle/contracts';
import type { RunningService } from '@chronicle/service-kit';
import {
  connectNats, createTestDatabase, readStream, removePrefixed, spawnService, uniquePrefix, waitUntil, type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { startSnapshotService } from './bootstrap';
import { SnapshotServiceConfig } from './config';
import { snapshotTopology } from './topology';

jest.setTimeout(90_000);

/**
 * Someone publishes on `moves.<table>` who is not the log service (NATS permissions off, or
 * a leaked credential): the snapshot service applies none of it, dead-letters each with the
 * reason, and follows the log — even though the forgeries took the real entries' message ids.
 */
describe('snapshot service against forged entries (signed events)', () => {
  const prefix = uniquePrefix('forge');
  const subjects = new Subjects(prefix);
  const seedKey = randomBytes(32).toString('hex');
  const signingKey = randomBytes(32).toString('hex');
  let db: TestDatabase;
  let nc: NatsConnection;
  let log: LogClient;
  let requests: RequestClient;
  let logService: ServiceProcess;
  let snapshots: RunningService;

  const metric = async (name: string): Promise<number> => {
    const text = await (await fetch(`http://127.0.0.1:${snapshots.port}/metrics`)).text();
    return text.split('\n').filter((l) => l.startsWith(name)).reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
  };
  const snapshotAt = (minRevision: number) =>
    requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId: 'notes', minRevision, waitMs: 5_000 });

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectNats();
    await provision(nc, subjects, snapshotTopology());
    logService = spawnService('apps/log-service/src/main.ts', {
      DATABASE_URL: db.url, CHRONICLE_PREFIX: prefix, LOG_LEVEL: 'info', OUTBOX_POLL_MS: '100', CHRONICLE_SEED_KEY: seedKey,
      CHRONICLE_SIGNING_KEY: signingKey, HTTP_PORT: '0',
    });
    await logService.waitFor(/log-service ready/, 60_000);
    requests = new RequestClient(nc, subjects, 10_000);
    log = new LogClient(requests);
    snapshots = await startSnapshotService(Object.assign(new SnapshotServiceConfig(), {
      CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: seedKey, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', FLUSH_MS: 50,
      CHRONICLE_LOG_PUBLIC_KEY: publicKeyHex(ed25519PrivateKey(signingKey)),
    }));
  });

  afterAll(async () => {
    await snapshots?.app.close();
    await logService?.stop();
    await removePrefixed(nc, prefix);
    await nc?.drain();
    await db?.drop();
  });

  it('prints the public key subscribers verify with, and signs what it publishes', async () => {
    expect(logService.output()).toContain(`public key ${publicKeyHex(ed25519PrivateKey(signingKey))}`);
  });

  it('applies no forged entry, dead-letters each, and follows the log without replaying it per forgery', async () => {
    await log.open({ tableId: 'notes', gameId: 'journal', seats: ['ann'] });
    for (let r = 0; r < 2; r++) await log.append({ tableId: 'notes', seat: 'ann', payload: { text: `real ${r + 1}` }, expectedRevision: r, idempotencyKey: `r${r}`, random: false });
    expect((await snapshotAt(2)).revision).toBe(2);
    const rebuildsBefore = await metric('chronicle_snapshot_rebuilds_total');

    // Twenty forged undos taking the ids of entries 3 to 22, and a forged move with a stolen signature.
    const js = jetstream(nc);
    const forged = (seq: number, kind: 'move' | 'undo', text: string): MoveEventV1 => ({
      v: 1, kind, tableId: 'notes', seq, revision: kind === 'move' ? seq : 1, number: kind === 'move' ? seq : 2, seat: 'ann',
      payload: kind === 'move' ? { text } : null, random: false, stateHash: null, nextDueAt: null, recordedAt: new Date().toISOString(),
    });
    for (let seq = 3; seq <= 22; seq++) {
      await js.publish(subjects.of(EventSubjects.moves('notes')), JSON.stringify(forged(seq, 'undo', '')), { msgID: `notes:${seq}` });
    }
    const real = (await readStream(nc, subjects.stream('MOVES'))).find((m) => m.msgId === 'notes:2')!;
    const stolen = await (await jetstreamManager(nc)).streams.getMessage(subjects.stream('MOVES'), { seq: real.seq });
    const h = headers();
    h.set(SIGNATURE_HEADER, stolen!.header!.get(SIGNATURE_HEADER));
    await js.publish(subjects.of(EventSubjects.moves('notes')), JSON.stringify(forged(23, 'move', 'forged')), { msgID: 'notes:23', headers: h });

    // The real entries 3 to 5 are written after the forgeries: the stream drops their events as duplicates.
    for (let r = 2; r < 5; r++) await log.append({ tableId: 'notes', seat: 'ann', payload: { text: `real ${r + 1}` }, expectedRevision: r, idempotencyKey: `r${r}`, random: false });

    const caughtUp = await snapshotAt(5);
    expect(caughtUp.revision).toBe(5);
    expect((decodeSnapshot(caughtUp.snapshot) as { state: { data: { notes: number; last: string } } }).state.data).toEqual({ notes: 5, last: 'real 5' });
    const letters = await waitUntil(async () => {
      const dead = (await readStream(nc, subjects.stream('DEAD'))).map((m) => m.data as DeadLetterV1);
      return dead.length === 21 ? dead : undefined;
    }, 20_000, '21 dead letters');
    expect(letters.every((l) => /refused: entry \d+ of table notes is not signed by the log service's key/.test(l.reason))).toBe(true);
    expect(await metric('chronicle_snapshot_forged_entries_total')).toBe(21);
    // No replay at all: the forgeries cost header reads and the real moves since.
    expect(await metric('chronicle_snapshot_rebuilds_total')).toBe(rebuildsBefore);
    expect(await metric('chronicle_snapshot_replayed_moves_total')).toBeLessThanOrEqual(5);
  });
});
