import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Documents tables name by reference (a strategy scenario of any size: `options.documents`),
 * kept by the SHA-256 of their bytes, in chunks of `DOCUMENT_CHUNK_BYTES` as they are sent and
 * served. A document is listed in `documents` only once all its chunks came and hash to its
 * name, so a partial upload is never served. Part of the record: a restore brings them back.
 */
export class Documents1765100000000 implements MigrationInterface {
  name = 'Documents1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE document_chunks (
      sha256 char(64) NOT NULL, index integer NOT NULL, data bytea NOT NULL, PRIMARY KEY (sha256, index))`);
    await q.query(`CREATE TABLE documents (
      sha256 char(64) PRIMARY KEY, bytes bigint NOT NULL, chunks integer NOT NULL, stored_at timestamptz NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE documents');
    await q.query('DROP TABLE document_chunks');
  }
}
