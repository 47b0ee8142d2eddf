import { BadRequest } from '@chronicle/contracts';
import { ConcurrentMove, GameOver, IllegalMove, rootOf } from '@chronicle/engine';
import { defaultGames } from '@chronicle/games';
import { createTestDatabase, type TestDatabase } from '@chronicle/testing';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { logDataSource } from '../database/data-source';
import { LogRepository } from './log.repository';
import { TableStore } from './table-store';

/** Two stores over one database: two replicas whose cached headers go stale in turn. */
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

  it('writes on from the database when its cached header is behind, and refuses a stale revision', async () => {
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
    await b.undo({ tableId: 't3', seat: 'ann', expectedRevision: 1 });
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
  }, 60_000);

  it('writes a run of one table\'s appends in one commit, as one by one would, and answers alone what does not follow', async () => {
    await a.open({ tableId: 'run', gameId: 'journal', seats: ['ann'] });
    const note = (revision: number, text = `run/${revision}`, idempotencyKey = `run:${revision}`) =>
      ({ tableId: 'run', seat: 'ann', payload: { text }, expectedRevision: revision, idempotencyKey, random: false });
    const before = commits;
    const run = await a.appendRun([note(0), note(1), note(2)]);
    expect(run.map((r) => ('data' in r ? [r.data.revision, r.data.seq, r.data.duplicate] : r.error))).toEqual([[1, 1, false], [2, 2, false], [3, 3, false]]);
    expect(commits).toBe(before + 1);
    // The tree kept for the next append is the one written (a's cache), and the one rebuilt from the stored leaves (b's).
    expect(await a.append(note(3))).toMatchObject({ revision: 4 });
    expect((await b.appendRun([note(4), note(5)])).map((r) => 'data' in r && r.data.revision)).toEqual([5, 6]);
    const tree = await a.tree('run', 0);
    expect(tree.treeSize).toBe(6);
    expect(rootOf(tree.leaves.map((l) => Buffer.from(l, 'hex'))).toString('hex')).toBe(tree.rootHash);
    expect((await a.readMoves('run', 0)).moves.map((m) => (m.payload as { text: string }).text)).toEqual([0, 1, 2, 3, 4, 5].map((n) => `run/${n}`));
    const outbox: Array<{ msg_id: string }> = await ds.query(`SELECT msg_id FROM outbox WHERE subject LIKE 'moves.run' ORDER BY id`);
    expect(outbox.map((o) => o.msg_id)).toEqual([1, 2, 3, 4, 5, 6].map((seq) => `run:${seq}`));

    // a is behind (b wrote 5 and 6): its run is written alone, each from the database's header.
    expect((await a.appendRun([note(6), note(7)])).map((r) => 'data' in r && r.data.revision)).toEqual([7, 8]);
    // One that does not follow is refused alone; a reused key fails the run, and each gets its own answer.
    const broken = await a.appendRun([note(8), note(8, 'again', 'run:again')]);
    expect('data' in broken[0]! && broken[0].data.revision).toBe(9);
    expect(broken[1]).toEqual({ error: expect.any(ConcurrentMove) });
    const reused = await a.appendRun([note(9, 'other', 'run:0'), note(10)]);
    expect(reused).toEqual([{ error: expect.any(BadRequest) }, { error: expect.any(ConcurrentMove) }]);
    expect((await a.header('run')).revision).toBe(9);
  });

  it('answers each append of a batch on its own when one of them reuses a key', async () => {
    await a.open({ tableId: 'reuse', gameId: 'journal', seats: ['ann'] });
    await a.append({ tableId: 'reuse', seat: 'ann', payload: { text: 'first' }, expectedRevision: 0, idempotencyKey: 'once', random: false });
    await b.undo({ tableId: 'reuse', seat: 'ann', expectedRevision: 1 });
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

  it('stores what the executor computed, runs no rules, and finishes the table with the outcome it was given', async () => {
    await a.open({ tableId: 'told', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    // Not a legal tic-tac-toe move: the executors judge moves, the store only records them.
    const stored = await b.append({ ...move('told', 'nobody', 99, 0), random: true, stateHash: 'c'.repeat(64) });
    expect(stored.move).toMatchObject({ seat: 'nobody', payload: { cell: 99 }, random: true, stateHash: 'c'.repeat(64) });
    const outcome = { winners: ['ann'], result: 'ann made a line' };
    expect(await a.append({ ...move('told', 'ann', 1, 1), outcome })).toMatchObject({ revision: 2, outcome });
    expect(await b.header('told')).toMatchObject({ status: 'finished', outcome, revision: 2 });
    await expect(b.append(move('told', 'bob', 2, 2))).rejects.toBeInstanceOf(IllegalMove);
    await expect(a.undo({ tableId: 'told', seat: null, expectedRevision: 2 })).rejects.toBeInstanceOf(GameOver);
    // A retry of the finishing move, from an executor that reloaded, gets the first result.
    expect(await b.append({ ...move('told', 'ann', 1, 1), outcome })).toMatchObject({ duplicate: true, revision: 2, outcome });
  });

  it('takes back the last move once per key, at the expected revision only', async () => {
    await a.open({ tableId: 'back', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    await expect(a.undo({ tableId: 'back', seat: null, expectedRevision: 0 })).rejects.toThrow(/no move to take back/);
    await a.append(move('back', 'ann', 0, 0));
    await a.append(move('back', 'bob', 1, 1));
    await expect(b.undo({ tableId: 'back', seat: 'bob', expectedRevision: 1 })).rejects.toBeInstanceOf(ConcurrentMove);
    const undone = await b.undo({ tableId: 'back', seat: 'bob', expectedRevision: 2, idempotencyKey: 'u1', stateHash: 'd'.repeat(64) });
    expect(undone).toEqual({ tableId: 'back', revision: 1, seq: 3, undone: 2, duplicate: false });
    // The same undo again (its executor reloaded: revision 1 now) must not take back move 1.
    expect(await a.undo({ tableId: 'back', seat: 'bob', expectedRevision: 1, idempotencyKey: 'u1' })).toEqual({ ...undone, duplicate: true });
    expect((await a.readMoves('back', 0)).moves.map((m) => m.payload)).toEqual([{ cell: 0 }]);
    expect(await a.entryByKey('back', 'u1')).toEqual({ tableId: 'back', kind: 'undo', seq: 3, number: 2, revision: 1 });
    expect(await a.entryByKey('back', 'never')).toBeNull();
  });
});
