// The players' edge under players: N accounts signed in to the gateway, each holding a live
// stream (Server-Sent Events) and reserving a command every game month on the sample world,
// against the services as processes (log, snapshot, executor, scheduler, gateway) on this
// machine's NATS and PostgreSQL. Prints how long a reservation takes to be answered, how long
// a move takes from its recording by the log service to each player's stream, and the
// gateway's resident memory.
import { LogClient, RequestClient } from '@chronicle/bus';
import { ed25519PrivateKey, publicKeyHex, Subjects } from '@chronicle/contracts';
import { chapterTableId, clockOptions, firstChapter } from '@chronicle/engine';
import { DEFAULT_START } from '@chronicle/sammo';
import { GatewayClient, type LiveStream } from '@chronicle/service-kit';
import {
  connectNats, createTestDatabase, removePrefixed, spawnService, uniquePrefix, waitUntil, type ServiceProcess,
} from '@chronicle/testing';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { percentile } from './machine';

const WORLD = 'sample-world';
const COMMANDS = ['che_훈련', 'che_농지개간', 'che_상업투자', 'che_치안강화'];

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T, R>(items: T[], concurrency: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!, i);
  }));
  return results;
}

function rssMb(pid: number): number {
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** `npm run bench -- gateway [players] [seconds] [monthMs]`: 1,000 players for 60 s, a game month every 10 s, by default. */
export async function main(args: string[]): Promise<void> {
  const players = Number(args[0] ?? 1_000);
  const seconds = Number(args[1] ?? 60);
  const monthMs = Number(args[2] ?? 10_000);
  const prefix = uniquePrefix('bgw');
  const keys = { seed: randomBytes(32).toString('hex'), log: randomBytes(32).toString('hex'), snapshot: randomBytes(32).toString('hex'), gateway: randomBytes(32).toString('hex') };
  const publicOf = (hex: string) => publicKeyHex(ed25519PrivateKey(hex));
  const db = await createTestDatabase();
  const nc = await connectNats();
  const services: ServiceProcess[] = [];
  const streams: LiveStream[] = [];
  try {
    const common = {
      CHRONICLE_PREFIX: prefix, HTTP_PORT: '0', LOG_LEVEL: 'info', NATS_PROVISION: 'true',
      CHRONICLE_LOG_PUBLIC_KEY: publicOf(keys.log), CHRONICLE_SNAPSHOT_PUBLIC_KEY: publicOf(keys.snapshot), CHRONICLE_GATEWAY_PUBLIC_KEY: publicOf(keys.gateway),
    };
    const start = (entry: string, env: Record<string, string>) => {
      const service = spawnService(entry, { ...common, ...env });
      services.push(service);
      return service;
    };
    await start('apps/log-service/src/main.ts', { DATABASE_URL: db.url, CHRONICLE_SEED_KEY: keys.seed, CHRONICLE_SIGNING_KEY: keys.log, OUTBOX_POLL_MS: '20' })
      .waitFor(/log-service ready/, 120_000);
    const gateway = start('apps/gateway/src/main.ts', {
      DATABASE_URL: db.url, PUBLIC_PORT: '0', PASSWORD_SCRYPT_LOG2N: '10', CHRONICLE_GATEWAY_KEY: keys.gateway,
      // Every player comes from 127.0.0.1 here: the per-address limits would count them as one.
      RATE_LIMIT_ADDRESS_PER_MIN: '10000000', RATE_LIMIT_SIGN_IN_PER_MIN: '10000000',
    });
    const others = [
      start('apps/snapshot-service/src/main.ts', { CHRONICLE_SEED_KEY: keys.seed, CHRONICLE_SNAPSHOT_SIGNING_KEY: keys.snapshot }),
      start('apps/turn-executor/src/main.ts', { CHRONICLE_SEED_KEY: keys.seed, EXECUTOR_ID: 'bench-exec' }),
      start('apps/scheduler/src/main.ts', {}),
      gateway,
    ];
    await Promise.all(others.map((s) => s.waitFor(/ ready: /, 120_000)));
    await gateway.waitFor(/gateway public API on port \d+/, 60_000);
    const origin = `http://127.0.0.1:${/gateway public API on port (\d+)/.exec(gateway.output())![1]}`;
    await new LogClient(new RequestClient(nc, new Subjects(prefix), 30_000)).open({
      tableId: chapterTableId(WORLD, 1), gameId: 'sammo', seats: ['founder'],
      options: {
        world: 'sample', turnterm: 60, chapterYears: 0, ...firstChapter(WORLD),
        ...clockOptions({ openedAt: Date.now(), gameStart: DEFAULT_START, speed: 3_600_000 / monthMs, minTickInterval: 3_600_000 }),
      },
    });
    const gatewayPid = Number(/gateway ready: [^\n]*pid (\d+)/.exec(gateway.output())![1]);
    const checkClient = await GatewayClient.signUp(origin, 'bench-check', 'a bench password');
    await waitUntil(async () => (await checkClient.get<{ worlds: Array<{ worldId: string }> }>('/worlds')).body.worlds.some((w) => w.worldId === WORLD) || undefined,
      60_000, 'the gateway to know the sample world');

    // Sign-ups (usernames are 3 characters or more), then joins 16 at a time: each player takes
    // over the next unowned NPC (빙의) while there are some (generals already at work in nations);
    // the others hold a live stream and read, as spectators do.
    const setupStarted = performance.now();
    const clients = await pool(Array.from({ length: players }, (_, i) => i), 16, (i) => GatewayClient.signUp(origin, `player-${i}`, 'a bench password'));
    const joined: GatewayClient[] = [];
    let npc = 1;
    await pool(clients, 16, async (client) => {
      while (npc <= 700) {
        const id = npc++;
        const answer = await waitUntil(async () => {
          const a = await client.post('/worlds/sample-world/join', { mode: 'possess', generalId: id }, `join-${id}`);
          return a.status === 202 || a.status === 503 ? undefined : a;
        }, 120_000, 'a join decided');
        if (answer.status === 200) {
          joined.push(client);
          return;
        }
      }
    });
    const setupSeconds = (performance.now() - setupStarted) / 1_000;
    // Each player's live stream: the delay of every move event from its recording by the log service.
    const delays: number[] = [];
    const onEvent = (event: { event: string; data: Record<string, unknown>; at: number }) => {
      if (event.event === 'move' && typeof event.data.recordedAt === 'string') delays.push(event.at - Date.parse(event.data.recordedAt));
    };
    streams.push(...await pool(clients, 32, (client) => client.live(WORLD, onEvent, false)));

    // Each player reserves once a game month, spread over the month, for `seconds`.
    const reserveMs: number[] = [];
    const statuses = new Map<number, number>();
    let rss = rssMb(gatewayPid);
    const sampler = setInterval(() => (rss = Math.max(rss, rssMb(gatewayPid))), 1_000);
    const deadline = performance.now() + seconds * 1_000;
    const writes: Promise<void>[] = [];
    joined.forEach((client, i) => {
      const offset = (i / joined.length) * monthMs;
      const tick = async (round: number) => {
        if (performance.now() >= deadline) return;
        const began = performance.now();
        const answer = await client.post('/worlds/sample-world/commands/reserve', { command: COMMANDS[(i + round) % COMMANDS.length], slots: [0] }, `r${round}`);
        reserveMs.push(performance.now() - began);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, monthMs - (performance.now() - began))));
        await tick(round + 1);
      };
      writes.push(new Promise((resolve) => setTimeout(resolve, offset)).then(() => tick(0)));
    });
    await Promise.all(writes);
    clearInterval(sampler);
    const p = (values: number[], q: number) => (values.length === 0 ? -1 : Math.round(percentile([...values].sort((a, b) => a - b), q)));
    console.log(`conditions: ${players} accounts (${joined.length} with a general, taken over from the NPCs) on the sample world (665 generals, scenario 1020), a game month every ${monthMs} ms`
      + ` (each player reserves once a month), ${seconds} s measured after ${setupSeconds.toFixed(0)} s of sign-ups and joins (scrypt cost 2^10, the per-address limits lifted: every player is 127.0.0.1);`
      + ` one gateway, one executor, one snapshot service; reservations answered ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')};`
      + ` ${delays.length} move events received on ${streams.length} live streams`);
    console.log(`reserve p50=${p(reserveMs, 50)} ms p99=${p(reserveMs, 99)} ms; event to client p50=${p(delays, 50)} ms p95=${p(delays, 95)} ms p99=${p(delays, 99)} ms`);
    console.log(`RESULT gateway players=${players} reserve_p99_ms=${p(reserveMs, 99)} event_to_client_p99_ms=${p(delays, 99)} rss_mb=${rss}`);
  } finally {
    for (const stream of streams) stream.close();
    for (const service of services.reverse()) await service.stop();
    await removePrefixed(nc, prefix);
    await nc.drain();
    await db.drop();
  }
}
