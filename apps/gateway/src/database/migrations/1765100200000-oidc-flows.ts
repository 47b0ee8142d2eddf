import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OidcFlows1765100200000 implements MigrationInterface {
  name = 'OidcFlows1765100200000';

  async up(q: QueryRunner): Promise<void> {
    // A sign-in through an OIDC provider between the browser leaving and coming back: found by
    // the SHA-256 of its state (the browser holds the state in a cookie), used once.
    await q.query(`CREATE TABLE oidc_flows (
      state_hash char(64) PRIMARY KEY,
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
    await q.query('CREATE INDEX oidc_flows_expiry ON oidc_flows (expires_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE oidc_flows');
  }
}
