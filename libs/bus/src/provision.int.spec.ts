import { Subjects } from '@chronicle/contracts';
import {
  connectNats, removePrefixed, startNatsServer, uniquePrefix, waitUntil, type PrivateNatsServer,
} from '@chronicle/testing';
import { freePort } from '@chronicle/service-kit';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { ClusterRequired, consumer, provision, StorageUnavailable, withLimits, type Topology } from './index';

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

/**
 * The prod overlay's NATS_REPLICAS=3 on a three-server JetStream cluster of the test's own
 * (loopback ports, stopped by PID): streams and buckets get three copies, and a deployment
 * that started on one copy is scaled up by provisioning again.
 */
describe('provisioning on a three-server cluster', () => {
  jest.setTimeout(90_000);
  const subjects = new Subjects(uniquePrefix('r3'));
  const topology: Topology = {
    streams: [{ role: 'EVENTS', subjects: ['events.>'] }],
    consumers: [consumer('EVENTS', 'reader', 'events.>')],
    buckets: [{ name: 'CACHE', history: 1 }],
  };
  const servers: PrivateNatsServer[] = [];
  let nc: NatsConnection;

  beforeAll(async () => {
    const routes = await Promise.all([0, 1, 2].map(() => freePort()));
    const config = (i: number) => `server_name: r3-${i}
cluster {
  name: r3
  listen: 127.0.0.1:${routes[i]}
  routes: [${routes.map((port) => `nats://127.0.0.1:${port}`).join(', ')}]
}`;
    servers.push(...(await Promise.all([0, 1, 2].map((i) => startNatsServer({ config: config(i) })))));
    nc = await connect({ servers: servers.map((s) => s.url) });
    // Ready once a stream can be placed on all three (a meta leader elected, every peer known).
    const ready = async () => {
      const jsm = await jetstreamManager(nc);
      await jsm.streams.add({ name: 'r3_probe', subjects: ['r3_probe'], num_replicas: 3 });
      await jsm.streams.delete('r3_probe');
      return true;
    };
    await waitUntil(async () => (await ready().catch(() => false)) || undefined, 60_000, 'three JetStream peers');
  });

  afterAll(async () => {
    await nc?.close();
    for (const server of servers) await server.dispose();
  });

  it('creates at one replica, then scales streams and buckets to three', async () => {
    const jsm = await jetstreamManager(nc);
    expect((await provision(nc, subjects, withLimits(topology, { replicas: 1 }))).created).toHaveLength(3);
    const scaled = await provision(nc, subjects, withLimits(topology, { replicas: 3 }));
    expect(scaled.updated).toEqual([`stream ${subjects.stream('EVENTS')}`, `bucket ${subjects.name('CACHE')}`]);
    for (const stream of [subjects.stream('EVENTS'), `KV_${subjects.name('CACHE')}`]) {
      await waitUntil(async () => {
        const info = await jsm.streams.info(stream);
        return (info.config.num_replicas === 3 && info.cluster?.replicas?.length === 2) || undefined;
      }, 30_000, `${stream} on three servers`);
    }
    expect((await provision(nc, subjects, withLimits(topology, { replicas: 3 }))).unchanged).toHaveLength(3);
  });
});
