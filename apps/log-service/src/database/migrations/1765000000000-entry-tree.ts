import { entryLeaf, type Json } from '@chronicle/engine';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const BATCH = 2_000;

/**
 * Each table's entries form a Merkle tree (RFC 9162): every entry keeps its leaf hash
 * (`entryLeaf`: the canonical entry bytes with a salt derived from the table's seed), and
 * each table its latest checkpoint (the signed note of its tree size and root). Entries
 * written before are hashed here, in pages, with the append-only trigger held off for this
 * one change (the leaves are computed from the rows, which stay as they were); their tables'
 * checkpoints are signed at their next append or tree request.
 */
export class EntryTree1765000000000 implements MigrationInterface {
  name = 'EntryTree1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE log_entries ADD COLUMN leaf bytea NULL');
    await q.query('ALTER TABLE game_tables ADD COLUMN checkpoint text NULL');
    await q.query('ALTER TABLE log_entries DISABLE TRIGGER log_entries_append_only');
    for (;;) {
      const rows: Array<{ table_id: string; seq: number; kind: 'move' | 'undo'; number: number; seat: string | null; payload: Json; random: boolean; state_hash: string | null; seed: string }> =
        await q.query(
          `SELECT e.table_id, e.seq, e.kind, e.number, e.seat, e.payload, e.random, e.state_hash, g.seed
           FROM log_entries e JOIN game_tables g ON g.table_id = e.table_id
           WHERE e.leaf IS NULL ORDER BY e.table_id, e.seq LIMIT ${BATCH}`);
      if (rows.length === 0) break;
      const leaves = rows.map((r) => entryLeaf(r.table_id, r.seed, {
        seq: r.seq, kind: r.kind, number: r.number, seat: r.seat, payload: r.payload, random: r.random, stateHash: r.state_hash,
      }).toString('hex'));
      await q.query(
        `UPDATE log_entries e SET leaf = decode(v.leaf, 'hex')
         FROM unnest($1::text[], $2::int[], $3::text[]) AS v(table_id, seq, leaf)
         WHERE e.table_id = v.table_id AND e.seq = v.seq`,
        [rows.map((r) => r.table_id), rows.map((r) => r.seq), leaves]);
    }
    await q.query('ALTER TABLE log_entries ENABLE TRIGGER log_entries_append_only');
    await q.query('ALTER TABLE log_entries ALTER COLUMN leaf SET NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE game_tables DROP COLUMN checkpoint');
    await q.query('ALTER TABLE log_entries DROP COLUMN leaf');
  }
}
