import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WorldSeats1765100100000 implements MigrationInterface {
  name = 'WorldSeats1765100100000';

  async up(q: QueryRunner): Promise<void> {
    // One seat per account per world (the legacy's one general per account), kept across chapters.
    await q.query(`CREATE TABLE world_seats (
      world_id text NOT NULL,
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      seat text NOT NULL,
      joined_at timestamptz NOT NULL,
      PRIMARY KEY (world_id, account_id)
    )`);
    await q.query('CREATE UNIQUE INDEX world_seats_seat ON world_seats (world_id, seat)');
    // Each intent addressed to a world and the chapter it was last sent to: its outcome is asked for by world, and it is sent on when that chapter closed under it.
    await q.query(`CREATE TABLE world_intents (
      world_id text NOT NULL,
      intent_key text NOT NULL,
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      table_id text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (world_id, intent_key)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE world_intents');
    await q.query('DROP TABLE world_seats');
  }
}
