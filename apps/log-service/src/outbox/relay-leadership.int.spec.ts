import { LogClient, provision, RequestClient } from '@chronicle/bus';
import { Subjects, type MoveEventV1 } from '@chronicle/contracts';
import type { RunningService } from '@chronicle/service-kit';
import { connectNats, createTestDatabase, readStream, removePrefixed, uniquePrefix, waitUntil, type TestDatabase } from '@chronicle/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { startLogService } from '../bootstrap';
import { LogServiceConfig } from '../config';
import { logServiceTopology } from '../topology';
import { TableStore } from '../tables/table-store';
import { OutboxRelay } from './outbox-relay';

jest.setTimeout(60_000);

/** Two replicas over one database: one relay publishes, the other hands over its commits and waits to take over. */
describe('outbox relay leadership (real PostgreSQL and NATS)', () => {
  const prefix = uniquePrefix('lead');
  const subjects = new Subjects(prefix);
  let db: TestDatabase;
  let nc: NatsConnection;
  let log: LogClient;
  const replicas: RunningService[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectNats();
    await provision(nc, subjects, logServiceTopology());
    // A slow poll: events of the follower's appends reach the stream quickly only if the leader is notified.
    const config = Object.assign(new LogServiceConfig(), {
      DATABASE_URL: db.url, CHRONICLE_PREFIX: prefix, LOG_LEVEL: 'silent', OUTBOX_POLL_MS: 3_000, DB_POOL_SIZE: 4,
      CHRONICLE_SEED_KEY: randomBytes(32).toString('hex'),
    });
    replicas.push(await startLogService(config), await startLogService(config));
    log = new LogClient(new RequestClient(nc, subjects, 5_000));
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.app.close();
    if (nc) {
      await removePrefixed(nc, prefix);
      await nc.drain();
    }
    await db?.drop();
  });

  const leaders = () => replicas.map((r) => r.app.get(OutboxRelay).isLeader);
  const entriesOf = async (tableId: string) => (await readStream(nc, subjects.stream('MOVES')))
    .filter((m) => (m.data as MoveEventV1).tableId === tableId).map((m) => m.msgId);

  it('has exactly one replica publish, and every append of either replica reaches the stream once, promptly', async () => {
    await waitUntil(() => leaders().filter(Boolean).length === 1 || undefined, 10_000, 'one leader');
    await log.open({ tableId: 'notes', gameId: 'journal', seats: ['ann'] });
    const started = Date.now();
    // The queue group spreads these requests over both replicas.
    for (let r = 0; r < 20; r++) await log.append({ tableId: 'notes', seat: 'ann', payload: { text: `n${r}` }, expectedRevision: r, idempotencyKey: `n${r}`, random: false });
    const ids = await waitUntil(async () => { const m = await entriesOf('notes'); return m.length === 20 ? m : undefined; }, 10_000, '20 entries');
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => `notes:${i + 1}`));
    expect(leaders().filter(Boolean)).toHaveLength(1);

    // An append made on the follower: only the notification can bring it out before the 3 s poll.
    const follower = replicas.find((r) => !r.app.get(OutboxRelay).isLeader)!;
    const sent = Date.now();
    await follower.app.get(TableStore).append({ tableId: 'notes', seat: 'ann', payload: { text: 'via follower' }, expectedRevision: 20, idempotencyKey: 'f', random: false });
    await waitUntil(async () => (await entriesOf('notes')).length === 21 || undefined, 10_000, 'the follower\'s entry');
    expect(Date.now() - sent).toBeLessThan(1_500);
  });

  it('lets the other replica take over when the leader stops, and loses nothing', async () => {
    const leader = replicas.findIndex((r) => r.app.get(OutboxRelay).isLeader);
    const [gone] = replicas.splice(leader, 1);
    await gone!.app.close();
    await waitUntil(() => replicas[0]!.app.get(OutboxRelay).isLeader || undefined, 10_000, 'the follower to lead');
    await log.append({ tableId: 'notes', seat: 'ann', payload: { text: 'after' }, expectedRevision: 21, idempotencyKey: 'after', random: false });
    const ids = await waitUntil(async () => { const m = await entriesOf('notes'); return m.length === 22 ? m : undefined; }, 10_000, 'the 22nd entry');
    expect(ids.at(-1)).toBe('notes:22');
  });
});
