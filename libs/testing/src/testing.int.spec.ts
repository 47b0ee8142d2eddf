import { Client } from 'pg';
import { jetstreamManager } from '@nats-io/jetstream';
import { connectNats, createTestDatabase, removePrefixed, startPostgresCluster, uniquePrefix, waitUntil } from './index';

describe('testing helpers (real servers)', () => {
  it('gives each call its own prefix', () => {
    expect(uniquePrefix('x')).toMatch(/^x_[0-9a-f]{8}$/);
    expect(uniquePrefix()).not.toBe(uniquePrefix());
  });

  it('creates a database that can be used, and drops it even with a connection open', async () => {
    const db = await createTestDatabase();
    const client = new Client({ connectionString: db.url });
    await client.connect();
    client.on('error', () => undefined); // the forced drop ends this connection
    expect((await client.query('SELECT current_database() AS name')).rows[0].name).toBe(db.name);
    await db.drop();
    const admin = new Client({ connectionString: db.url.replace(db.name, 'test') });
    await admin.connect();
    const left = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [db.name]);
    await admin.end();
    expect(left.rowCount).toBe(0);
    await client.end().catch(() => undefined);
  });

  it('removes the streams and buckets of one prefix and no others', async () => {
    const nc = await connectNats();
    const jsm = await jetstreamManager(nc);
    const mine = uniquePrefix('mine');
    const other = uniquePrefix('other');
    await jsm.streams.add({ name: `${mine}_A`, subjects: [`${mine}.a`] });
    await jsm.streams.add({ name: `KV_${mine}_b`, subjects: [`$KV.${mine}_b.>`] });
    await jsm.streams.add({ name: `${other}_A`, subjects: [`${other}.a`] });
    try {
      expect((await removePrefixed(nc, mine)).sort()).toEqual([`KV_${mine}_b`, `${mine}_A`]);
      await expect(jsm.streams.info(`${other}_A`)).resolves.toBeDefined();
    } finally {
      await removePrefixed(nc, other);
      await nc.drain();
    }
  });

  it('waits until a probe answers, or says what it waited for', async () => {
    let calls = 0;
    await expect(waitUntil(() => ++calls >= 3 || undefined, 1_000)).resolves.toBe(true);
    await expect(waitUntil(() => undefined, 100, 'the moon')).rejects.toThrow(/waiting for the moon/);
  });

  it('runs a PostgreSQL cluster of its own that survives a crash with its data', async () => {
    const cluster = await startPostgresCluster();
    try {
      const query = async (sql: string) => {
        const client = new Client({ connectionString: cluster.url() });
        await client.connect();
        try {
          return (await client.query(sql)).rows as Array<Record<string, unknown>>;
        } finally {
          await client.end();
        }
      };
      await query('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
      cluster.crash();
      await expect(query('SELECT 1')).rejects.toThrow();
      cluster.start();
      expect(await query('SELECT n FROM kept')).toEqual([{ n: 7 }]);
    } finally {
      cluster.dispose();
    }
  }, 60_000);
});
