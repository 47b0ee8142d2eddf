import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1765100000000 implements MigrationInterface {
  name = 'Accounts1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE accounts (
      id uuid PRIMARY KEY,
      username text NOT NULL,
      username_key text NOT NULL,
      password_hash text,
      created_at timestamptz NOT NULL
    )`);
    await q.query('CREATE UNIQUE INDEX accounts_username_key ON accounts (username_key)');
    await q.query(`CREATE TABLE account_identities (
      issuer text NOT NULL,
      subject text NOT NULL,
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      PRIMARY KEY (issuer, subject)
    )`);
    await q.query(`CREATE TABLE sessions (
      token_hash char(64) PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('cookie', 'bearer')),
      csrf_token text,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
    await q.query('CREATE INDEX sessions_account ON sessions (account_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sessions');
    await q.query('DROP TABLE account_identities');
    await q.query('DROP TABLE accounts');
  }
}
