import { createTestDatabase, type TestDatabase } from '@chronicle/testing';
import type { DataSource } from 'typeorm';
import { logDataSource } from '../database/data-source';
import { LogRepository, type EntryRecord, type PendingAppend } from './log.repository';

/** The batched append statement on real PostgreSQL (the batcher's fallback would hide a broken one). */
describe('LogRepository.appendManyIfLast (real PostgreSQL)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const repository = new LogRepository();

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await logDataSource(db.url, 2).initialize();
    for (const tableId of ['a', 'b', 'c']) {
      await repository.insertTable(ds.manager, {
        tableId, gameId: 'journal', rulesVersion: '1', seed: '0'.repeat(64), commitment: '1'.repeat(64), seats: ['ann'],
        options: {}, status: 'open', outcome: null, revision: 0, lastSeq: 0, checkpoint: null,
      }, new Date(), []);
    }
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  const entry = (seq: number, text: string | null): EntryRecord => ({
    seq, kind: 'move', number: seq, revision: seq, seat: 'ann', payload: text === null ? null : { text }, random: false,
    stateHash: null, nextDueAt: null, idempotencyKey: `key-${text}`, recordedAt: new Date('2026-01-01T00:00:00Z'), leaf: seq.toString(16).padStart(64, '0'),
  });
  const append = (tableId: string, seq: number, text: string | null, events = 1): PendingAppend => ({
    tableId, entry: entry(seq, text), change: { status: seq === 9 ? 'finished' : 'open', outcome: seq === 9 ? { winners: [], result: 'done' } : null, checkpoint: `checkpoint ${seq}` },
    events: Array.from({ length: events }, (_, i) => ({ subject: `moves.${tableId}`, msgId: `${tableId}:${seq}:${i}`, payload: `{"n":${i}}` })),
  });

  it('writes the appends that follow their table, moves the headers on, and queues their events in order', async () => {
    const written = await repository.appendManyIfLast(ds.manager, [append('a', 1, 'one', 2), append('b', 1, 'uno'), append('c', 2, 'stale')]);
    expect([...written].sort()).toEqual(['a', 'b']);
    const entries = await ds.query(`SELECT table_id, seq, payload, encode(leaf, 'hex') AS leaf FROM log_entries ORDER BY table_id, seq`);
    const leaf = '1'.padStart(64, '0');
    expect(entries).toEqual([{ table_id: 'a', seq: 1, payload: { text: 'one' }, leaf }, { table_id: 'b', seq: 1, payload: { text: 'uno' }, leaf }]);
    const headers = await ds.query(`SELECT table_id, revision, last_seq, checkpoint FROM game_tables ORDER BY table_id`);
    expect(headers).toEqual([
      { table_id: 'a', revision: 1, last_seq: 1, checkpoint: 'checkpoint 1' }, { table_id: 'b', revision: 1, last_seq: 1, checkpoint: 'checkpoint 1' },
      { table_id: 'c', revision: 0, last_seq: 0, checkpoint: null },
    ]);
    const outbox = await ds.query(`SELECT msg_id, payload FROM outbox ORDER BY id`);
    expect(outbox).toEqual([
      { msg_id: 'a:1:0', payload: '{"n":0}' }, { msg_id: 'a:1:1', payload: '{"n":1}' }, { msg_id: 'b:1:0', payload: '{"n":0}' },
    ]);
  });

  it('writes a finished table its outcome and a null payload as SQL NULL, as the single append does', async () => {
    await ds.query(`UPDATE game_tables SET last_seq = 8, revision = 8 WHERE table_id = 'c'`);
    expect(await repository.appendManyIfLast(ds.manager, [append('c', 9, null)])).toEqual(new Set(['c']));
    const [header] = await ds.query(`SELECT status, outcome, finished_at FROM game_tables WHERE table_id = 'c'`);
    expect(header).toMatchObject({ status: 'finished', outcome: { winners: [], result: 'done' } });
    expect(header.finished_at).not.toBeNull();
    const [row] = await ds.query(`SELECT payload IS NULL AS missing FROM log_entries WHERE table_id = 'c'`);
    expect(row.missing).toBe(true);
  });

  it('fails whole, writing nothing, when one append reuses an idempotency key', async () => {
    await expect(repository.appendManyIfLast(ds.manager, [append('a', 2, 'one'), append('b', 2, 'dos')])).rejects.toThrow(/duplicate key/);
    expect(await ds.query(`SELECT count(*)::int AS n FROM log_entries WHERE seq = 2`)).toEqual([{ n: 0 }]);
  });
});
