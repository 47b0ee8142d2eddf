import { createTestDatabase, type TestDatabase } from '@chronicle/testing';
import type { DataSource } from 'typeorm';
import { logDataSource, migrations } from './data-source';

/** Replicas of a rollout start together on an empty database: the schema is made once (service-kit's migratedDataSource). */
describe('the migrations under an advisory lock (real PostgreSQL)', () => {
  let db: TestDatabase;
  const opened: DataSource[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(opened.map((ds) => ds.destroy()));
    await db?.drop();
  });

  it('lets three replicas starting at once all come up, with each migration run exactly once', async () => {
    opened.push(...await Promise.all([1, 2, 3].map(() => logDataSource(db.url, 2).initialize())));
    const rows = await opened[0]!.query('SELECT name FROM migrations ORDER BY id') as Array<{ name: string }>;
    expect(rows.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    // The lock is released: a fourth replica later finds nothing left to run.
    opened.push(await logDataSource(db.url, 2).initialize());
    expect(await opened[3]!.query('SELECT count(*)::int AS n FROM migrations')).toEqual([{ n: migrations.length }]);
  }, 60_000);
});
