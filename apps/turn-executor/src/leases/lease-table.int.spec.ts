import { provision } from '@chronicle/bus';
import { BucketNames, Subjects } from '@chronicle/contracts';
import { connectNats, removePrefixed, uniquePrefix, waitUntil } from '@chronicle/testing';
import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/nats-core';
import { executorTopology } from '../topology';
import { LeaseTable } from './lease-table';

jest.setTimeout(60_000);

const TTL_MS = 1_500;

describe('table leases (real NATS KV)', () => {
  const prefix = uniquePrefix('lease');
  const subjects = new Subjects(prefix);
  const replicas: LeaseTable[] = [];
  const connections: NatsConnection[] = [];
  let nc: NatsConnection;

  /** A replica on a connection of its own, so that a test can cut it off as a crash would. */
  const replica = async (executorId: string) => {
    const connection = await connectNats();
    connections.push(connection);
    const table = await LeaseTable.open(connection, subjects, { executorId, ttlMs: TTL_MS });
    await table.start();
    replicas.push(table);
    return { table, crash: () => connection.close() };
  };
  const bucket = async () => new Kvm(nc).open(subjects.name(BucketNames.executorLeases));

  beforeAll(async () => {
    nc = await connectNats();
    await provision(nc, subjects, { streams: [], consumers: [], buckets: executorTopology().buckets.filter((b) => b.name === BucketNames.executorLeases) });
  });

  afterAll(async () => {
    for (const table of replicas) await table.stop();
    for (const connection of connections) if (!connection.isClosed()) await connection.close();
    await removePrefixed(nc, prefix);
    await nc.drain();
  });

  it('keeps a lease whose renewal the bucket took but never answered, instead of leaving it to nobody', async () => {
    const a = await replica('a');
    const b = await replica('b');
    expect(await a.table.acquire('t1')).toBe(true);
    await waitUntil(() => b.table.holder('t1') === 'a' || undefined, 10_000, 'b to see a holding t1');
    // A renewal of a's that the bucket wrote but whose answer a never had: the entry moves on under a's name,
    // so a's next compare-and-set fails. Dropping the lease then left a table that b took for a's until it expired.
    const kv = await bucket();
    const written = await kv.put('lease.t1', JSON.stringify({ v: 1, holder: 'a' }));
    await waitUntil(async () => ((await kv.get('lease.t1'))!.revision > written) || undefined, 10_000, 'a to renew t1 after the lost answer');
    expect(a.table.holds('t1')).toBe(true);
    expect(b.table.holder('t1')).toBe('a');
  });

  it('lets a lease whose holder died expire and move to another replica', async () => {
    const c = await replica('c');
    const d = await replica('d');
    expect(await c.table.acquire('t2')).toBe(true);
    await waitUntil(() => d.table.holder('t2') === 'c' || undefined, 10_000, 'd to see c holding t2');
    await c.crash();
    await waitUntil(async () => (await d.table.acquire('t2')) || undefined, 20 * TTL_MS, 'd to take t2 over');
    expect(d.table.holder('t2')).toBe('d');
  });

  it('gives a replica restarted under the same id the leases the others still see as its own', async () => {
    const first = await replica('e');
    const other = await replica('f');
    expect(await first.table.acquire('t3')).toBe(true);
    await waitUntil(() => other.table.holder('t3') === 'e' || undefined, 10_000, 'f to see e holding t3');
    await first.crash();
    const again = await replica('e');
    // f hands t3's work to e (whose lease it sees live): e must take it back here, not offer it to f.
    await waitUntil(() => again.table.namesMe('t3') || undefined, 10_000, 'the restarted e to see its old lease');
    expect(await again.table.acquire('t3')).toBe(true);
    expect(again.table.holds('t3')).toBe(true);
  });
});
