import { LogClient, provision, RequestClient } from '@chronicle/bus';
import { Subjects, type MoveEventV1 } from '@chronicle/contracts';
import { connectNats, createTestDatabase, readStream, removePrefixed, uniquePrefix, waitUntil, type TestDatabase } from '@chronicle/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { startLogService, type RunningLogService } from './bootstrap';
import { LogServiceConfig } from './config';
import { logServiceTopology } from './topology';

jest.setTimeout(30_000);

describe('log service when JetStream cannot take its events yet', () => {
  const prefix = uniquePrefix('relay');
  const subjects = new Subjects(prefix);
  let db: TestDatabase;
  let nc: NatsConnection;
  let service: RunningLogService;

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectNats();
    // Not provisioned: the streams do not exist until the test creates them.
    service = await startLogService(Object.assign(new LogServiceConfig(), {
      DATABASE_URL: db.url, CHRONICLE_PREFIX: prefix, LOG_LEVEL: 'silent', OUTBOX_POLL_MS: 100, DB_POOL_SIZE: 2,
      CHRONICLE_SEED_KEY: randomBytes(32).toString('hex'),
    }));
  });

  afterAll(async () => {
    await service?.app.close();
    if (nc) {
      await removePrefixed(nc, prefix);
      await nc.drain();
    }
    await db?.drop();
  });

  it('keeps accepting moves, shows the backlog, and publishes it in order once the streams exist', async () => {
    const log = new LogClient(new RequestClient(nc, subjects));
    await log.open({ tableId: 't', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    await log.append({ tableId: 't', seat: 'ann', payload: { cell: 0 }, expectedRevision: 0, idempotencyKey: 'a', random: false });
    await log.append({ tableId: 't', seat: 'bob', payload: { cell: 1 }, expectedRevision: 1, idempotencyKey: 'b', random: false });

    const outbox = async () => ((await (await fetch(`http://127.0.0.1:${service.port}/health`)).json()) as {
      checks: { outbox: { ok: boolean; detail: { pending: number; lastError?: string } } };
    }).checks.outbox;
    const stuck = await waitUntil(async () => {
      const check = await outbox();
      return check.detail.lastError ? check : undefined;
    }, 10_000, 'the relay to report its failure');
    expect(stuck.detail.pending).toBe(3);

    await provision(nc, subjects, logServiceTopology());
    await waitUntil(async () => (await outbox()).detail.pending === 0 || undefined, 10_000, 'the backlog to drain');
    const moves = (await readStream(nc, subjects.stream('MOVES'))).map((m) => [m.msgId, (m.data as MoveEventV1).number]);
    expect(moves).toEqual([['t:1', 1], ['t:2', 2]]);
    expect((await readStream(nc, subjects.stream('TABLES'))).map((m) => m.msgId)).toEqual(['t:opened']);
    await waitUntil(async () => (await outbox()).detail.lastError === undefined || undefined, 5_000, 'the error to clear');
  });
});
