import { LogClient, provision, RequestClient } from '@chronicle/bus';
import { BadRequest, InternalError, LogSubjects, ServiceUnavailable, Subjects } from '@chronicle/contracts';
import {
  connectNats, createTestDatabase, removePrefixed, spawnService, tcpProxy, uniquePrefix, waitUntil,
  type ServiceProcess, type TcpProxy, type TestDatabase,
} from '@chronicle/testing';
import { engine, GameLog } from '@chronicle/engine';
import { journal } from '@chronicle/engine/examples';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { logServiceTopology } from './topology';

jest.setTimeout(60_000);

/**
 * The log service as a child process whose PostgreSQL sits behind a relay the test can cut:
 * refusals are `BAD_REQUEST`, an outage `UNAVAILABLE`, a failure inside PostgreSQL `INTERNAL`
 * with a reference, and no log line carries a seed.
 */
describe('log service refusals, outages and logs (child process)', () => {
  const prefix = uniquePrefix('robust');
  const subjects = new Subjects(prefix);
  let db: TestDatabase;
  let proxy: TcpProxy;
  let nc: NatsConnection;
  let requests: RequestClient;
  let log: LogClient;
  let service: ServiceProcess;

  beforeAll(async () => {
    db = await createTestDatabase();
    proxy = await tcpProxy(new URL(db.url).host);
    const viaProxy = new URL(db.url);
    viaProxy.host = proxy.address;
    nc = await connectNats();
    await provision(nc, subjects, logServiceTopology());
    requests = new RequestClient(nc, subjects, 10_000);
    log = new LogClient(requests);
    service = spawnService('apps/log-service/src/main.ts', {
      DATABASE_URL: viaProxy.toString(), CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: randomBytes(32).toString('hex'),
      HTTP_PORT: '0', LOG_LEVEL: 'info',
    });
    await service.waitFor(/log-service ready/, 30_000);
  });

  afterAll(async () => {
    await service?.stop();
    await proxy?.close();
    await removePrefixed(nc, prefix);
    await nc?.drain();
    await db?.drop();
  });

  it('refuses what it cannot store as sent with BAD_REQUEST, before PostgreSQL sees it', async () => {
    await log.open({ tableId: 'journal', gameId: 'journal', seats: ['ann'] });
    const append = (payload: unknown, seat: string | null = 'ann') =>
      requests.request(LogSubjects.append, { v: 1, tableId: 'journal', seat, payload, expectedRevision: 0, idempotencyKey: 'k', random: false });
    for (const [payload, seat, why] of [
      [{ text: 'a\u0000b' }, 'ann', /NUL/],
      [{ text: 'a' }, 'an\u0000n', /NUL/],
      [{ text: '\ud800' }, 'ann', /surrogate/],
      [JSON.parse('{"__proto__":{"x":1}}'), 'ann', /reserved/],
      [{ constructor: 1 }, 'ann', /reserved/],
      [{ hasOwnProperty: 1, toString: 2 }, 'ann', /reserved/],
    ] as Array<[unknown, string, RegExp]>) {
      const refused = append(payload, seat);
      await expect(refused).rejects.toBeInstanceOf(BadRequest);
      await expect(refused).rejects.toThrow(why);
    }
    // Too deep for JSON.stringify on this side: sent as bytes, as an attacker would.
    const deep = `{"v":1,"tableId":"journal","seat":"ann","expectedRevision":0,"idempotencyKey":"k","random":false,"payload":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    const reply = await nc.request(subjects.of(LogSubjects.append), deep, { timeout: 5_000 });
    expect(reply.json()).toEqual({ error: { code: 'BAD_REQUEST', message: expect.stringMatching(/nested deeper than 64 levels/) } });
    await expect(requests.request(LogSubjects.open, { v: 1, tableId: 'x', gameId: 'chess', seats: ['a'] })).rejects.toBeInstanceOf(BadRequest);
    await expect(requests.request(LogSubjects.open, { v: 1, tableId: 'x', gameId: 'journal', seats: ['a'], options: { 'k\u0000': 1 } }))
      .rejects.toThrow(/NUL/);
    // Nothing above reached the log: the first real move is still move 1.
    const first = await log.append({ tableId: 'journal', seat: 'ann', payload: { text: '\ud83d\ude00 ok' }, expectedRevision: 0, idempotencyKey: 'k', random: false });
    expect(first.revision).toBe(1);
    expect((await log.read({ tableId: 'journal', fromRevision: 0 })).moves[0]!.payload).toEqual({ text: '\ud83d\ude00 ok' });
  });

  it('answers UNAVAILABLE while PostgreSQL is unreachable, and serves again once it is back', async () => {
    await proxy.cut();
    const during = [
      log.header({ tableId: 'journal' }),
      log.append({ tableId: 'journal', seat: 'ann', payload: { text: 'later' }, expectedRevision: 1, idempotencyKey: 'k2', random: false }),
      log.open({ tableId: 'during-outage', gameId: 'journal', seats: ['ann'] }),
    ];
    for (const request of during) {
      await expect(request).rejects.toBeInstanceOf(ServiceUnavailable);
      await expect(request).rejects.toThrow(/retry later/);
    }
    await proxy.restore();
    await waitUntil(async () => (await log.header({ tableId: 'journal' }).catch(() => undefined))?.revision === 1 || undefined, 20_000, 'the log to serve again');
    const later = await log.append({ tableId: 'journal', seat: 'ann', payload: { text: 'later' }, expectedRevision: 1, idempotencyKey: 'k2', random: false });
    expect(later.revision).toBe(2);
  });

  it('serves a multi-megabyte finished log in pages, and verify accepts it', async () => {
    const { commitment } = await log.open({ tableId: 'big', gameId: 'journal', seats: ['ann'] });
    // Written straight into the database (3,000 appends would only slow the test down): 3 MB of
    // notes, with stand-in leaves and no checkpoint (the service signs one from the stored leaves).
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    try {
      await pg.query(
        `INSERT INTO log_entries (table_id, seq, kind, number, revision, seat, payload, random, recorded_at, leaf)
         SELECT 'big', i, 'move', i, i, 'ann', jsonb_build_object('text', repeat(chr(97 + i % 26), 1000)), false, now(), sha256(int4send(i))
         FROM generate_series(1, 3000) AS i`);
      await pg.query(`UPDATE game_tables SET revision = 3000, last_seq = 3000, status = 'finished', checkpoint = NULL,
        outcome = '{"winners":[],"result":"closed"}' WHERE table_id = 'big'`);
    } finally {
      await pg.end();
    }
    // Whole, it cannot be one NATS message.
    await expect(requests.request(LogSubjects.finishedLog, { v: 1, tableId: 'big' })).rejects.toThrow(/ask for less/);
    const finished = await log.finishedLog({ tableId: 'big' });
    expect(Buffer.byteLength(JSON.stringify(finished))).toBeGreaterThan(3_000_000);
    expect(finished.record).toMatchObject({ treeSize: 3000, leaves: expect.arrayContaining([expect.any(String)]) });
    expect(finished.record!.leaves).toHaveLength(3000);
    const state = engine.verify(journal, GameLog.fromArray(finished.log), commitment);
    expect(state.revision).toBe(3000);
    expect((state.data as { last: string }).last).toBe(String.fromCharCode(97 + (3000 % 26)).repeat(1000));
  });

  it('logs a failed open without its seed or the driver parameters', async () => {
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    await pg.query('ALTER TABLE game_tables ADD CONSTRAINT test_refuses_opens CHECK (false) NOT VALID');
    const from = service.output().length;
    try {
      const failed = log.open({ tableId: 'refused-open', gameId: 'journal', seats: ['ann'] });
      await expect(failed).rejects.toBeInstanceOf(InternalError);
      const reference = String(await failed.catch((e: Error) => e.message)).match(/reference (\w+)/)![1]!;
      await service.waitFor(new RegExp(`reference ${reference}`), 5_000, from);
      const logged = service.output().slice(from);
      expect(logged).toMatch(/test_refuses_opens/);
      expect(logged).not.toMatch(/(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/i);
      expect(logged).not.toMatch(/parameters|Failing row/);
    } finally {
      await pg.query('ALTER TABLE game_tables DROP CONSTRAINT test_refuses_opens');
      await pg.end();
    }
  });
});
