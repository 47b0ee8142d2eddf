import { Subjects } from '@chronicle/contracts';
import { connectNats, removePrefixed, uniquePrefix } from '@chronicle/testing';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { ClusterRequired, provision, StorageUnavailable, withLimits, type Topology } from './index';

const DAY = 86_400_000;

describe('provisioning with limits (real NATS)', () => {
  const prefix = uniquePrefix('limits');
  const subjects = new Subjects(prefix);
  const topology: Topology = {
    streams: [{ role: 'EVENTS', subjects: ['events.>'] }, { role: 'DEAD', subjects: ['dead.>'] }],
    consumers: [],
    buckets: [{ name: 'CACHE', history: 1 }],
  };
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const config = async (stream: string) => (await jsm.streams.info(stream)).config;

  beforeAll(async () => {
    nc = await connectNats();
    jsm = await jetstreamManager(nc);
  });

  afterAll(async () => {
    await removePrefixed(nc, prefix);
    await nc?.drain();
  });

  it('creates streams and buckets with the configured limits, and without any by default', async () => {
    const limited = withLimits(topology, { replicas: 1, byName: { EVENTS: { maxAgeMs: 7 * DAY, maxBytes: 1024 ** 3 }, CACHE: { maxBytes: 64 * 1024 ** 2 } } });
    const report = await provision(nc, subjects, limited);
    expect(report.created).toEqual([`stream ${prefix}_EVENTS`, `stream ${prefix}_DEAD`, `bucket ${prefix}_CACHE`]);
    expect(await config(`${prefix}_EVENTS`)).toMatchObject({ max_age: 7 * DAY * 1e6, max_bytes: 1024 ** 3, discard: 'old', num_replicas: 1 });
    expect(await config(`${prefix}_DEAD`)).toMatchObject({ max_age: 0, max_bytes: -1, discard: 'old' });
    // A full bucket refuses a put rather than losing its oldest keys.
    expect(await config(`KV_${prefix}_CACHE`)).toMatchObject({ max_bytes: 64 * 1024 ** 2, discard: 'new', max_msgs_per_subject: 1 });
    expect((await provision(nc, subjects, limited)).unchanged).toHaveLength(3);
  });

  it('updates what the operator changed, and only that', async () => {
    const changed = withLimits(topology, { byName: { EVENTS: { maxAgeMs: 30 * DAY, discard: 'new' }, CACHE: { maxAgeMs: DAY, discard: 'old' } } });
    const report = await provision(nc, subjects, changed);
    expect(report.updated).toEqual([`stream ${prefix}_EVENTS`, `bucket ${prefix}_CACHE`]);
    expect(report.unchanged).toEqual([`stream ${prefix}_DEAD`]);
    // Limits left out are lifted: the configuration is the whole truth, not a patch.
    expect(await config(`${prefix}_EVENTS`)).toMatchObject({ max_age: 30 * DAY * 1e6, max_bytes: -1, discard: 'new' });
    expect(await config(`KV_${prefix}_CACHE`)).toMatchObject({ max_age: DAY * 1e6, max_bytes: -1, discard: 'old' });
  });

  it('says a cluster is needed when a single server is asked for three replicas', async () => {
    const replicated = withLimits(topology, { replicas: 3 });
    const error = await provision(nc, subjects, replicated).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClusterRequired);
    expect(String(error)).toMatch(new RegExp(`stream ${prefix}_EVENTS at 3 replicas needs a JetStream cluster of at least 3 servers`));
    expect((await config(`${prefix}_EVENTS`)).num_replicas).toBe(1);
  });

  it('says the servers lack the storage when maxBytes asks for more than they can set aside', async () => {
    const huge = withLimits(topology, { byName: { EVENTS: { maxBytes: 1024 ** 5 } } });
    const error = await provision(nc, subjects, huge).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageUnavailable);
    expect(String(error)).toMatch(new RegExp(`stream ${prefix}_EVENTS asks for ${1024 ** 5} bytes .* cannot set aside`));
  });

  it('applies limits by stream role or bucket name and passes over the names of other services', () => {
    const limited = withLimits(topology, { replicas: 3, byName: { DEAD: { replicas: 1 }, SNAPSHOTS: { maxBytes: 1 }, CACHE: { maxAgeMs: 5 } } });
    expect(limited.streams.map((s) => [s.role, s.replicas])).toEqual([['EVENTS', 3], ['DEAD', 1]]);
    expect(limited.buckets).toEqual([{ name: 'CACHE', history: 1, replicas: 3, ttlMs: 5 }]);
  });
});
