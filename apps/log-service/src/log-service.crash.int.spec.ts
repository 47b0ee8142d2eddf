import { LogClient, provision, RequestClient } from '@chronicle/bus';
import { Subjects, type MoveEventV1, type TableEventV1 } from '@chronicle/contracts';
import {
  connectNats, createTestDatabase, readStream, removePrefixed, spawnService, uniquePrefix, waitUntil,
  type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { logServiceTopology } from './topology';

jest.setTimeout(90_000);

const ENTRY = 'apps/log-service/src/main.ts';
const READY = /log-service ready/;

/**
 * The log service as a child process, killed with SIGKILL between the database commit and
 * the publish, and between the publish and the outbox mark: after a restart every entry
 * is in the stream exactly once, in log order.
 */
describe('log service crash between commit and publish (child process, SIGKILL)', () => {
  const prefix = uniquePrefix('crash');
  const subjects = new Subjects(prefix);
  let db: TestDatabase;
  let pg: Client;
  let nc: NatsConnection;
  let log: LogClient;
  const processes: ServiceProcess[] = [];

  const start = async (fault: Record<string, string> = {}): Promise<ServiceProcess> => {
    const service = spawnService(ENTRY, {
      DATABASE_URL: db.url, CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: randomBytes(32).toString('hex'),
      HTTP_PORT: '0', LOG_LEVEL: 'info', OUTBOX_POLL_MS: '100', ...fault,
    });
    processes.push(service);
    await service.waitFor(READY, 30_000);
    return service;
  };

  const pending = async (): Promise<number> =>
    (await pg.query('SELECT count(*)::int AS c FROM outbox WHERE published_at IS NULL')).rows[0].c;

  const streamed = async () => (await readStream(nc, subjects.stream('MOVES'))).map((m) => ({ msgId: m.msgId, event: m.data as MoveEventV1 }));

  // Tic-tac-toe moves and undos: as many entries as we like on one table.
  let revision = 0;
  let entries = 0;
  let n = 0;
  const play = async (count: number): Promise<void> => {
    for (let i = 0; i < count; i++) {
      if (revision === 0) await log.append({ tableId: 'crash', seat: 'ann', payload: { cell: 0 }, expectedRevision: 0, idempotencyKey: `m${++n}`, random: false });
      else if (revision === 1) await log.append({ tableId: 'crash', seat: 'bob', payload: { cell: 4 }, expectedRevision: 1, idempotencyKey: `m${++n}`, random: false });
      else await log.undo({ tableId: 'crash', seat: 'bob', expectedRevision: 2 });
      revision = revision === 2 ? 1 : revision + 1;
      entries++;
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectNats();
    // A 1 s duplicate window: past it only the relay's recovery, not the stream, can keep a
    // row that was published but not marked from being published twice.
    const topology = logServiceTopology();
    await provision(nc, subjects, { ...topology, streams: topology.streams.map((s) => ({ ...s, duplicateWindowMs: 1_000 })) });
    log = new LogClient(new RequestClient(nc, subjects, 10_000));
    pg = new Client({ connectionString: db.url });
  });

  afterAll(async () => {
    for (const p of processes) await p.kill();
    await pg?.end();
    if (nc) {
      await removePrefixed(nc, prefix);
      await nc.drain();
    }
    await db?.drop();
  });

  it('loses nothing and publishes nothing twice', async () => {
    // 1. Crash after the commit, before any publish: the replies said "appended", the stream has nothing.
    const first = await start({ FAULT_PAUSE_AFTER_COMMIT_MS: '600000' });
    await pg.connect();
    await log.open({ tableId: 'crash', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    await play(10);
    await first.waitFor(/fault injection: holding \d+ committed outbox rows/);
    expect(await streamed()).toEqual([]);
    await first.kill();
    expect(await pending()).toBe(11);

    // 2. Crash after the publish, before the outbox rows are marked.
    const second = await start({ FAULT_PAUSE_AFTER_PUBLISH_MS: '600000' });
    await second.waitFor(/fault injection: 11 rows published, holding/);
    expect((await streamed()).map((m) => m.msgId)).toEqual(Array.from({ length: 10 }, (_, i) => `crash:${i + 1}`));
    await play(4);
    await second.kill();
    expect(await pending()).toBe(15);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // past the duplicate window

    // 3. Restart: the rows already in the stream are recognised, the rest published once.
    const third = await start();
    await third.waitFor(/recovery: 11 outbox rows were already in the stream/);
    await waitUntil(async () => (await pending()) === 0 || undefined, 10_000, 'an empty outbox');
    const events = await streamed();
    expect(events.map((m) => m.msgId)).toEqual(Array.from({ length: entries }, (_, i) => `crash:${i + 1}`));
    expect(events.map((m) => m.event.seq)).toEqual(Array.from({ length: entries }, (_, i) => i + 1));
    expect(events.map((m) => m.event.kind)).toEqual(['move', 'move', 'undo', 'move', 'undo', 'move', 'undo', 'move', 'undo', 'move', 'undo', 'move', 'undo', 'move']);
    const lifecycle = (await readStream(nc, subjects.stream('TABLES'))).map((m) => (m.data as TableEventV1).kind);
    expect(lifecycle).toEqual(['opened']);

    // The restarted service rebuilt the table from its log and plays on.
    await play(1);
    await waitUntil(async () => (await streamed()).length === entries || undefined, 10_000, 'the next entry in the stream');
    // A SIGTERM shuts down cleanly within the grace period, and says so.
    await third.stop(10_000);
    expect(await third.exited).toEqual({ code: 0, signal: null });
    expect(third.output()).not.toMatch(/"level":50/);
    expect(third.output()).toMatch(/log-service stopping on SIGTERM[^\n]*\n(.*\n)*.*log-service stopped after \d+ ms/);
  });
});
