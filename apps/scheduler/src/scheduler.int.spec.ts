import { LogClient, provision, RequestClient, signedHeaders, openingsFromSnapshots, withChapterOpening } from '@chronicle/bus';
import {
  AdminSubjects, ed25519PrivateKey, EventSubjects, type AuditEntryV1, type AuditTrailV1, type BusStatePageV1, type DeadLettersV1, type WorldActionDoneV1, publicKeyHex, quarantineMsgId, SnapshotSubjects, Subjects, TrustedSubjects, unsealSeed, seedKey as toSeedKey,
  type HeaderV1, type SealedSeedV1, type SnapshotV1, type TableEventV1, type TickV1, type WorldEventV1, unwrapReply,
} from '@chronicle/contracts';
import {
  clockOptions, endedChapter, readGameClock, engine, firstChapter, GameLog, readChapter, stateHash, verifyChain, type GameState, type JsonObject,
} from '@chronicle/engine';
import { type RunningService } from '@chronicle/service-kit';
import { nextDueTime, sammo, type World } from '@chronicle/sammo';
import {
  connectNats, createTestDatabase, readStream, removePrefixed, spawnService, uniquePrefix, waitUntil, type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { startScheduler } from './bootstrap';
import { SchedulerConfig } from './config';
import { schedulerTopology } from './topology';

jest.setTimeout(120_000);

const GAME_START = Date.UTC(2026, 0, 1);

describe('scheduler (real NATS; the log and snapshot services as processes)', () => {
  const prefix = uniquePrefix('sched');
  const key = randomBytes(32).toString('hex');
  // The log service signs its events, the snapshot service its quarantine notices; the scheduler checks both.
  const logKey = randomBytes(32).toString('hex');
  const snapshotKeyHex = randomBytes(32).toString('hex');
  const snapshotKey = ed25519PrivateKey(snapshotKeyHex);
  const subjects = new Subjects(prefix);
  let db: TestDatabase;
  let nc: NatsConnection;
  let requests: RequestClient;
  let log: LogClient;
  let logService: ServiceProcess;
  let snapshotService: ServiceProcess;
  let scheduler: RunningService | undefined;

  const startSchedulerHere = async () => {
    scheduler = await startScheduler(Object.assign(new SchedulerConfig(), {
      CHRONICLE_PREFIX: prefix, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', RETICK_MS: 600, FLUSH_MS: 50, MAX_SLEEP_MS: 100,
      CHRONICLE_LOG_PUBLIC_KEY: publicKeyHex(ed25519PrivateKey(logKey)), CHRONICLE_SNAPSHOT_PUBLIC_KEY: publicKeyHex(snapshotKey),
    }));
  };
  const stopScheduler = async () => {
    await scheduler?.app.close();
    scheduler = undefined;
    // The 2.9 server keeps a closed client's pull requests until they expire (3 s).
    const jsm = await jetstreamManager(nc);
    await waitUntil(async () => {
      const waiting = await Promise.all([['MOVES', 'scheduler-moves'], ['TABLES', 'scheduler-tables']].map(async ([stream, durable]) =>
        (await jsm.consumers.info(subjects.stream(stream!), subjects.name(durable!))).num_waiting));
      return waiting.every((n) => n === 0) || undefined;
    }, 10_000, 'the closed pull requests to expire');
  };
  const ticks = async (tableId: string) =>
    (await readStream(nc, subjects.stream('TICKS'))).filter((m) => m.subject === subjects.of(EventSubjects.ticks(tableId)));
  const metric = async (name: string): Promise<number> => {
    const text = await (await fetch(`http://127.0.0.1:${scheduler!.port}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };
  /** A clock on which one wall millisecond is one game second. */
  const fastClock = (openedAt = Date.now()) => clockOptions({ openedAt, gameStart: GAME_START, speed: 1_000, minTickInterval: 0 });
  let keys = 0;
  const note = (tableId: string, expectedRevision: number, nextDueAt: number | null) => log.append({
    tableId, seat: null, payload: { text: 'tick' }, expectedRevision, idempotencyKey: `n${++keys}`, random: false,
    ...(nextDueAt === null ? {} : { nextDueAt: new Date(nextDueAt).toISOString() }),
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectNats();
    await provision(nc, subjects, schedulerTopology());
    const env = { CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: key, HTTP_PORT: '0', LOG_LEVEL: 'info', NATS_PROVISION: 'true' };
    logService = spawnService('apps/log-service/src/main.ts', { ...env, DATABASE_URL: db.url, OUTBOX_POLL_MS: '50', DB_POOL_SIZE: '4', CHRONICLE_SIGNING_KEY: logKey });
    snapshotService = spawnService('apps/snapshot-service/src/main.ts', { ...env, FLUSH_MS: '50', CHRONICLE_SNAPSHOT_SIGNING_KEY: snapshotKeyHex });
    await Promise.all([logService.waitFor(/log-service ready/, 90_000), snapshotService.waitFor(/snapshot-service ready/, 90_000)]);
    requests = new RequestClient(nc, subjects, 15_000);
    log = new LogClient(requests);
    await startSchedulerHere();
  });

  afterAll(async () => {
    await scheduler?.app.close();
    await snapshotService?.stop();
    await logService?.stop();
    if (nc) {
      await removePrefixed(nc, prefix);
      await nc.drain();
    }
    await db?.drop();
  });

  it('ticks a table when it opens and then at each due time its moves record, once each', async () => {
    const openedAt = Date.now();
    await log.open({ tableId: 'fast', gameId: 'journal', seats: ['ann'], options: fastClock(openedAt) });
    await waitUntil(async () => (await ticks('fast')).length === 1 || undefined, 10_000, 'the opening tick');
    // Due 1,500 game seconds after the opening: 1.5 s of wall time at this speed.
    await note('fast', 0, GAME_START + 1_500_000);
    await waitUntil(async () => (await ticks('fast')).length === 2 || undefined, 10_000, 'the tick of the due time');
    expect(Date.now()).toBeGreaterThanOrEqual(openedAt + 1_500);
    const [first, second] = await ticks('fast');
    expect((second!.data as TickV1)).toEqual({ v: 1, tableId: 'fast', dueAt: new Date(GAME_START + 1_500_000).toISOString() });
    expect(second!.msgId).toBe(`fast:${new Date(GAME_START + 1_500_000).toISOString()}`);
    expect(first!.msgId).toMatch(/^fast:/);
    expect(await metric('chronicle_scheduler_ticks_total')).toBeGreaterThanOrEqual(2);
  });

  it('pauses a table (no ticks, not even re-ticks) and resumes it, re-ticks it on request, records each action first, and refuses what it cannot do', async () => {
    const admin = (action: 'pause' | 'resume' | 'retick', target: string, reason = 'an operator test') =>
      requests.request<WorldActionDoneV1>(AdminSubjects[action], { v: 1, target, operator: 'ops', reason });
    await log.open({ tableId: 'held', gameId: 'journal', seats: ['ann'], options: fastClock() });
    await waitUntil(async () => (await ticks('held')).length >= 1 || undefined, 10_000, 'the opening tick');
    const paused = await admin('pause', 'held', 'looking into it');
    expect(paused.entry).toMatchObject({ v: 1, action: 'pause', target: 'held', tableId: 'held', operator: 'ops', reason: 'looking into it' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = (await ticks('held')).length;
    // Unmoved for far longer than the re-tick delay (600 ms): still no tick.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await ticks('held')).length).toBe(before);
    await expect(admin('pause', 'held')).rejects.toThrow(/^held is paused already \(since \S+ by ops: looking into it\); resume it with chronicle resume$/);
    await expect(admin('retick', 'held')).rejects.toThrow('held is paused: resume it (chronicle resume) rather than tick it');

    await admin('resume', 'held', 'nothing wrong');
    await waitUntil(async () => (await ticks('held')).length > before || undefined, 10_000, 'a tick once resumed');
    await expect(admin('resume', 'held')).rejects.toThrow('held is not paused; chronicle pause stops its ticks');
    const count = (await ticks('held')).length;
    const retick = await admin('retick', 'held', 'a manual tick');
    expect(retick.result).toMatch(/^table held ticked for its due time \S+$/);
    expect((await ticks('held')).length).toBe(count + 1);
    expect((await ticks('held')).at(-1)!.msgId).toMatch(/^held:\S+:operator-\d+$/);

    const trail = await requests.request<AuditTrailV1>(AdminSubjects.audit, { v: 1, target: 'held' });
    expect(trail.entries.map((e) => [e.action, e.operator, e.reason])).toEqual([['pause', 'ops', 'looking into it'], ['resume', 'ops', 'nothing wrong'], ['retick', 'ops', 'a manual tick']]);
    expect((await requests.request<AuditTrailV1>(AdminSubjects.audit, { v: 1, target: 'held', limit: 1 })).entries.map((e) => e.action)).toEqual(['retick']);

    await expect(admin('pause', 'atlantis')).rejects.toThrow('there is no table or world atlantis (chronicle tables lists them)');
    await expect(requests.request(AdminSubjects.pause, { v: 1, target: 'held', operator: 'ops' })).rejects.toThrow(/reason/);
    await note('held', 0, null);
    // Once the scheduler has seen the move that says nothing is due, a re-tick is refused.
    const refusal = await waitUntil(async () => admin('retick', 'held').then(() => undefined, (e: Error) => e.message), 10_000, 'a refused re-tick');
    expect(refusal).toBe('table held has nothing due (its last move said so: a frozen world, or one waiting for its players); a tick would change nothing');
  });

  // After the test above, which opened table held.
  it('lists dead letters and hands a dead tick back to its work queue, recorded; a dead move event is not', async () => {
    const js = jetstream(nc);
    const tick: TickV1 = { v: 1, tableId: 'held', dueAt: new Date(GAME_START).toISOString() };
    const letter = (subject: string, data: object) => ({
      v: 1, reason: 'a test letter', consumer: subjects.name('executor_ticks'), stream: subjects.stream('TICKS'), subject: subjects.of(subject), streamSeq: 1, deliveries: 5,
      headers: { 'Nats-Msg-Id': ['held:x'] }, data: Buffer.from(JSON.stringify(data)).toString('base64'), size: 1, sha256: '0'.repeat(64), deadAt: new Date().toISOString(),
    });
    const dead = (await js.publish(subjects.of(EventSubjects.deadLetters('executor_ticks')), JSON.stringify(letter(EventSubjects.ticks('held'), tick)))).seq;
    const move = (await js.publish(subjects.of(EventSubjects.deadLetters('web-moves')), JSON.stringify(letter(EventSubjects.moves('held'), { v: 1 })))).seq;
    const { letters } = await requests.request<DeadLettersV1>(AdminSubjects.deadLetters, { v: 1 });
    expect(letters.slice(0, 2).map((l) => [l.seq, l.subject, l.retry === 'possible'])).toEqual([[move, 'moves.held', false], [dead, 'ticks.held', true]]);
    const before = (await ticks('held')).length;
    const retried = await requests.request<WorldActionDoneV1>(AdminSubjects.retryDead, { v: 1, seq: dead, operator: 'ops', reason: 'the executor is fixed' });
    expect(retried.entry).toMatchObject({ action: 'retry-dead', tableId: 'held', detail: `dead letter ${dead} of ${subjects.name('executor_ticks')}` });
    expect((await ticks('held')).length).toBe(before + 1);
    expect((await ticks('held')).at(-1)!.data).toEqual(tick);
    await expect(requests.request(AdminSubjects.retryDead, { v: 1, seq: move, operator: 'ops', reason: 'try' })).rejects.toThrow(/^dead letter \d+ \(moves.held\) cannot be retried: only ticks and intents go back to a work queue/);
    await expect(requests.request(AdminSubjects.retryDead, { v: 1, seq: 99_999, operator: 'ops', reason: 'try' })).rejects.toThrow('there is no dead letter 99999; chronicle dead-letters lists them');
  });

  it('ticks again when a due table makes no progress, and stops once nothing is due', async () => {
    await log.open({ tableId: 'stuck', gameId: 'journal', seats: ['ann'], options: fastClock() });
    await waitUntil(async () => (await ticks('stuck')).length >= 3 || undefined, 10_000, 'two re-ticks');
    expect((await ticks('stuck')).map((m) => m.msgId)).toEqual(expect.arrayContaining([expect.stringMatching(/:retick-1$/), expect.stringMatching(/:retick-2$/)]));
    expect(await metric('chronicle_scheduler_reticks_total')).toBeGreaterThanOrEqual(2);
    await note('stuck', 0, null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const settled = (await ticks('stuck')).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await ticks('stuck')).length).toBe(settled);
  });

  /** A quarantine notice as the snapshot service publishes it, or unsigned as a forger would. */
  const quarantine = async (tableId: string, signed: boolean) => {
    const header = await log.header({ tableId });
    const event: TableEventV1 = {
      v: 1, kind: 'quarantined', tableId, gameId: header.gameId, rulesVersion: header.rulesVersion, seats: header.seats,
      options: header.options, commitment: header.commitment, seq: 0, revision: 0, outcome: null, reason: 'test', recordedAt: new Date().toISOString(),
    };
    const subject = subjects.of(EventSubjects.tables(tableId));
    const payload = JSON.stringify(event);
    const msgID = quarantineMsgId(tableId, 0);
    await jetstream(nc).publish(subject, payload, { msgID, ...(signed ? { headers: signedHeaders(snapshotKey, subject, msgID, payload) } : {}) });
  };
  const ticksSettle = async (tableId: string) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = (await ticks(tableId)).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return (await ticks(tableId)).length - before;
  };

  it("sends nothing to a table the snapshot service quarantined, and takes no unsigned notice for one", async () => {
    await log.open({ tableId: 'quarantined', gameId: 'journal', seats: ['ann'], options: fastClock() });
    await quarantine('quarantined', true);
    expect(await ticksSettle('quarantined')).toBe(0);

    await log.open({ tableId: 'framed', gameId: 'journal', seats: ['ann'], options: fastClock() });
    await waitUntil(async () => (await ticks('framed')).length >= 1 || undefined, 10_000, 'the opening tick');
    await quarantine('framed', false);
    // Still due (the opening tick brought no move): re-ticked as before.
    expect(await ticksSettle('framed')).toBeGreaterThan(0);
    const dead = await waitUntil(async () => (await readStream(nc, subjects.stream('DEAD')))
      .find((m) => /quarantine notice of table framed is not signed by the snapshot service's key/.test((m.data as { reason: string }).reason)), 5_000, 'the dead letter');
    expect(dead.subject).toBe(subjects.of('dead.scheduler-tables'));
  });

  it('lifts a quarantine only when the whole log replays to what it recorded: says why it was quarantined, records the attempt, refuses otherwise', async () => {
    const lift = (target: string, reason = 'the check is fixed') =>
      requests.request<WorldActionDoneV1>(AdminSubjects.lift, { v: 1, target, operator: 'ops', reason });
    await log.open({ tableId: 'flawed', gameId: 'journal', seats: ['ann'], options: fastClock() });
    await log.append({ tableId: 'flawed', seat: 'ann', payload: { text: 'a line' }, expectedRevision: 0, idempotencyKey: `n${++keys}`, random: false, stateHash: 'f'.repeat(64) });
    // The snapshot service quarantines it (its signed notice stops the ticks).
    await waitUntil(async () => (await requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId: 'flawed' })).quarantined ?? undefined, 10_000, 'the quarantine');
    expect(await ticksSettle('flawed')).toBe(0);
    await expect(lift('flawed')).rejects.toThrow(
      /^table flawed stays quarantined: replaying its whole log again, entry 1 recorded state hash f{64}, but replaying the log gives [0-9a-f]{64}\. Its log itself disagrees/,
    );
    const [entry] = (await requests.request<AuditTrailV1>(AdminSubjects.audit, { v: 1, target: 'flawed' })).entries;
    expect(entry).toMatchObject({ action: 'lift-quarantine', tableId: 'flawed', operator: 'ops', reason: 'the check is fixed', detail: expect.stringMatching(/^entry 1 recorded state hash f+/) });
    expect(await ticksSettle('flawed')).toBe(0);

    await log.open({ tableId: 'healthy', gameId: 'journal', seats: ['ann'], options: fastClock() });
    await expect(lift('healthy')).rejects.toThrow('table healthy is not quarantined: there is nothing to lift (chronicle tables shows each table\'s status)');
    await expect(lift('no-such-world')).rejects.toThrow('there is no table or world no-such-world (chronicle tables lists them)');
    await expect(requests.request(AdminSubjects.lift, { v: 1, target: 'flawed', operator: 'ops', reason: '' })).rejects.toThrow(/reason must be longer than or equal to 3 characters/);
  });

  it('refuses a forged entry that took the real one\'s message id, and ticks at the due time the log recorded', async () => {
    const openedAt = Date.now();
    await log.open({ tableId: 'squat', gameId: 'journal', seats: ['ann'], options: fastClock(openedAt) });
    await waitUntil(async () => (await ticks('squat')).length >= 1 || undefined, 10_000, 'the opening tick');
    // The forger publishes entry 1 first, freezing the table (nothing due), under the id the real entry will have.
    const forged = { v: 1, kind: 'move', tableId: 'squat', seq: 1, revision: 1, number: 1, seat: null, payload: { text: 'forged' },
      random: false, stateHash: null, nextDueAt: null, recordedAt: new Date().toISOString() };
    await jetstream(nc).publish(subjects.of(EventSubjects.moves('squat')), JSON.stringify(forged), { msgID: 'squat:1' });
    // The real entry: due 3 s of wall time from now.
    const dueAt = GAME_START + (Date.now() + 3_000 - openedAt) * 1_000;
    await note('squat', 0, dueAt);
    await waitUntil(async () => (await ticks('squat')).some((m) => (m.data as TickV1).dueAt === new Date(dueAt).toISOString()) || undefined,
      15_000, 'the tick at the due time the log recorded');
    // The stream kept the forgery and dropped the real entry as a duplicate: the scheduler had it from the log.
    const stored = (await readStream(nc, subjects.stream('MOVES'))).filter((m) => m.subject === subjects.of(EventSubjects.moves('squat')));
    expect(stored.map((m) => (m.data as { payload: unknown }).payload)).toEqual([{ text: 'forged' }]);
  });

  it('rebuilds what it knows from its bucket after a restart', async () => {
    await log.open({ tableId: 'kept', gameId: 'journal', seats: ['ann'], options: fastClock() });
    await waitUntil(async () => (await ticks('kept')).length >= 1 || undefined, 10_000, 'the opening tick');
    await note('kept', 0, null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stopScheduler();
    // The opened event is long acknowledged: only the bucket still knows this table's clock.
    await note('kept', 1, GAME_START + 1_000);
    await startSchedulerHere();
    await waitUntil(async () => (await ticks('kept')).some((m) => (m.data as TickV1).dueAt === new Date(GAME_START + 1_000).toISOString()) || undefined,
      10_000, 'the tick after the restart');
  });

  it('pages the bus state: a system whose audit trail alone passes the 1 MB payload is read whole, a page under the bound at a time', async () => {
    const js = jetstream(nc);
    // A dead letter of its own, to read after the audit trail.
    await js.publish(subjects.of(EventSubjects.deadLetters('web-moves')), JSON.stringify({
      v: 1, reason: 'a test letter', consumer: subjects.name('web-moves'), stream: subjects.stream('MOVES'), subject: subjects.of(EventSubjects.moves('many-0')), streamSeq: 1, deliveries: 5,
      headers: {}, data: '', size: 0, sha256: '0'.repeat(64), deadAt: new Date().toISOString(),
    }));
    // 2,000 tables, each with an operator's action and a long reason: ~1.4 MB of JSON in all.
    const published: AuditEntryV1[] = [];
    for (let n = 0; n < 2_000; n++) {
      const entry: AuditEntryV1 = { v: 1, action: 'pause', target: `many-${n}`, tableId: `many-${n}`, operator: 'ops', reason: `${n} ${'r'.repeat(490)}`, at: new Date().toISOString() };
      published.push(entry);
      await js.publish(subjects.of(EventSubjects.audit(entry.target)), JSON.stringify(entry));
    }
    const page = async (query: object) => {
      const reply = await nc.request(subjects.of(AdminSubjects.busState), JSON.stringify({ v: 1, ...query }), { timeout: 30_000 });
      return { bytes: reply.data.length, ...unwrapReply<BusStatePageV1>(reply.json()) };
    };
    const pages = [await page({})];
    while (pages.at(-1)!.next !== null) pages.push(await page({ cursor: pages.at(-1)!.next }));
    // Together more than the server takes in one message: one reply could not carry it.
    expect(pages.reduce((n, p) => n + p.bytes, 0)).toBeGreaterThan(nc.info!.max_payload);
    for (const p of pages) expect(p.bytes).toBeLessThan(300 * 1024);
    expect(new Set(pages.map((p) => p.takenAt)).size).toBe(1);
    const audit = pages.flatMap((p) => p.audit).filter((e) => e.target.startsWith('many-'));
    expect(audit).toEqual(published);
    // The sections follow each other: the dead letters (earlier tests') come after every audit entry, each once.
    const letters = pages.flatMap((p) => p.deadLetters).map((l) => l.seq);
    expect(letters.length).toBeGreaterThan(0);
    expect(new Set(letters).size).toBe(letters.length);
    expect(pages.findIndex((p) => p.deadLetters.length > 0)).toBeGreaterThanOrEqual(pages.findLastIndex((p) => p.audit.length > 0));

    const small = await page({ limit: 100 });
    expect(small.audit.length + small.pendingIntents.length + small.paused.length).toBe(100);
    expect((await page({ cursor: small.next, limit: 100 })).audit[0]).toEqual((await page({ limit: 101 })).audit[100]);
    await expect(requests.request(AdminSubjects.busState, { v: 1, cursor: 'page-2' })).rejects.toThrow(/^cursor: not one this service gave/);
    await expect(requests.request(AdminSubjects.busState, { v: 1, limit: 0 })).rejects.toThrow(/limit/);
  });

  it('keeps one tick a month after an operator halves the turn term (the clock coalesced to the opening term no longer)', async () => {
    // Opened at 60-minute turns, ticks coalesced to one a turn; a game hour is 10 wall seconds.
    const options: JsonObject = {
      world: 'synthetic', generals: 12, cities: 6, nations: 2, turnterm: 60, start: GAME_START,
      ...clockOptions({ openedAt: Date.now(), gameStart: GAME_START, speed: 360, minTickInterval: 3_600_000 }),
    };
    const arrivals: number[] = [];
    const sub = nc.subscribe(subjects.of(EventSubjects.ticks('term')), { callback: () => void arrivals.push(Date.now()) });
    try {
      await log.open({ tableId: 'term', gameId: 'sammo', seats: ['ann'], options });
      await waitUntil(() => arrivals.length === 1 || undefined, 10_000, 'the opening tick');
      // The operator's move as the executors record it (legal: the snapshot service replays it), a general due a game minute on.
      await log.append({
        tableId: 'term', seat: null, payload: { type: 'changeTurnTerm', turnterm: 30 }, expectedRevision: 0, idempotencyKey: 'term-30', random: false,
        nextDueAt: new Date(GAME_START + 60_000).toISOString(),
      });
      await waitUntil(() => arrivals.length === 2 || undefined, 15_000, 'the next month\'s tick');
      // A 30-minute month is 5 wall seconds; the opening term's 60 minutes would be 10.
      expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(4_500);
      expect(arrivals[1]! - arrivals[0]!).toBeLessThan(8_000);
    } finally {
      sub.unsubscribe();
    }
  });

  it('opens the next chapter of a world when one ends, and announces each on the world subject', async () => {
    const options: JsonObject = {
      world: 'synthetic', generals: 12, cities: 6, nations: 2, turnterm: 60, chapterYears: 1, start: GAME_START,
      ...firstChapter('w1'), ...clockOptions({ openedAt: Date.now(), gameStart: GAME_START, speed: 1, minTickInterval: 0 }),
    };
    await log.open({ tableId: 'w1-c1', gameId: 'sammo', seats: ['ann'], options });
    await playChapter('w1-c1');
    await waitUntil(async () => (await log.header({ tableId: 'w1-c2' }).catch(() => undefined)), 30_000, 'the second chapter');
    await playChapter('w1-c2');
    await waitUntil(async () => (await log.header({ tableId: 'w1-c3' }).catch(() => undefined)), 30_000, 'the third chapter');

    const third = await log.header({ tableId: 'w1-c3' });
    // The opening state is named by the link, not carried in the options every header and event repeats.
    expect(readChapter(third.options)).toMatchObject({ world: 'w1', number: 3, previous: { tableId: 'w1-c2' }, opening: null });
    const events = await waitUntil(async () => {
      const world = (await readStream(nc, subjects.stream('WORLDS'))).map((m) => m.data as WorldEventV1);
      return world.length >= 3 ? world : undefined;
    }, 10_000, 'three world events');
    expect(events.map((e) => [e.kind, e.chapter, e.tableId, e.previousTableId])).toEqual([
      ['chapter-opened', 1, 'w1-c1', null], ['chapter-opened', 2, 'w1-c2', 'w1-c1'], ['chapter-opened', 3, 'w1-c3', 'w1-c2'],
    ]);
    expect(events[2]!.commitment).toBe(third.commitment);
    // The scheduler ticks the new chapter at once: it is due from its opening.
    await waitUntil(async () => (await ticks('w1-c3')).length >= 1 || undefined, 10_000, 'a tick of the third chapter');

    const finished = await Promise.all(['w1-c1', 'w1-c2'].map(async (tableId) => {
      const reply = await log.finishedLog({ tableId });
      return { log: GameLog.fromArray(reply.log), commitment: reply.commitment };
    }));
    expect(verifyChain(sammo, finished)).toMatchObject({ world: 'w1', chapters: 2 });
  });

  it("opens the next chapter within seconds when the scheduler died holding the chapter's end", async () => {
    // This run's scheduler is a process of its own, to be SIGKILLed as in a crash.
    await stopScheduler();
    const env = {
      CHRONICLE_PREFIX: prefix, HTTP_PORT: '0', LOG_LEVEL: 'info', RETICK_MS: '600', FLUSH_MS: '50', MAX_SLEEP_MS: '100',
      CHRONICLE_LOG_PUBLIC_KEY: publicKeyHex(ed25519PrivateKey(logKey)), CHRONICLE_SNAPSHOT_PUBLIC_KEY: publicKeyHex(snapshotKey),
    };
    const first = spawnService('apps/scheduler/src/main.ts', env);
    let second: ServiceProcess | undefined;
    try {
      await first.waitFor(/scheduler ready/, 90_000);
      const options: JsonObject = {
        world: 'synthetic', generals: 12, cities: 6, nations: 2, turnterm: 60, chapterYears: 1, start: GAME_START,
        ...firstChapter('w2'), ...clockOptions({ openedAt: Date.now(), gameStart: GAME_START, speed: 1, minTickInterval: 0 }),
      };
      await log.open({ tableId: 'w2-c1', gameId: 'sammo', seats: ['ann'], options });
      // With the snapshot service paused, the scheduler holds the chapter's end while it waits for the final state.
      process.kill(snapshotService.pid, 'SIGSTOP');
      try {
        await playChapter('w2-c1');
        const finished = await waitUntil(async () => (await readStream(nc, subjects.stream('TABLES')))
          .find((m) => (m.data as TableEventV1).tableId === 'w2-c1' && (m.data as TableEventV1).kind === 'finished'), 10_000, "the chapter's end");
        const jsm = await jetstreamManager(nc);
        await waitUntil(async () => {
          const info = await jsm.consumers.info(subjects.stream('TABLES'), subjects.name('scheduler-tables'));
          return (info.delivered.stream_seq >= finished.seq && info.num_ack_pending > 0) || undefined;
        }, 20_000, "the scheduler holding the chapter's end");
        await first.kill();
      } finally {
        process.kill(snapshotService.pid, 'SIGCONT');
      }
      second = spawnService('apps/scheduler/src/main.ts', env);
      await second.waitFor(/scheduler ready/, 90_000);
      const ready = Date.now();
      await waitUntil(async () => (await log.header({ tableId: 'w2-c2' }).catch(() => undefined)), 60_000, 'the second chapter');
      // The delivery the dead scheduler held comes back after the consumer's ack wait (3 s), not a minute later.
      expect(Date.now() - ready).toBeLessThan(15_000);
    } finally {
      await first.stop();
      await second?.stop();
      await startSchedulerHere();
    }
  });

  /**
   * Plays a chapter month by month as an executor would: the seed opened in memory, a later
   * chapter's opening state attached from the snapshot service, each move computed and appended.
   */
  it("opens a world's next chapter at the turn term the world runs at now, not the first chapter's", async () => {
    const options: JsonObject = {
      world: 'synthetic', generals: 12, cities: 6, nations: 2, turnterm: 60, chapterYears: 1, start: GAME_START,
      ...firstChapter('w3'), ...clockOptions({ openedAt: Date.now(), gameStart: GAME_START, speed: 1, minTickInterval: 3_600_000 }),
    };
    await log.open({ tableId: 'w3-c1', gameId: 'sammo', seats: ['ann'], options });
    await playChapter('w3-c1', [{ type: 'changeTurnTerm', turnterm: 30 }]);
    const second = await waitUntil(async () => (await log.header({ tableId: 'w3-c2' }).catch(() => undefined)), 30_000, 'the second chapter');
    expect(readGameClock(second.options)).toEqual({ ...readGameClock(options), minTickInterval: 1_800_000 });
  });

  /**
   * Plays a chapter to its end as the executors would: `first` (operators' moves), then
   * advances a turn at a time (an advance two turns late skips them, the legacy's delay rule).
   */
  async function playChapter(tableId: string, first: JsonObject[] = []): Promise<void> {
    const header: HeaderV1 = await log.header({ tableId });
    const sealed = await requests.request<SealedSeedV1>(TrustedSubjects.sealedSeed, { v: 1, tableId });
    const local = GameLog.open({
      tableId, gameId: header.gameId, rulesVersion: header.rulesVersion, seats: header.seats,
      options: { ...(await withChapterOpening(header.options, openingsFromSnapshots(requests, 10_000))) }, seed: unsealSeed(toSeedKey(key), tableId, sealed.sealedSeed),
    });
    expect(local.commitment()).toBe(header.commitment);
    const state: GameState<World> = engine.setup(sammo, local.header());
    for (let n = 0; !state.outcome; n++) {
      const step = engine.step(sammo, local.header(), state, null, first[n] ?? { type: 'advance', until: state.data.env.turntime + state.data.env.turnterm * 60_000 });
      local.append(step.move);
      const due = nextDueTime(state.data);
      await log.append({
        tableId, seat: null, payload: step.move.payload, expectedRevision: step.move.number - 1, idempotencyKey: `${tableId}:${step.move.number}`,
        random: step.move.random, stateHash: stateHash(sammo, state), ...(due === null ? {} : { nextDueAt: new Date(due).toISOString() }),
        ...(state.outcome ? { outcome: state.outcome } : {}),
      });
    }
    expect(endedChapter(local).revision).toBe(local.revision);
  }
});
