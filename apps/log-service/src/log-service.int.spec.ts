import { LogClient, provision, RequestClient } from '@chronicle/bus';
import {
  BadRequest, LogSubjects, seedKey, Subjects, TrustedSubjects, unsealSeed, type MoveEventV1, type SealedSeedV1, type TableEventV1,
} from '@chronicle/contracts';
import {
  commitmentOf, ConcurrentMove, engine, GameInProgress, GameLog, GameOver, IllegalMove, UnknownTable,
} from '@chronicle/engine';
import { diceRace, ticTacToe } from '@chronicle/engine/examples';
import { connectNats, createTestDatabase, readStream, removePrefixed, uniquePrefix, waitUntil, type TestDatabase } from '@chronicle/testing';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { startLogService, type RunningLogService } from './bootstrap';
import { LogServiceConfig } from './config';
import { logServiceTopology } from './topology';

jest.setTimeout(30_000);

describe('log service (in process, real PostgreSQL and NATS)', () => {
  const prefix = uniquePrefix('log');
  const key = randomBytes(32).toString('hex');
  const subjects = new Subjects(prefix);
  let db: TestDatabase;
  let pg: Client;
  let nc: NatsConnection;
  let log: LogClient;
  let client: RequestClient;
  // Two replicas in one queue group: requests alternate between two caches over one database.
  const replicas: RunningLogService[] = [];
  const wire: Array<{ subject: string; text: string }> = [];
  let tap: Subscription;

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectNats();
    // Everything on the server, from before the first table opens: the seed check reads it.
    tap = nc.subscribe('>', {
      callback: (_e, m) => {
        wire.push({ subject: m.subject, text: Buffer.from(m.data).toString('latin1') });
      },
    });
    await provision(nc, subjects, logServiceTopology());
    const config = Object.assign(new LogServiceConfig(), {
      DATABASE_URL: db.url, CHRONICLE_PREFIX: prefix, LOG_LEVEL: 'silent', OUTBOX_POLL_MS: 100, DB_POOL_SIZE: 4, CHRONICLE_SEED_KEY: key,
    });
    replicas.push(await startLogService(config));
    replicas.push(await startLogService(config));
    client = new RequestClient(nc, subjects, 5_000);
    log = new LogClient(client);
    pg = new Client({ connectionString: db.url });
    await pg.connect();
  });

  afterAll(async () => {
    tap?.unsubscribe();
    for (const replica of replicas) await replica.app.close();
    await pg?.end();
    if (nc) {
      await removePrefixed(nc, prefix);
      await nc.drain();
    }
    await db?.drop();
  });

  const seedOf = async (tableId: string): Promise<string> =>
    (await pg.query('SELECT seed FROM game_tables WHERE table_id = $1', [tableId])).rows[0].seed;

  const movesOf = async (tableId: string): Promise<Array<{ msgId?: string; data: MoveEventV1 }>> =>
    (await readStream(nc, subjects.stream('MOVES')))
      .filter((m) => m.subject === subjects.of(`moves.${tableId}`))
      .map((m) => ({ ...(m.msgId ? { msgId: m.msgId } : {}), data: m.data as MoveEventV1 }));

  let n = 0;
  const nextKey = () => `k${++n}`;

  it('opens a table: the commitment is SHA-256 of a fresh secret seed, the header shows no seed', async () => {
    const opened = await log.open({ tableId: 'open-1', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    const seed = await seedOf('open-1');
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(opened).toEqual({ tableId: 'open-1', commitment: commitmentOf(seed), revision: 0 });
    const header = await log.header({ tableId: 'open-1' });
    expect(header).toMatchObject({ gameId: 'tic-tac-toe', rulesVersion: '1', status: 'open', revision: 0, seq: 0, commitment: opened.commitment });
    expect(JSON.stringify(header)).not.toContain(seed);
    expect(await log.commitment({ tableId: 'open-1' })).toEqual({ tableId: 'open-1', commitment: opened.commitment });
    await expect(log.open({ tableId: 'open-1', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] })).rejects.toBeInstanceOf(ConcurrentMove);
    await expect(log.open({ tableId: 'open-2', gameId: 'chess', seats: ['ann'] })).rejects.toThrow(BadRequest);
    await expect(log.header({ tableId: 'nowhere' })).rejects.toBeInstanceOf(UnknownTable);
    const other = await log.open({ tableId: 'open-3', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    expect(other.commitment).not.toBe(opened.commitment);
    await waitUntil(async () => (await readStream(nc, subjects.stream('TABLES'))).some((m) => (m.data as TableEventV1).tableId === 'open-1') || undefined);
  });

  it('lets exactly one of concurrent appends at the same revision win; the others get ConcurrentMove', async () => {
    await log.open({ tableId: 'race', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    const attempts = await Promise.allSettled([0, 1, 2, 3, 4, 5, 6, 7].map((cell) =>
      log.append({ tableId: 'race', seat: 'ann', payload: { cell }, expectedRevision: 0, idempotencyKey: nextKey(), random: false })));
    const won = attempts.filter((a) => a.status === 'fulfilled');
    const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(7);
    for (const l of lost) expect(l.reason).toBeInstanceOf(ConcurrentMove);
    const page = await log.read({ tableId: 'race', fromRevision: 0 });
    expect(page.revision).toBe(1);
    expect(page.moves).toHaveLength(1);
    // Whichever replica answers (its cache may be stale) plays on from the winning move.
    const taken = (page.moves[0]!.payload as { cell: number }).cell;
    const next = await log.append({ tableId: 'race', seat: 'bob', payload: { cell: 8 - taken }, expectedRevision: 1, idempotencyKey: nextKey(), random: false });
    expect(next).toMatchObject({ revision: 2, seq: 2, duplicate: false });
  });

  it('appends once for the same idempotency key, and returns the first result again', async () => {
    await log.open({ tableId: 'idem', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    const request = { tableId: 'idem', seat: 'ann', payload: { cell: 4 }, expectedRevision: 0, idempotencyKey: 'once', random: false };
    const [a, b] = await Promise.all([log.append(request), log.append(request)]);
    const again = await log.append(request);
    expect([a.duplicate, b.duplicate].sort()).toEqual([false, true]);
    expect(again).toMatchObject({ duplicate: true, seq: 1, revision: 1, move: { number: 1, payload: { cell: 4 } } });
    expect((await log.read({ tableId: 'idem', fromRevision: 0 })).moves).toHaveLength(1);
    await expect(log.append({ ...request, payload: { cell: 5 } })).rejects.toBeInstanceOf(BadRequest);
    await waitUntil(async () => (await movesOf('idem')).length === 1 || undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await movesOf('idem')).toHaveLength(1);
  });

  it('takes the appends of one event-loop turn in one request, and answers each as if it came alone', async () => {
    const tables = ['many-1', 'many-2', 'many-3'];
    for (const tableId of tables) await log.open({ tableId, gameId: 'journal', seats: ['ann'] });
    const requestsOnWire = () => wire.filter((m) => m.subject === subjects.of(LogSubjects.appendMany)).length;
    const before = requestsOnWire();
    const move = (tableId: string, expectedRevision: number, idempotencyKey: string) =>
      log.append({ tableId, seat: 'ann', payload: { text: `${tableId} ${idempotencyKey}` }, expectedRevision, idempotencyKey, random: false });
    const settled = await Promise.allSettled([
      ...tables.map((tableId) => move(tableId, 0, 'one')),
      move('many-1', 0, 'late'),
      move('many-2', 0, 'one'),
    ]);
    const [first, second, third, stale, again] = settled.map((r) => (r.status === 'fulfilled' ? r.value : r.reason as unknown));
    await waitUntil(async () => requestsOnWire() > before || undefined);
    expect(requestsOnWire()).toBe(before + 1);
    for (const appended of [first, second, third]) expect(appended).toMatchObject({ revision: 1, duplicate: false });
    expect(stale).toBeInstanceOf(ConcurrentMove);
    expect(again).toMatchObject({ duplicate: true, seq: 1 });
    // An item the store cannot take is refused on its own; the others are written.
    const raw = await client.request<{ results: unknown[] }>(LogSubjects.appendMany, { v: 1, appends: [
      { v: 1, tableId: 'many-3', seat: 'ann', payload: { text: 'two' }, expectedRevision: 1, idempotencyKey: 'two', random: false },
      { v: 1, tableId: 'many-3', seat: 'ann', payload: { text: 'bad' }, expectedRevision: 2, idempotencyKey: 'bad', random: 'yes' },
    ] });
    expect(raw.results).toEqual([
      { data: expect.objectContaining({ revision: 2, duplicate: false }) },
      { error: { code: 'BAD_REQUEST', message: expect.stringMatching(/^appends: random/) } },
    ]);
    await expect(client.request(LogSubjects.appendMany, { v: 1, appends: [] })).rejects.toThrow(/appends/);
    expect((await log.read({ tableId: 'many-3', fromRevision: 0 })).moves.map((m) => m.payload)).toEqual([{ text: 'many-3 one' }, { text: 'two' }]);
  });

  it('records an undo as an entry of its own, at the expected revision', async () => {
    await log.open({ tableId: 'undo', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    await log.append({ tableId: 'undo', seat: 'ann', payload: { cell: 0 }, expectedRevision: 0, idempotencyKey: nextKey(), random: false });
    await expect(log.undo({ tableId: 'undo', seat: 'ann', expectedRevision: 3 })).rejects.toBeInstanceOf(ConcurrentMove);
    expect(await log.undo({ tableId: 'undo', seat: 'ann', expectedRevision: 1 })).toEqual({ tableId: 'undo', revision: 0, seq: 2, undone: 1, duplicate: false });
    await expect(log.undo({ tableId: 'undo', seat: 'ann', expectedRevision: 0 })).rejects.toThrow(/expectedRevision/);
    await log.append({ tableId: 'undo', seat: 'ann', payload: { cell: 8 }, expectedRevision: 0, idempotencyKey: nextKey(), random: false });
    const page = await log.read({ tableId: 'undo', fromRevision: 0 });
    expect(page).toMatchObject({ revision: 1, seq: 3, moves: [{ number: 1, payload: { cell: 8 }, seq: 3 }] });
    await waitUntil(async () => (await movesOf('undo')).length === 3 || undefined);
    expect((await movesOf('undo')).map((m) => [m.msgId, m.data.kind, m.data.number, m.data.revision])).toEqual([
      ['undo:1', 'move', 1, 1], ['undo:2', 'undo', 1, 0], ['undo:3', 'move', 1, 1],
    ]);
    await expect(pg.query(`DELETE FROM log_entries WHERE table_id = 'undo'`)).rejects.toThrow(/append-only/);
  });

  it('stores and publishes the state hash and next due time given with a move', async () => {
    await log.open({ tableId: 'extras', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    const stateHash = 'ab'.repeat(32);
    const appended = await log.append({
      tableId: 'extras', seat: 'ann', payload: { cell: 1 }, expectedRevision: 0, idempotencyKey: nextKey(), random: false, stateHash, nextDueAt: '2030-01-02T03:04:05.000Z',
    });
    expect(appended.move).toMatchObject({ stateHash, nextDueAt: '2030-01-02T03:04:05.000Z' });
    expect((await log.read({ tableId: 'extras', fromRevision: 0 })).moves[0]).toMatchObject({ stateHash, nextDueAt: '2030-01-02T03:04:05.000Z' });
    await waitUntil(async () => (await movesOf('extras')).length === 1 || undefined);
    expect((await movesOf('extras'))[0]!.data).toMatchObject({ stateHash, nextDueAt: '2030-01-02T03:04:05.000Z' });
  });

  it('finishes a game: no more moves or undos, the finished log verifies, and no seed crossed the wire before', async () => {
    await log.open({ tableId: 'win', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    await log.open({ tableId: 'still-playing', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    await expect(log.finishedLog({ tableId: 'win' })).rejects.toBeInstanceOf(GameInProgress);
    const plays: Array<[string, number]> = [['ann', 0], ['bob', 3], ['ann', 1], ['bob', 4], ['ann', 2]];
    let last;
    // The executor that played the last move says it ended the game.
    const outcome = { winners: ['ann'], result: 'ann made a line' };
    for (const [i, [seat, cell]] of plays.entries()) {
      last = await log.append({
        tableId: 'win', seat, payload: { cell }, expectedRevision: i, idempotencyKey: nextKey(), random: false, ...(i === 4 ? { outcome } : {}),
      });
    }
    expect(last!.outcome).toEqual({ winners: ['ann'], result: 'ann made a line' });
    await waitUntil(async () => (await readStream(nc, subjects.stream('TABLES')))
      .some((m) => (m.data as TableEventV1).tableId === 'win' && (m.data as TableEventV1).kind === 'finished') || undefined);
    const beforeEnd = wire.length;

    await expect(log.append({ tableId: 'win', seat: 'bob', payload: { cell: 5 }, expectedRevision: 5, idempotencyKey: nextKey(), random: false }))
      .rejects.toBeInstanceOf(IllegalMove);
    await expect(log.undo({ tableId: 'win', seat: 'ann', expectedRevision: 5 })).rejects.toBeInstanceOf(GameOver);
    expect(await log.header({ tableId: 'win' })).toMatchObject({ status: 'finished', outcome: { winners: ['ann'] }, revision: 5 });

    const finished = await log.finishedLog({ tableId: 'win' });
    const state = engine.verify(ticTacToe, GameLog.fromArray(finished.log), (await log.commitment({ tableId: 'win' })).commitment);
    expect(state.outcome?.winners).toEqual(['ann']);

    const seed = await seedOf('win');
    const playingSeed = await seedOf('still-playing');
    // Trusted services get the seed of a table in play sealed; only the shared key opens it.
    const sealed = await client.request<SealedSeedV1>(TrustedSubjects.sealedSeed, { v: 1, tableId: 'still-playing' });
    expect(unsealSeed(seedKey(key), 'still-playing', sealed.sealedSeed)).toBe(playingSeed);
    expect(() => unsealSeed(seedKey(randomBytes(32).toString('hex')), 'still-playing', sealed.sealedSeed)).toThrow(/does not open/);
    await waitUntil(() => wire.slice(beforeEnd).some((m) => m.text.includes(seed)) || undefined, 5_000, 'the finished log on the wire');
    expect(wire.slice(0, beforeEnd).filter((m) => m.text.includes(seed)).map((m) => m.subject)).toEqual([]);
    expect(wire.filter((m) => m.text.includes(playingSeed)).map((m) => m.subject)).toEqual([]);
  });

  it('refuses the 100,001st move without replaying the 100,000 before it', async () => {
    await log.open({ tableId: 'full', gameId: 'dice-race', seats: ['ann', 'bob'], options: { finish: 1e12 } });
    // Written straight into the database (100,000 requests would take minutes): the seats
    // alternate in the order the seed shuffled them to, as the engine would have played them.
    const h = await pg.query(`SELECT seed, seats, options FROM game_tables WHERE table_id = 'full'`);
    const order = engine.setup(diceRace, {
      tableId: 'full', gameId: 'dice-race', rulesVersion: '1', seed: h.rows[0].seed, seats: h.rows[0].seats, options: h.rows[0].options, moves: 0,
    }).order.seats;
    await pg.query(
      `INSERT INTO log_entries (table_id, seq, kind, number, revision, seat, payload, random, recorded_at, leaf)
       SELECT 'full', i, 'move', i, i, CASE WHEN i % 2 = 1 THEN $1 ELSE $2 END, '{"type":"roll"}', true, now(), sha256(int4send(i))
       FROM generate_series(1, 100000) AS i`, [order[0], order[1]]);
    await pg.query(`UPDATE game_tables SET revision = 100000, last_seq = 100000 WHERE table_id = 'full'`);
    const append = (seat: string) =>
      log.append({ tableId: 'full', seat, payload: { type: 'roll' }, expectedRevision: 100_000, idempotencyKey: nextKey(), random: true });
    await expect(append(order[0]!)).rejects.toThrow(/full: a log holds at most 100000 moves/);
    await expect(append(order[1]!)).rejects.toBeInstanceOf(IllegalMove);
    const page = await log.read({ tableId: 'full', fromRevision: 99_998 });
    expect(page.moves.map((m) => m.number)).toEqual([99_999, 100_000]);
  });

  it('answers a malformed request on every subject with BAD_REQUEST and the reasons, and keeps serving', async () => {
    for (const subject of [...Object.values(LogSubjects), TrustedSubjects.sealedSeed]) {
      await expect(client.request(subject, {})).rejects.toThrow(BadRequest);
      await expect(client.request(subject, { v: 1, tableId: 'a.b.>' })).rejects.toThrow(/tableId/);
      const raw = await nc.request(subjects.of(subject), 'garbage{', { timeout: 5_000 });
      expect(raw.json()).toEqual({ error: { code: 'BAD_REQUEST', message: expect.stringMatching(/not JSON/) } });
    }
    await expect(client.request(LogSubjects.append, { v: 1, tableId: 'idem', seat: 'ann', payload: { cell: 2 }, expectedRevision: 1, idempotencyKey: nextKey(), random: 'yes' }))
      .rejects.toThrow(/random/);
    await expect(log.read({ tableId: 'idem', fromRevision: -1 })).rejects.toThrow(/fromRevision/);
    expect((await log.header({ tableId: 'idem' })).revision).toBe(1);
    // The queue group spreads requests over the replicas at random: count over both.
    let badAppends = 0;
    for (const replica of replicas) {
      const health = await fetch(`http://127.0.0.1:${replica.port}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ checks: { nats: { ok: true }, postgres: { ok: true }, outbox: { ok: true } } });
      const metrics = await (await fetch(`http://127.0.0.1:${replica.port}/metrics`)).text();
      expect(metrics).toMatch(/chronicle_outbox_pending \d+/);
      const count = /chronicle_bus_request_seconds_count\{subject="log.v1.append",code="BAD_REQUEST"\} (\d+)/.exec(metrics);
      badAppends += count ? Number(count[1]) : 0;
    }
    expect(badAppends).toBeGreaterThanOrEqual(3); // the three above (and any earlier test's)
  });

  it('publishes every entry once, in log order, with Nats-Msg-Id <table>:<seq>', async () => {
    // (Table 'full' was written without the service, so it has no events.)
    await waitUntil(async () => (await pg.query('SELECT count(*)::int AS c FROM outbox WHERE published_at IS NULL')).rows[0].c === 0 || undefined);
    const entries = (await pg.query(`SELECT table_id, seq FROM log_entries WHERE table_id <> 'full' ORDER BY table_id, seq`)).rows as Array<{ table_id: string; seq: number }>;
    const stream = await readStream(nc, subjects.stream('MOVES'));
    const published = stream.map((m) => m.msgId);
    expect(new Set(published).size).toBe(published.length);
    expect([...published].sort()).toEqual(entries.map((e) => `${e.table_id}:${e.seq}`).sort());
    const byTable = new Map<string, number[]>();
    for (const m of stream) {
      const e = m.data as MoveEventV1;
      byTable.set(e.tableId, [...(byTable.get(e.tableId) ?? []), e.seq]);
    }
    for (const seqs of byTable.values()) expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });
});
