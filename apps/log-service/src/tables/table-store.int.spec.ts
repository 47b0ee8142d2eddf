import { BadRequest } from '@chronicle/contracts';
import { ConcurrentMove } from '@chronicle/engine';
import { defaultGames } from '@chronicle/games';
import { createTestDatabase, type TestDatabase } from '@chronicle/testing';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { logDataSource } from '../database/data-source';
import { LogRepository } from './log.repository';
import { TableStore } from './table-store';

/** Two stores over one database: two replicas whose caches go stale in turn. */
describe('TableStore with two replicas (real PostgreSQL)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let a: TableStore;
  let b: TableStore;
  let commits = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await logDataSource(db.url, 2).initialize();
    const options = { onCommitted: () => commits++, cacheSize: 10, seedKey: randomBytes(32), batching: { maxBatch: 100, concurrency: 2 } };
    a = new TableStore(ds, new LogRepository(), defaultGames(), options);
    b = new TableStore(ds, new LogRepository(), defaultGames(), options);
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  const move = (tableId: string, seat: string, cell: number, expectedRevision: number, idempotencyKey = `${tableId}-${seat}-${cell}-${expectedRevision}`) =>
    ({ tableId, seat, payload: { cell }, expectedRevision, idempotencyKey, random: false });

  it('plays on from the log when its cache is behind, and refuses a stale revision', async () => {
    await a.open({ tableId: 't1', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    await a.append(move('t1', 'ann', 0, 0));
    // b has never seen t1; then a is behind b, then b behind a.
    expect(await b.append(move('t1', 'bob', 1, 1))).toMatchObject({ revision: 2, seq: 2 });
    expect(await a.append(move('t1', 'ann', 2, 2))).toMatchObject({ revision: 3, seq: 3 });
    await expect(b.append(move('t1', 'bob', 3, 2))).rejects.toBeInstanceOf(ConcurrentMove);
    expect(await b.append(move('t1', 'bob', 3, 3))).toMatchObject({ revision: 4, seq: 4 });
    const page = await a.readMoves('t1', 0);
    expect(page.moves.map((m) => m.payload)).toEqual([{ cell: 0 }, { cell: 1 }, { cell: 2 }, { cell: 3 }]);
  });

  it('returns the first result for a key another replica already appended, at any revision', async () => {
    await a.open({ tableId: 't2', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    const first = await a.append(move('t2', 'ann', 4, 0, 'k'));
    await a.append(move('t2', 'bob', 0, 1));
    expect(await b.append(move('t2', 'ann', 4, 0, 'k'))).toEqual({ ...first, duplicate: true });
  });

  it('returns the first result for a key whose move was taken back, and refuses the key for another move', async () => {
    await a.open({ tableId: 't3', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    const first = await a.append(move('t3', 'ann', 4, 0, 'k'));
    await b.undo({ tableId: 't3', seat: 'ann' });
    // The revision is 0 again, so only the stored key tells this is a retry.
    expect(await a.append(move('t3', 'ann', 4, 0, 'k'))).toEqual({ ...first, duplicate: true });
    await expect(a.append(move('t3', 'ann', 5, 0, 'k'))).rejects.toBeInstanceOf(BadRequest);
    expect((await b.readMoves('t3', 0)).moves).toEqual([]);
    expect(await a.append(move('t3', 'ann', 5, 0, 'k2'))).toMatchObject({ revision: 1, seq: 3, duplicate: false });
    expect(commits).toBeGreaterThan(0);
  });

  it('writes concurrent appends of many tables together, each exactly once and in order', async () => {
    const tables = Array.from({ length: 40 }, (_, i) => `many-${i}`);
    for (const tableId of tables) await a.open({ tableId, gameId: 'journal', seats: ['ann'] });
    const note = (tableId: string, revision: number) =>
      ({ tableId, seat: 'ann', payload: { text: `${tableId}/${revision}` }, expectedRevision: revision, idempotencyKey: `${tableId}:${revision}`, random: false });
    await Promise.all(tables.map(async (tableId) => {
      for (let revision = 0; revision < 5; revision++) await a.append(note(tableId, revision));
    }));
    const entries: Array<{ table_id: string; seq: number; payload: { text: string } }> =
      await ds.query(`SELECT table_id, seq, payload FROM log_entries WHERE table_id LIKE 'many-%' ORDER BY table_id, seq`);
    expect(entries).toHaveLength(200);
    for (const e of entries) expect(e.payload.text).toBe(`${e.table_id}/${e.seq - 1}`);
    const outbox: Array<{ msg_id: string }> = await ds.query(`SELECT msg_id FROM outbox WHERE subject LIKE 'moves.many-%' ORDER BY id`);
    const seqs = new Map<string, number[]>();
    for (const { msg_id } of outbox) {
      const [tableId, seq] = msg_id.split(':') as [string, string];
      seqs.set(tableId, [...(seqs.get(tableId) ?? []), Number(seq)]);
    }
    for (const tableId of tables) expect(seqs.get(tableId)).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers each append of a batch on its own when one of them reuses a key', async () => {
    await a.open({ tableId: 'reuse', gameId: 'journal', seats: ['ann'] });
    await a.append({ tableId: 'reuse', seat: 'ann', payload: { text: 'first' }, expectedRevision: 0, idempotencyKey: 'once', random: false });
    await b.undo({ tableId: 'reuse', seat: 'ann' });
    const others = Array.from({ length: 10 }, (_, i) => `beside-${i}`);
    for (const tableId of others) await a.open({ tableId, gameId: 'journal', seats: ['ann'] });
    // The reused key (for another note) fails the batched statement; the others must still be written.
    const results = await Promise.allSettled([
      a.append({ tableId: 'reuse', seat: 'ann', payload: { text: 'second' }, expectedRevision: 0, idempotencyKey: 'once', random: false }),
      ...others.map((tableId) => a.append({ tableId, seat: 'ann', payload: { text: 'hi' }, expectedRevision: 0, idempotencyKey: 'k', random: false })),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: expect.any(BadRequest) });
    expect(results.slice(1).map((r) => r.status)).toEqual(others.map(() => 'fulfilled'));
    expect((await a.readMoves('reuse', 0)).moves).toEqual([]);
  });
});
