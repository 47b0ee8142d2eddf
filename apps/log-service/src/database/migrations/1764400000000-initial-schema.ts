import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1764400000000 implements MigrationInterface {
  name = 'InitialSchema1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE game_tables (
        table_id text PRIMARY KEY,
        game_id text NOT NULL,
        rules_version text NOT NULL,
        seed char(64) NOT NULL,
        commitment char(64) NOT NULL,
        seats jsonb NOT NULL,
        options jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('open', 'finished')),
        outcome jsonb NULL,
        revision integer NOT NULL CHECK (revision BETWEEN 0 AND 100000),
        last_seq integer NOT NULL CHECK (last_seq >= 0),
        opened_at timestamptz NOT NULL,
        finished_at timestamptz NULL
      )`);
    await q.query(`
      CREATE TABLE log_entries (
        table_id text NOT NULL REFERENCES game_tables (table_id),
        seq integer NOT NULL CHECK (seq >= 1),
        kind text NOT NULL CHECK (kind IN ('move', 'undo')),
        number integer NOT NULL CHECK (number BETWEEN 1 AND 100000),
        revision integer NOT NULL,
        seat text NULL,
        payload jsonb NULL,
        random boolean NOT NULL,
        state_hash char(64) NULL,
        next_due_at timestamptz NULL,
        idempotency_key text NULL,
        recorded_at timestamptz NOT NULL,
        PRIMARY KEY (table_id, seq)
      )`);
    await q.query(`CREATE UNIQUE INDEX log_entries_idempotency ON log_entries (table_id, idempotency_key) WHERE idempotency_key IS NOT NULL`);
    // The log is append-only: history is never rewritten, an undo is an entry of its own.
    await q.query(`
      CREATE FUNCTION log_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'log_entries is append-only: record an undo entry instead of changing history';
      END $$`);
    await q.query(`
      CREATE TRIGGER log_entries_append_only BEFORE UPDATE OR DELETE ON log_entries
      FOR EACH ROW EXECUTE FUNCTION log_entries_append_only()`);
    await q.query(`
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        subject text NOT NULL,
        msg_id text NOT NULL,
        payload text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz NULL
      )`);
    await q.query(`CREATE INDEX outbox_pending ON outbox (id) WHERE published_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE outbox');
    await q.query('DROP TRIGGER log_entries_append_only ON log_entries');
    await q.query('DROP FUNCTION log_entries_append_only');
    await q.query('DROP TABLE log_entries');
    await q.query('DROP TABLE game_tables');
  }
}
