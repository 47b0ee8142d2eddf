import { BadRequest, ed25519PrivateKey, ed25519PublicKey, openCheckpoint, publicKeyHex, type MoveEventV1 } from '@chronicle/contracts';
import {
  AuditedLog, consistencyProof, engine, entryLeaf, GameLog, readRecord, stateHash, TableWatch, verifyConsistency,
} from '@chronicle/engine';
import { ticTacToe } from '@chronicle/engine/examples';
import { defaultGames } from '@chronicle/games';
import { createTestDatabase, type TestDatabase } from '@chronicle/testing';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { logDataSource, migrations } from '../database/data-source';
import { entities } from '../database/entities';
import { LogRepository } from './log.repository';
import { TableStore } from './table-store';

const signingKey = ed25519PrivateKey('42'.repeat(32));
const publicKey = ed25519PublicKey(publicKeyHex(signingKey));

/** Each table's entries as a Merkle tree: leaves stored with the entries, a signed checkpoint with each. */
describe('the entry tree of the log service (real PostgreSQL)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let a: TableStore;
  let b: TableStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await logDataSource(db.url, 2).initialize();
    const options = { onCommitted: () => undefined, cacheSize: 10, seedKey: randomBytes(32), batching: { maxBatch: 100, concurrency: 2 }, signingKey };
    a = new TableStore(ds, new LogRepository(), defaultGames(), options);
    b = new TableStore(ds, new LogRepository(), defaultGames(), options);
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('signs a checkpoint with every entry on either replica, each extending the one before, and a finished log passes the audit', async () => {
    const { commitment } = await a.open({ tableId: 'tree', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    const cells: Array<[string, number]> = [['ann', 0], ['bob', 3], ['ann', 1], ['bob', 4]];
    let revision = 0;
    for (const [i, [seat, cell]] of cells.entries()) {
      const store = i % 2 === 0 ? a : b;
      await store.append({ tableId: 'tree', seat, payload: { cell }, expectedRevision: revision++, idempotencyKey: `k${i}`, random: false, stateHash: 'ab'.repeat(32) });
    }
    await a.undo({ tableId: 'tree', seat: 'bob', expectedRevision: 4 });
    await b.append({ tableId: 'tree', seat: 'bob', payload: { cell: 5 }, expectedRevision: 3, idempotencyKey: 'k5', random: false });
    // The last move, with its state hash as the executor records it.
    const played = GameLog.open({ tableId: 'tree', gameId: 'tic-tac-toe', rulesVersion: ticTacToe.version, seats: ['ann', 'bob'], seed: await seedOf('tree') });
    const state = engine.replay(ticTacToe, played);
    for (const [seat, cell] of [['ann', 0], ['bob', 3], ['ann', 1], ['bob', 5], ['ann', 2]] as const) {
      played.append(engine.step(ticTacToe, played.header(), state, seat, { cell }).move);
    }
    await a.append({
      tableId: 'tree', seat: 'ann', payload: { cell: 2 }, expectedRevision: 4, idempotencyKey: 'k6', random: false,
      stateHash: stateHash(ticTacToe, state), outcome: { winners: ['ann'], result: 'ann wins' },
    });

    // Every move event carries the checkpoint after its entry, signed; each extends the one before.
    const events = (await ds.query(`SELECT payload FROM outbox WHERE subject = 'moves.tree' ORDER BY id`) as Array<{ payload: string }>)
      .map((r) => JSON.parse(r.payload) as MoveEventV1);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const leaves = (await ds.query(`SELECT leaf FROM log_entries WHERE table_id = 'tree' ORDER BY seq`) as Array<{ leaf: Buffer }>).map((r) => r.leaf);
    let before = { treeSize: 0, rootHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' };
    for (const event of events) {
      const checkpoint = openCheckpoint(event.checkpoint!, publicKey);
      expect(checkpoint).toMatchObject({ origin: `chronicle/tree/${commitment}`, treeSize: event.seq });
      const proof = consistencyProof(leaves.slice(0, checkpoint.treeSize), before.treeSize);
      expect(verifyConsistency(before.treeSize, checkpoint.treeSize, Buffer.from(before.rootHash, 'hex'), Buffer.from(checkpoint.rootHash, 'hex'), proof)).toBe(true);
      before = checkpoint;
    }

    // The finished log: its moves with their entries, and the record of the tree.
    const finished = await b.finishedLog('tree');
    const finishedLog = GameLog.fromArray(finished.log);
    const { moves } = AuditedLog.readParts(finished);
    expect(moves!.map((m) => m.seq)).toEqual([1, 2, 3, 6, 7]);
    const record = readRecord(finished.record);
    expect(record).toMatchObject({ treeSize: 7, rootHash: before.rootHash, undos: [{ seq: 5, number: 4, seat: 'bob', stateHash: null }] });
    expect(openCheckpoint(finished.record!.checkpoint, publicKey).rootHash).toBe(record.rootHash);
    const audited = new AuditedLog(finishedLog, moves!, record);
    expect(() => audited.checkEntries()).not.toThrow();
    const replayed = engine.replay(ticTacToe, finishedLog);
    expect(() => audited.checkState(5, stateHash(ticTacToe, replayed))).not.toThrow();
    // Each stored leaf is the entry's hash as anyone recomputes it once the seed is public.
    expect(leaves[5]!.toString('hex')).toBe(entryLeaf('tree', finishedLog.seed, { seq: 6, kind: 'move', number: 4, seat: 'bob', payload: { cell: 5 }, random: false, stateHash: null }).toString('hex'));

    // The tree in pages, as LogClient reads it.
    const first = await a.tree('tree', 0, 4);
    const rest = await a.tree('tree', 4, 4);
    expect([...first.leaves, ...rest.leaves]).toEqual(record.leaves);
    expect([...first.undos, ...rest.undos]).toEqual(record.undos);
    expect(first).toMatchObject({ treeSize: 7, rootHash: record.rootHash, commitment });

    // Proofs for anyone: an entry at a checkpoint's size, and a later checkpoint extending an earlier one.
    const watch = new TableWatch();
    const checkpoints = events.map((e) => ({ ...openCheckpoint(e.checkpoint!, publicKey), note: e.checkpoint! }));
    for (const checkpoint of checkpoints) {
      const from = watch.latest?.treeSize ?? 0;
      watch.see(checkpoint, (await b.consistencyProof('tree', from, checkpoint.treeSize)).proof);
    }
    expect(watch.latest!.treeSize).toBe(7);
    const inclusion = await a.inclusionProof('tree', 3, 5);
    expect(inclusion).toMatchObject({ leaf: record.leaves[2], rootHash: checkpoints[4]!.rootHash });
    expect(TableWatch.includes(record.leaves[2]!, 3, checkpoints[4]!, inclusion.proof)).toBe(true);
    await expect(a.inclusionProof('tree', 6, 5)).rejects.toThrow('seq 6 is not in a tree of 5 entries');
    await expect(a.consistencyProof('tree', 2, 8)).rejects.toThrow('table tree has 7 entries, not 8');
    await expect(a.consistencyProof('tree', 5, 2)).rejects.toThrow(BadRequest);
  });

  it('hashes the entries written before trees when it migrates, and signs their table\'s first checkpoint when asked', async () => {
    const old = await createTestDatabase();
    try {
      const before = new DataSource({ type: 'postgres', url: old.url, entities, migrations: migrations.slice(0, 2), migrationsRun: true, migrationsTransactionMode: 'each' });
      await before.initialize();
      const seed = 'cd'.repeat(32);
      await before.query(`INSERT INTO game_tables (table_id, game_id, rules_version, seed, commitment, seats, options, status, outcome, revision, last_seq, opened_at)
        VALUES ('old', 'tic-tac-toe', '1', $1, $2, '["ann","bob"]', '{}', 'open', NULL, 1, 3, now())`, [seed, 'ee'.repeat(32)]);
      await before.query(`INSERT INTO log_entries (table_id, seq, kind, number, revision, seat, payload, random, state_hash, recorded_at) VALUES
        ('old', 1, 'move', 1, 1, 'ann', '{"cell":4}', false, NULL, now()),
        ('old', 2, 'move', 2, 2, 'bob', '{"cell":0}', false, $1, now()),
        ('old', 3, 'undo', 2, 1, 'bob', NULL, false, NULL, now())`, ['ab'.repeat(32)]);
      await before.destroy();
      const after = await logDataSource(old.url, 2).initialize();
      try {
        const rows = await after.query(`SELECT seq, leaf FROM log_entries ORDER BY seq`) as Array<{ seq: number; leaf: Buffer }>;
        expect(rows.map((r) => r.leaf.toString('hex'))).toEqual([
          entryLeaf('old', seed, { seq: 1, kind: 'move', number: 1, seat: 'ann', payload: { cell: 4 }, random: false, stateHash: null }),
          entryLeaf('old', seed, { seq: 2, kind: 'move', number: 2, seat: 'bob', payload: { cell: 0 }, random: false, stateHash: 'ab'.repeat(32) }),
          entryLeaf('old', seed, { seq: 3, kind: 'undo', number: 2, seat: 'bob', payload: null, random: false, stateHash: null }),
        ].map((l) => l.toString('hex')));
        await expect(after.query(`UPDATE log_entries SET seat = 'eve'`)).rejects.toThrow(/append-only/);
        const store = new TableStore(after, new LogRepository(), defaultGames(), { onCommitted: () => undefined, cacheSize: 10, seedKey: randomBytes(32), batching: { maxBatch: 10, concurrency: 1 }, signingKey });
        const page = await store.tree('old', 0);
        expect(openCheckpoint(page.checkpoint, publicKey)).toMatchObject({ treeSize: 3 });
        expect(await after.query(`SELECT checkpoint FROM game_tables`)).toEqual([{ checkpoint: page.checkpoint }]);
        expect((await store.append({ tableId: 'old', seat: 'bob', payload: { cell: 1 }, expectedRevision: 1, idempotencyKey: 'x', random: false })).seq).toBe(4);
        expect(openCheckpoint((await store.tree('old', 3)).checkpoint, publicKey).treeSize).toBe(4);
      } finally {
        await after.destroy();
      }
    } finally {
      await old.drop();
    }
  }, 60_000);

  async function seedOf(tableId: string): Promise<string> {
    return ((await ds.query(`SELECT seed FROM game_tables WHERE table_id = $1`, [tableId])) as Array<{ seed: string }>)[0]!.seed;
  }
});
