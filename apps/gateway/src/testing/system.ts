import { LogClient, provision, RequestClient } from '@chronicle/bus';
import { EventSubjects, publicKeyHex, ed25519PrivateKey, Subjects, worldEventMsgId, type WorldEventV1 } from '@chronicle/contracts';
import { firstChapter, type Json } from '@chronicle/engine';
import {
  connectNats, createTestDatabase, removePrefixed, spawnService, uniquePrefix, type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { gatewayTopology } from '../topology';

export interface Answer<B = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: B & { error?: { code: string; message: string; field?: string } };
}

/** A gateway with the services behind it, for the gateway's integration specs. */
export interface GatewaySystem {
  prefix: string;
  subjects: Subjects;
  nc: NatsConnection;
  /** `http://127.0.0.1:<public port>/api/v1` */
  api: string;
  gateway: ServiceProcess;
  /** Opens the first chapter of a world as the scheduler does (a synthetic sammo world whose clock no one moves); `w1` is open. */
  openWorld(worldId: string): Promise<string>;
  /** A new account's `Authorization` header (a bearer session). */
  signUp(username: string): Promise<string>;
  get<B = Record<string, unknown>>(authorization: string | undefined, path: string): Promise<Answer<B>>;
  post<B = Record<string, unknown>>(authorization: string, path: string, body: unknown, key?: string, headers?: Record<string, string>): Promise<Answer<B>>;
  stop(): Promise<void>;
}

export interface SystemOptions {
  /** Start the snapshot service (the views, the public move events). */
  snapshots?: boolean;
  /** More of the gateway's environment. */
  gatewayEnv?: Record<string, string>;
}

/**
 * The log service, an executor that checks the gateway's seat proofs (no trusted named seats),
 * the snapshot service when asked, and the gateway, each a process, on real PostgreSQL and
 * NATS; the test announces a world's chapters as the scheduler does.
 */
export async function startSystem(name: string, options: SystemOptions = {}): Promise<GatewaySystem> {
  const prefix = uniquePrefix(name);
  const subjects = new Subjects(prefix);
  const gatewayKey = randomBytes(32).toString('hex');
  const gatewayPublicKey = publicKeyHex(ed25519PrivateKey(gatewayKey));
  const seedKey = randomBytes(32).toString('hex');
  const common = { CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: seedKey, LOG_LEVEL: 'info', HTTP_PORT: '0' };
  const [logDb, gatewayDb]: TestDatabase[] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  const nc = await connectNats();
  const services: ServiceProcess[] = [];
  const stop = async () => {
    for (const service of services.reverse()) await service.stop();
    await removePrefixed(nc, prefix);
    await nc.drain();
    await logDb!.drop();
    await gatewayDb!.drop();
  };
  try {
    await provision(nc, subjects, gatewayTopology());
    const logService = spawnService('apps/log-service/src/main.ts', { ...common, DATABASE_URL: logDb!.url, NATS_PROVISION: 'true', OUTBOX_POLL_MS: '100', DB_POOL_SIZE: '4' });
    const executor = spawnService('apps/turn-executor/src/main.ts', {
      ...common, NATS_PROVISION: 'true', EXECUTOR_ID: 'exec-a', CHRONICLE_GATEWAY_PUBLIC_KEY: gatewayPublicKey,
      CHRONICLE_SNAPSHOT_PUBLIC_KEY: publicKeyHex(ed25519PrivateKey(randomBytes(32).toString('hex'))),
    });
    services.push(logService, executor);
    const ready = [logService.waitFor(/log-service ready/, 90_000), executor.waitFor(/turn-executor ready/, 90_000)];
    if (options.snapshots) {
      const snapshots = spawnService('apps/snapshot-service/src/main.ts', {
        ...common, NATS_PROVISION: 'true', FLUSH_MS: '50', CHRONICLE_GATEWAY_PUBLIC_KEY: gatewayPublicKey,
      });
      services.push(snapshots);
      ready.push(snapshots.waitFor(/snapshot-service ready/, 90_000));
    }
    await Promise.all(ready);
    const log = new LogClient(new RequestClient(nc, subjects, 15_000));
    const openWorld = async (worldId: string): Promise<string> => {
      const tableId = `${worldId}-c1`;
      const opened = await log.open({
        tableId, gameId: 'sammo', seats: ['founder'],
        options: { world: 'synthetic', generals: 12, cities: 6, nations: 2, turnterm: 60, start: Date.now(), ...firstChapter(worldId) } as Json as Record<string, Json>,
      });
      const event: WorldEventV1 = {
        v: 1, kind: 'chapter-opened', worldId, chapter: 1, tableId, commitment: opened.commitment, previousTableId: null,
        recordedAt: new Date().toISOString(),
      };
      await jetstream(nc).publish(subjects.of(EventSubjects.worlds(worldId)), JSON.stringify(event), { msgID: worldEventMsgId(worldId, 1, 'chapter-opened') });
      return tableId;
    };
    await openWorld('w1');
    const gateway = spawnService('apps/gateway/src/main.ts', {
      ...common, DATABASE_URL: gatewayDb!.url, PUBLIC_PORT: '0', PASSWORD_SCRYPT_LOG2N: '10', CHRONICLE_GATEWAY_KEY: gatewayKey, ...options.gatewayEnv,
    });
    services.push(gateway);
    await gateway.waitFor(/gateway public API on port \d+/, 90_000);
    const api = `http://127.0.0.1:${/gateway public API on port (\d+)/.exec(gateway.output())![1]}/api/v1`;
    const answer = async <B>(res: Response): Promise<Answer<B>> => ({ status: res.status, headers: res.headers, body: await res.json() as Answer<B>['body'] });
    return {
      prefix, subjects, nc, api, gateway, openWorld, stop,
      signUp: async (username) => {
        const res = await fetch(`${api}/auth/sign-up`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'a long enough password', session: 'bearer' }),
        });
        return `Bearer ${((await res.json()) as { session: { token: string } }).session.token}`;
      },
      get: async (authorization, path) => answer(await fetch(`${api}${path}`, { headers: authorization ? { authorization } : {} })),
      post: async (authorization, path, body, key, headers) => answer(await fetch(`${api}${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization, ...(key ? { 'idempotency-key': key } : {}), ...headers }, body: JSON.stringify(body),
      })),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
