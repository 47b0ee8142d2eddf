import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Undo entries by the move number they took back. A read of a table that has undos keeps a
 * move only if no later undo names its number (`LogRepository.currentMoves`); without this
 * index that check scanned the table's later entries for every move (a 100,000-move read
 * did not finish). Undos are rare, so the index is small.
 */
export class UndoIndex1764500000000 implements MigrationInterface {
  name = 'UndoIndex1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX log_entries_undos ON log_entries (table_id, number, seq) WHERE kind = 'undo'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX log_entries_undos');
  }
}
