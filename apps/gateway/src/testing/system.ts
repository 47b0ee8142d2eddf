import { LogClient, provision, RequestClient } from '@chronicle/bus';
import { EventSubjects, publicKeyHex, ed25519PrivateKey, Subjects, tickMsgId, worldEventMsgId, type TickV1, type WorldEventV1 } from '@chronicle/contracts';
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
  /** Asks the executors to run the table's due work now, as the scheduler's tick does. */
  tick(tableId: string): Promise<void>;
  /** A live stream (`GET /worlds/:world/events`) read as it comes. */
  events(authorization: string, worldId: string, lastEventId?: string): Promise<LiveReader>;
  /** A new account's `Authorization` header (a bearer session). */
  signUp(username: string): Promise<string>;
  get<B = Record<string, unknown>>(authorization: string | undefined, path: string, headers?: Record<string, string>): Promise<Answer<B>>;
  /** A write, followed while it is pending (202) until it is decided. */
  post<B = Record<string, unknown>>(authorization: string, path: string, body: unknown, key?: string, headers?: Record<string, string>): Promise<Answer<B>>;
  stop(): Promise<void>;
}

/** One Server-Sent Event as read. */
export interface ReadEvent {
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

export interface LiveReader {
  status: number;
  readonly events: ReadEvent[];
  /** The first event (from `from` on) that `match` accepts, within `timeoutMs`. */
  waitFor(match: (e: ReadEvent) => boolean, timeoutMs?: number, from?: number): Promise<ReadEvent>;
  close(): void;
}

export interface SystemOptions {
  /** How long before now the world's clock starts (its first tick runs that much of the game at once). */
  startAgoMs?: number;
  /** Minutes a game month (60 unless told). */
  turnterm?: number;
  /** Start the snapshot service (the views, the public move events). */
  snapshots?: boolean;
  /** Start the scheduler (it ticks the worlds at their due times, and serves ExecuteEngine). */
  scheduler?: boolean;
  /** More of the gateway's environment. */
  gatewayEnv?: Record<string, string>;
  /** More of the world's table options (e.g. `auctions`, `tournaments`). */
  worldOptions?: Record<string, Json>;
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
    if (options.scheduler) {
      const scheduler = spawnService('apps/scheduler/src/main.ts', { ...common, NATS_PROVISION: 'true', FLUSH_MS: '50', MAX_SLEEP_MS: '100' });
      services.push(scheduler);
      ready.push(scheduler.waitFor(/scheduler ready/, 90_000));
    }
    await Promise.all(ready);
    const log = new LogClient(new RequestClient(nc, subjects, 15_000));
    const openWorld = async (worldId: string): Promise<string> => {
      const tableId = `${worldId}-c1`;
      const opened = await log.open({
        tableId, gameId: 'sammo', seats: ['founder'],
        options: { world: 'synthetic', generals: 12, cities: 6, nations: 2, turnterm: options.turnterm ?? 60, start: Date.now() - (options.startAgoMs ?? 0), ...options.worldOptions, ...firstChapter(worldId) } as Json as Record<string, Json>,
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
      tick: async (tableId) => {
        const dueAt = new Date().toISOString();
        const tick: TickV1 = { v: 1, tableId, dueAt };
        await jetstream(nc).publish(subjects.of(EventSubjects.ticks(tableId)), JSON.stringify(tick), { msgID: tickMsgId(tableId, dueAt) });
      },
      events: (authorization, worldId, lastEventId) => readEvents(`${api}/worlds/${worldId}/events`, authorization, lastEventId),
      get: async (authorization, path, headers) => answer(await fetch(`${api}${path}`, { headers: { ...(authorization ? { authorization } : {}), ...headers } })),
      post: async <B>(authorization: string, path: string, body: unknown, key?: string, headers?: Record<string, string>) => {
        let written = await answer<B>(await fetch(`${api}${path}`, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization, ...(key ? { 'idempotency-key': key } : {}), ...headers }, body: JSON.stringify(body),
        }));
        // A write still pending after its 3 s (a loaded machine) is followed until it is decided.
        for (const deadline = Date.now() + 60_000; written.status === 202 && Date.now() < deadline;) {
          const follow = (written.body as unknown as { follow: string }).follow.replace(/^\/api\/v1/, '');
          written = await answer<B>(await fetch(`${api}${follow}?waitMs=10000`, { headers: { authorization } }));
        }
        return written;
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Reads a Server-Sent Events stream as it comes (frames split on blank lines). */
async function readEvents(url: string, authorization: string, lastEventId?: string): Promise<LiveReader> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { authorization, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) }, signal: abort.signal });
  const events: ReadEvent[] = [];
  const waiters = new Set<() => void>();
  if (res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffered = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffered += decoder.decode(chunk, { stream: true });
          for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const fields = new Map<string, string>();
            for (const line of block.split('\n')) {
              const colon = line.indexOf(':');
              if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
            }
            if (!fields.has('event')) continue;
            events.push({ ...(fields.has('id') ? { id: fields.get('id') } : {}), event: fields.get('event')!, data: JSON.parse(fields.get('data') ?? 'null') });
            for (const wake of [...waiters]) wake();
          }
        }
      } catch {
        // closed
      }
    })();
  }
  return {
    status: res.status, events,
    close: () => abort.abort(),
    waitFor: (match, timeoutMs = 30_000, from = 0) => new Promise((resolve, reject) => {
      const look = () => {
        const found = events.slice(from).find(match);
        if (!found) return false;
        clearTimeout(timer);
        waiters.delete(look);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(look);
        reject(new Error(`no such event within ${timeoutMs} ms; got: ${JSON.stringify(events).slice(0, 2_000)}`));
      }, timeoutMs);
      waiters.add(look);
      look();
    }),
  };
}
