import { LogClient, RequestClient } from '@chronicle/bus';
import { ed25519PrivateKey, publicKeyHex, Subjects } from '@chronicle/contracts';
import { chapterTableId, clockOptions, firstChapter } from '@chronicle/engine';
import { DEFAULT_START } from '@chronicle/sammo';
import { GatewayClient, type LiveEvent } from '@chronicle/service-kit';
import {
  connectNats, createTestDatabase, removePrefixed, spawnService, uniquePrefix, waitUntil,
  type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';

/** A game month every this many milliseconds: the general's turn comes once a month. */
const MONTH_MS = 8_000;
const WORLD = 'sample-world';

interface LogLine {
  text: string;
  move: number;
  /** The general the line is about. */
  subject: number;
}

/**
 * A player's whole path over HTTP, against the services as processes (log service, snapshot
 * service, scheduler, an executor that checks the gateway's seat proofs, the gateway) on
 * NATS and PostgreSQL: sign up, join the sample world (a new general, by the legacy's General/Join), reserve 징병 then
 * 훈련, wait for the general's turns as the game clock brings them, and read what each did in
 * the general's log and on the player's live stream; a second account sees none of it.
 */
describe("a player's path through the gateway, on the running system", () => {
  const prefix = uniquePrefix('path');
  const keys = { seed: randomBytes(32).toString('hex'), log: randomBytes(32).toString('hex'), snapshot: randomBytes(32).toString('hex'), gateway: randomBytes(32).toString('hex') };
  const publicOf = (hex: string) => publicKeyHex(ed25519PrivateKey(hex));
  let db: TestDatabase;
  let nc: NatsConnection;
  const services: ServiceProcess[] = [];
  let origin: string;

  beforeAll(async () => {
    [db, nc] = await Promise.all([createTestDatabase(), connectNats()]);
    const common = {
      CHRONICLE_PREFIX: prefix, HTTP_PORT: '0', LOG_LEVEL: 'info', NATS_PROVISION: 'true',
      CHRONICLE_LOG_PUBLIC_KEY: publicOf(keys.log), CHRONICLE_SNAPSHOT_PUBLIC_KEY: publicOf(keys.snapshot), CHRONICLE_GATEWAY_PUBLIC_KEY: publicOf(keys.gateway),
    };
    const start = (entry: string, env: Record<string, string>) => {
      const service = spawnService(entry, { ...common, ...env });
      services.push(service);
      return service;
    };
    const log = start('apps/log-service/src/main.ts', { DATABASE_URL: db.url, CHRONICLE_SEED_KEY: keys.seed, CHRONICLE_SIGNING_KEY: keys.log, OUTBOX_POLL_MS: '50', DB_POOL_SIZE: '4' });
    await log.waitFor(/log-service ready/, 120_000);
    const others = [
      start('apps/snapshot-service/src/main.ts', { CHRONICLE_SEED_KEY: keys.seed, CHRONICLE_SNAPSHOT_SIGNING_KEY: keys.snapshot }),
      start('apps/turn-executor/src/main.ts', { CHRONICLE_SEED_KEY: keys.seed, EXECUTOR_ID: 'path-exec' }),
      start('apps/scheduler/src/main.ts', {}),
      // The gateway in the log service's database, as npm start and the deployments run it.
      // Its limits per address and account are tested on their own; this test polls while the world moves.
      start('apps/gateway/src/main.ts', {
        DATABASE_URL: db.url, PUBLIC_PORT: '0', PASSWORD_SCRYPT_LOG2N: '10', CHRONICLE_GATEWAY_KEY: keys.gateway,
        RATE_LIMIT_ADDRESS_PER_MIN: '100000', RATE_LIMIT_ACCOUNT_PER_MIN: '100000',
      }),
    ];
    await Promise.all(others.map((service) => service.waitFor(/ ready: /, 120_000)));
    await others[3]!.waitFor(/gateway public API on port \d+/, 60_000);
    origin = `http://127.0.0.1:${/gateway public API on port (\d+)/.exec(others[3]!.output())![1]}`;
    // The sample world as npm start opens it, with its seats open and a game month every MONTH_MS.
    await new LogClient(new RequestClient(nc, new Subjects(prefix), 30_000)).open({
      tableId: chapterTableId(WORLD, 1), gameId: 'sammo', seats: ['founder'],
      options: {
        world: 'sample', turnterm: 60, chapterYears: 0, ...firstChapter(WORLD),
        ...clockOptions({ openedAt: Date.now(), gameStart: DEFAULT_START, speed: 3_600_000 / MONTH_MS, minTickInterval: 3_600_000 }),
      },
    });
  });

  afterAll(async () => {
    for (const service of services.reverse()) await service.stop();
    if (nc) {
      await removePrefixed(nc, prefix);
      await nc.drain();
    }
    await db?.drop();
  });

  it('signs up, joins the sample world, reserves 징병 then 훈련, and reads what its general did in its log; another account sees none of it', async () => {
    const alice = await GatewayClient.signUp(origin, 'alice', 'a long enough password');
    await waitUntil(async () => (await alice.get<{ worlds: Array<{ worldId: string }> }>('/worlds')).body.worlds.some((w) => w.worldId === WORLD) || undefined,
      60_000, 'the gateway to know the sample world');

    // A new general (the legacy's General/Join). A write answers 202 while the executor is busy
    // advancing the world, 503 when it did not answer in time: sent again under its key, it is
    // the same write (never a second one), as a client does.
    const decided = async (write: () => Promise<{ status: number; body: Record<string, unknown> }>) => {
      let last: unknown;
      return waitUntil(async () => {
        const answer = await write();
        last = answer.body;
        return answer.status === 202 || answer.status === 503 ? undefined : answer;
      }, 180_000, 'the write decided').catch((error: Error) => {
        throw new Error(`${error.message}; last answer ${JSON.stringify(last)}; the services said:\n${services.map((s) => s.output().slice(-1_500)).join('\n---\n')}`);
      });
    };
    // A new general: the sample world's limit (600) counts the players' generals only (the legacy's
    // General/Join), so it takes players though its NPCs number 665.
    const created = await decided(() => alice.post('/worlds/sample-world/join', { mode: 'create', name: '조자룡', leadership: 70, strength: 50, intel: 30 }, 'create'));
    expect(created).toMatchObject({ status: 200, body: { status: 'accepted' } });
    // Bob takes over an NPC (빙의) below.
    const possess = async (player: GatewayClient, from: number) => {
      for (let id = from; id < from + 60; id++) {
        const answer = await decided(() => player.post('/worlds/sample-world/join', { mode: 'possess', generalId: id }, `possess-${id}`));
        if (answer.status === 200) return id;
      }
      throw new Error('no NPC to take over among 60');
    };
    // Views come from the snapshot service, which applies the accepted move a moment after the
    // executor: the seat's general shows once it has.
    const general = await waitUntil(async () => {
      const answer = await alice.get<{ general: { id: number; name: string } | null }>('/worlds/sample-world/general');
      return answer.body.general ? answer : undefined;
    }, 60_000, 'the seat view to show the general created');
    expect(general.body.general).toMatchObject({ name: '조자룡' });
    const mine = general.body.general!.id;

    const aliceLive = await alice.live(WORLD);
    await aliceLive.waitFor((e) => e.event === 'hello');
    const conscript = await decided(() => alice.post('/worlds/sample-world/commands/reserve', { command: 'che_징병', arg: { crewType: 1100, amount: 100 }, slots: [0] }, 'conscript'));
    const train = await decided(() => alice.post('/worlds/sample-world/commands/reserve', { command: 'che_훈련', slots: [1] }, 'train'));
    expect([conscript.status, train.status]).toEqual([200, 200]);
    // Slot 0 may have run already (the world moves on); what is queued is what was reserved, in
    // order. (The gateway reads a seat's view at its last write, waiting up to 3 s for the
    // snapshot service; a loaded machine may take longer.)
    await waitUntil(async () => {
      const queue = await alice.get<{ queue: Array<{ slot: number; action: string }> }>('/worlds/sample-world/commands');
      return queue.body.queue.slice(0, 2).some((q) => q.action === 'che_훈련') || undefined;
    }, 30_000, 'the queue to show 훈련 in its first two slots');

    // The general's turns come with the game clock: 징병 at the first, 훈련 at the one after. Each
    // leaves a line in the general's log (done, or the legacy's reason it failed: "… 징병 실패."),
    // which reaches alice's live stream as the move that wrote it is applied.
    const said = (event: LiveEvent, what: string) => event.event === 'log' && event.data.scope === 'general'
      && (event.data.lines as LogLine[]).some((l) => l.text.includes(what));
    // The general's log (General/GetGeneralLog, newest first) holds each line the stream told:
    // the read is the snapshot service's view, which on a loaded machine may be a few moves
    // behind, so each is read until it holds the line. (Each is read as it comes: the world
    // keeps its newest 2,000 lines, about a month and a half of the sample world's.)
    const holding = (what: string) => waitUntil(async () => {
      const lines = (await alice.get<{ lines: LogLine[] }>('/worlds/sample-world/log?scope=general')).body.lines;
      return lines.some((l) => l.text.includes(what)) ? lines : undefined;
    }, 60_000, `the general's log to hold the ${what} line the live stream told`);
    const drafted = await aliceLive.waitFor((e) => said(e, '징병'), 180_000);
    const draftedLine = (await holding('징병')).find((l) => l.text.includes('징병'))!;
    const trained = await aliceLive.waitFor((e) => said(e, '훈련'), 180_000);
    // (One advance may run both months when the executor catches up: the same move, in order.)
    expect(Number(trained.data.revision)).toBeGreaterThanOrEqual(Number(drafted.data.revision));
    const all = await holding('훈련');
    const trainedLine = all.find((l) => l.text.includes('훈련'))!;
    expect(trainedLine.move).toBeGreaterThanOrEqual(draftedLine.move);
    // Newest first.
    expect(all.every((l, i) => i === 0 || all[i - 1]!.move >= l.move)).toBe(true);
    expect(all.every((l) => l.subject === mine)).toBe(true);
    // Her outcomes came on her stream too.
    await aliceLive.waitFor((e) => e.event === 'outcome' && e.data.key === 'train' && e.data.status === 'accepted');

    // Bob: not in the world, he reads no general of his own; once joined, his log is his general's only.
    const bob = await GatewayClient.signUp(origin, 'bob', 'another long password');
    const bobLive = await bob.live(WORLD);
    expect(await bob.get('/worlds/sample-world/log')).toMatchObject({ status: 403, body: { error: { code: 'NOT_JOINED' } } });
    expect((await bob.get('/worlds/sample-world/intents/conscript')).status).toBe(404);
    await possess(bob, 1);
    const bobs = await bob.get<{ lines: LogLine[] }>('/worlds/sample-world/log?scope=general');
    expect(bobs.status).toBe(200);
    const alices = new Set(all.map((l) => `${l.move} ${l.text}`));
    expect(bobs.body.lines.filter((l) => alices.has(`${l.move} ${l.text}`))).toEqual([]);
    expect(bobs.body.lines.filter((l) => l.subject === mine)).toEqual([]);
    // His stream carried the world's public moves, and nothing of alice's: no line, no outcome, no command of hers.
    await bobLive.waitFor((e) => e.event === 'move', 60_000);
    const bobHeard = bobLive.events.filter((e) => e.event === 'log').flatMap((e) => e.data.lines as LogLine[]);
    expect(bobHeard.filter((l) => l.subject === mine)).toEqual([]);
    expect(bobLive.events.filter((e) => e.event === 'outcome' && ['conscript', 'train', 'create'].includes(e.data.key as string))).toEqual([]);
    expect(JSON.stringify(bobLive.events.filter((e) => e.event === 'move'))).not.toMatch(/che_징병|che_훈련|payload/);
    aliceLive.close();
    bobLive.close();
    // The public list of generals shows alice's general without its queue or purse.
    const everyone = await bob.get<{ generals: Array<Record<string, unknown>> }>('/worlds/sample-world/generals');
    const seen = everyone.body.generals.find((g) => g.id === mine);
    expect(seen).toBeDefined();
    expect(Object.keys(seen!)).not.toEqual(expect.arrayContaining(['gold']));
  });
});
