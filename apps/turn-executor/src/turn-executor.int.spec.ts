import { LogClient, provision, RequestClient } from '@chronicle/bus';
import {
  BadRequest, decodeSnapshot, ed25519PrivateKey, EventSubjects, ExecutorSubjects, publicKeyHex, quarantineMsgId, SnapshotSubjects,
  StreamRoles, Subjects, tickMsgId, type IntentOutcomeV1, type LoggedMoveV1, type MoveEventV1, type SnapshotV1, type SubmitIntentV1, type TableEventV1, type TickV1,
} from '@chronicle/contracts';
import { UnknownTable, type Json } from '@chronicle/engine';
import {
  connectNats, createTestDatabase, readStream, removePrefixed, spawnService, uniquePrefix, waitUntil, type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { executorTopology } from './topology';

jest.setTimeout(120_000);

/**
 * The executors as they run: the log service, the snapshot service and two executors as
 * child processes on real PostgreSQL and NATS; the test plays the players and the scheduler.
 */
describe('turn executors (services as processes, real PostgreSQL and NATS)', () => {
  const prefix = uniquePrefix('exec');
  const seedKey = randomBytes(32).toString('hex');
  // The snapshot service signs its quarantine notices; the executors check them.
  const snapshotKey = randomBytes(32).toString('hex');
  const subjects = new Subjects(prefix);
  let db: TestDatabase;
  let nc: NatsConnection;
  let requests: RequestClient;
  let log: LogClient;
  const services: ServiceProcess[] = [];
  const executors = new Map<string, { process: ServiceProcess; port: number }>();

  const common = { CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: seedKey, LOG_LEVEL: 'info', HTTP_PORT: '0' };
  const startExecutor = async (id: string, extra: Record<string, string> = {}) => {
    const process = spawnService('apps/turn-executor/src/main.ts', {
      ...common, EXECUTOR_ID: id, LEASE_TTL_MS: '1500', ADVANCE_BUDGET: '15', CHRONICLE_TRUST_NAMED_SEATS: 'true',
      CHRONICLE_SNAPSHOT_PUBLIC_KEY: publicKeyHex(ed25519PrivateKey(snapshotKey)), ...extra,
    });
    services.push(process);
    await process.waitFor(/turn-executor ready/, 60_000);
    const port = Number(/http port (\d+)/.exec(process.output())![1]);
    executors.set(id, { process, port });
  };
  const metric = async (id: string, name: string): Promise<number> => {
    const text = await (await fetch(`http://127.0.0.1:${executors.get(id)!.port}/metrics`)).text();
    return text.split('\n').filter((l) => l.startsWith(name)).reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
  };

  const submit = (tableId: string, intentKey: string, payload: Json, seat = 'ann', extra: Partial<SubmitIntentV1> = {}) =>
    requests.request<IntentOutcomeV1>(ExecutorSubjects.submitIntent, { v: 1, tableId, intentKey, seat, kind: 'move', payload, waitMs: 10_000, ...extra }, 15_000);
  const movesOf = async (tableId: string): Promise<LoggedMoveV1[]> => {
    const moves: LoggedMoveV1[] = [];
    for (;;) {
      const page = await log.read({ tableId, fromRevision: moves.length });
      moves.push(...page.moves);
      if (page.moves.length === 0 || moves.length >= page.revision) return moves;
    }
  };
  const tick = async (tableId: string, dueAt: string) => {
    const body: TickV1 = { v: 1, tableId, dueAt };
    await jetstream(nc).publish(subjects.of(EventSubjects.ticks(tableId)), JSON.stringify(body), { msgID: tickMsgId(tableId, dueAt) });
  };
  /** A small strategy world whose clock is minutes behind: a tick has months to catch up. */
  const openWorld = (tableId: string, minutesBehind: number) =>
    log.open({
      tableId, gameId: 'sammo', seats: ['ann', 'bob'],
      options: { world: 'synthetic', generals: 12, cities: 6, nations: 2, turnterm: 1, start: Date.now() - minutesBehind * 60_000 },
    });
  /** Caught up with a tick sent at `tickedAt`: the last move says the next work is due after it. */
  const caughtUp = async (tableId: string, tickedAt: number) => {
    const moves = await movesOf(tableId);
    const last = moves.at(-1);
    return last?.nextDueAt && Date.parse(last.nextDueAt) > tickedAt ? moves : undefined;
  };
  const snapshotOf = async (tableId: string, minRevision: number) => {
    const reply = await requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId, minRevision, waitMs: 10_000 }, 15_000);
    return { ...reply, state: decodeSnapshot(reply.snapshot) };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectNats();
    await provision(nc, subjects, executorTopology());
    const logService = spawnService('apps/log-service/src/main.ts', { ...common, DATABASE_URL: db.url, OUTBOX_POLL_MS: '100', DB_POOL_SIZE: '4' });
    services.push(logService);
    await logService.waitFor(/log-service ready/, 60_000);
    const snapshots = spawnService('apps/snapshot-service/src/main.ts', { ...common, NATS_PROVISION: 'true', FLUSH_MS: '50', CHRONICLE_SNAPSHOT_SIGNING_KEY: snapshotKey });
    services.push(snapshots);
    await snapshots.waitFor(/snapshot-service ready/, 60_000);
    await Promise.all([startExecutor('exec-a'), startExecutor('exec-b')]);
    requests = new RequestClient(nc, subjects, 10_000);
    log = new LogClient(requests);
  });

  afterAll(async () => {
    for (const service of services.reverse()) await service.stop();
    if (nc) {
      await removePrefixed(nc, prefix);
      await nc.drain();
    }
    await db?.drop();
  });

  it('turns an intent into one move, returns the first outcome for its key, and appends nothing for a refusal', async () => {
    await log.open({ tableId: 'notes', gameId: 'journal', seats: ['ann'] });
    const first = await submit('notes', 'ann-1', { text: 'hello' });
    expect(first).toMatchObject({ status: 'accepted', revision: 1, seq: 1 });
    expect(await submit('notes', 'ann-1', { text: 'hello' })).toEqual(first);
    // The same key again, even with another payload: the first outcome, nothing new.
    expect(await submit('notes', 'ann-1', { text: 'other' })).toEqual(first);
    expect(await requests.request(ExecutorSubjects.intentOutcome, { v: 1, tableId: 'notes', intentKey: 'ann-1' })).toEqual(first);

    const refused = await submit('notes', 'ann-2', { text: '' });
    expect(refused).toMatchObject({ status: 'refused', code: 'ILLEGAL_MOVE', revision: null, reason: expect.stringMatching(/1 to 1000 characters/) });
    const stranger = await submit('notes', 'zed-1', { text: 'hi' }, 'zed');
    expect(stranger).toMatchObject({ status: 'refused', code: 'ILLEGAL_MOVE', reason: expect.stringMatching(/zed has no seat/) });
    const moves = await movesOf('notes');
    expect(moves.map((m) => m.payload)).toEqual([{ text: 'hello' }]);
    // The executor recorded the state hash; the snapshot service's replay agrees (no quarantine).
    const snapshot = await snapshotOf('notes', 1);
    expect(snapshot.quarantined).toBeNull();
    expect(moves[0]!.stateHash).toMatch(/^[0-9a-f]{64}$/);

    // Malformed intents are refused at the door and never queued.
    await expect(submit('notes', 'has.dot', { text: 'x' })).rejects.toThrow(BadRequest);
    await expect(submit('notes', 'big', { text: 'x'.repeat(70_000) })).rejects.toThrow(/payload/);
    await expect(submit('nowhere', 'k', { text: 'x' })).rejects.toBeInstanceOf(UnknownTable);
    const raw = await nc.request(subjects.of(ExecutorSubjects.submitIntent), 'not json', { timeout: 5_000 });
    expect(raw.json()).toEqual({ error: { code: 'BAD_REQUEST', message: expect.stringMatching(/not JSON/) } });
    expect((await log.header({ tableId: 'notes' })).revision).toBe(1);
  });

  it('decides a submit that waits at the table\'s holder, without the work queue; one that does not wait goes through the queue', async () => {
    const jsm = await jetstreamManager(nc);
    const queued = async () => (await jsm.streams.info(subjects.stream(StreamRoles.intents))).state.last_seq;
    await log.open({ tableId: 'direct', gameId: 'journal', seats: ['ann'] });
    const before = { queued: await queued(), forwarded: await metric('exec-a', 'chronicle_executor_forwarded_total') + await metric('exec-b', 'chronicle_executor_forwarded_total') };
    // Submits land on either replica (a queue group); the one not holding the table asks the holder.
    const outcomes = [];
    for (let n = 0; n < 12; n++) outcomes.push(await submit('direct', `d${n}`, { text: `direct ${n}` }));
    expect(outcomes.map((o) => o.revision)).toEqual(Array.from({ length: 12 }, (_, n) => n + 1));
    expect(await queued()).toBe(before.queued);
    const forwarded = await metric('exec-a', 'chronicle_executor_forwarded_total') + await metric('exec-b', 'chronicle_executor_forwarded_total');
    expect(forwarded).toBeGreaterThan(before.forwarded);
    // The outcome was recorded, as for a queued intent: asked again by key, it is the same.
    expect(await requests.request(ExecutorSubjects.intentOutcome, { v: 1, tableId: 'direct', intentKey: 'd3' })).toEqual(outcomes[3]);

    const later = await requests.request<IntentOutcomeV1>(ExecutorSubjects.submitIntent,
      { v: 1, tableId: 'direct', intentKey: 'q1', seat: 'ann', kind: 'move', payload: { text: 'queued' } });
    expect(later.status).toBe('pending');
    expect(await queued()).toBe(before.queued + 1);
    const decided = await requests.request<IntentOutcomeV1>(ExecutorSubjects.intentOutcome, { v: 1, tableId: 'direct', intentKey: 'q1', waitMs: 10_000 }, 15_000);
    expect(decided).toMatchObject({ status: 'accepted', revision: 13 });
  });

  it('decides the intents a busy table gathered together: each once, in revision order, a refusal and a key sent twice apart', async () => {
    await log.open({ tableId: 'crowd', gameId: 'journal', seats: ['ann'] });
    const texts = (tableId: string) => movesOf(tableId).then((moves) => moves.map((m) => (m.payload as { text: string }).text));
    const crowd = async (round: string) => {
      const sent = Array.from({ length: 30 }, (_, n) => submit('crowd', `${round}-${n}`, { text: n === 7 ? '' : `${round}/${n}` }));
      const twice = submit('crowd', `${round}-3`, { text: `${round}/3` });
      const outcomes = await Promise.all(sent);
      expect(await twice).toEqual(outcomes[3]);
      expect(outcomes[7]).toMatchObject({ status: 'refused', reason: expect.stringMatching(/1 to 1000 characters/) });
      return outcomes.filter((_, n) => n !== 7);
    };
    const first = await crowd('a');
    expect(first.every((o) => o.status === 'accepted')).toBe(true);
    expect(first.map((o) => o.revision).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 29 }, (_, n) => n + 1));
    // A move from elsewhere: the holder's state is behind the log, its next batch's appends are refused and each decided again.
    await log.append({ tableId: 'crowd', seat: 'ann', payload: { text: 'elsewhere' }, expectedRevision: 29, idempotencyKey: 'elsewhere', random: false });
    const second = await crowd('b');
    expect(second.map((o) => o.revision).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 29 }, (_, n) => n + 31));
    const logged = await texts('crowd');
    expect(logged).toHaveLength(59);
    for (const outcome of [...first, ...second]) expect(logged[outcome.revision! - 1]).toBe(`${outcome.intentKey.replace('-', '/')}`);
    // The state hashes the batches recorded agree with the snapshot service's replay.
    expect((await snapshotOf('crowd', 59)).quarantined).toBeNull();
  });

  it('decides an intent again, not refuses it, on a cached state the log has moved past', async () => {
    await log.open({ tableId: 'behind', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    expect(await submit('behind', 'ann-0', { cell: 0 })).toMatchObject({ status: 'accepted', revision: 1 });
    // Bob's move reaches the log past the executor that holds the table (as from a replica its work went to meanwhile).
    await log.append({ tableId: 'behind', seat: 'bob', payload: { cell: 4 }, expectedRevision: 1, idempotencyKey: 'elsewhere', random: false });
    // On the cached state it is still bob's turn, on the log's it is ann's.
    expect(await submit('behind', 'ann-8', { cell: 8 })).toMatchObject({ status: 'accepted', revision: 3 });
    expect(await submit('behind', 'ann-again', { cell: 2 })).toMatchObject({ status: 'refused', reason: expect.stringMatching(/bob's turn/) });
  });

  it('records on an undo the hash of the state it leaves, which the snapshot service checks', async () => {
    await log.open({ tableId: 'takeback', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    expect(await submit('takeback', 'a1', { cell: 0 })).toMatchObject({ status: 'accepted', revision: 1 });
    expect(await submit('takeback', 'b1', { cell: 4 }, 'bob')).toMatchObject({ status: 'accepted', revision: 2 });
    const undone = await submit('takeback', 'b-undo', null, 'bob', { kind: 'undo' });
    expect(undone).toMatchObject({ status: 'accepted', revision: 1 });
    const entries = async () => (await readStream(nc, subjects.stream(StreamRoles.moves))).map((m) => m.data as MoveEventV1).filter((e) => e.tableId === 'takeback');
    const undo = await waitUntil(async () => (await entries()).find((e) => e.kind === 'undo'), 10_000, 'the undo entry');
    expect(undo.stateHash).toMatch(/^[0-9a-f]{64}$/);
    // The replica kept the state the undo left: bob plays again from it, and the replay agrees.
    expect(await submit('takeback', 'b2', { cell: 8 }, 'bob')).toMatchObject({ status: 'accepted', revision: 2 });
    const snapshot = await waitUntil(async () => {
      const s = await snapshotOf('takeback', 2);
      return s.seq >= undo.seq + 1 ? s : undefined;
    }, 10_000, 'the snapshot past the undo');
    expect(snapshot.quarantined).toBeNull();
    expect((await movesOf('takeback')).map((m) => m.payload)).toEqual([{ cell: 0 }, { cell: 8 }]);

    // An undo that records a hash the replay does not give (a faulty executor): quarantined.
    await log.open({ tableId: 'takeback-2', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    expect(await submit('takeback-2', 'a1', { cell: 0 }, 'ann')).toMatchObject({ status: 'accepted', revision: 1 });
    await log.undo({ tableId: 'takeback-2', seat: 'ann', expectedRevision: 1, stateHash: 'f'.repeat(64) });
    const quarantined = await waitUntil(async () => (await snapshotOf('takeback-2', 0)).quarantined ?? undefined, 10_000, 'the quarantine');
    expect(quarantined).toMatch(/recorded state hash f{64}, but replaying the log gives/);
  });

  it('handles every intent and tick exactly once across two executors, with the tables spread over both', async () => {
    const tables = Array.from({ length: 8 }, (_, i) => `spread-${i}`);
    for (const tableId of tables) await log.open({ tableId, gameId: 'journal', seats: ['ann'] });
    const outcomes = await Promise.all(tables.flatMap((tableId) =>
      Array.from({ length: 6 }, (_, n) => submit(tableId, `k${n}`, { text: `${tableId}/${n}` }))));
    expect(outcomes.every((o) => o.status === 'accepted')).toBe(true);
    for (const tableId of tables) {
      const texts = (await movesOf(tableId)).map((m) => (m.payload as { text: string }).text).sort();
      expect(texts).toEqual(Array.from({ length: 6 }, (_, n) => `${tableId}/${n}`).sort());
    }
    const held = await Promise.all(['exec-a', 'exec-b'].map((id) => metric(id, 'chronicle_executor_tables_held')));
    expect(held.every((n) => n > 0)).toBe(true);
    const decided = await Promise.all(['exec-a', 'exec-b'].map((id) => metric(id, 'chronicle_executor_intents_total')));
    expect(decided.every((n) => n > 0)).toBe(true);

    // Ticks: each world catches up (several budgeted moves each), once.
    const worlds = ['world-1', 'world-2', 'world-3'];
    for (const tableId of worlds) await openWorld(tableId, 4);
    const dueAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const tickedAt = Date.now();
    for (const tableId of worlds) {
      await tick(tableId, dueAt);
      await tick(tableId, dueAt); // the scheduler's repeat: dropped by the stream
    }
    for (const tableId of worlds) {
      const moves = await waitUntil(() => caughtUp(tableId, tickedAt), 60_000, `${tableId} to catch up`);
      expect(moves.length).toBeGreaterThan(1);
      expect(moves.every((m) => m.seat === null)).toBe(true);
      // A state hash on the first move of a table new to its executor, then at most one a second (STATE_HASH_EVERY_MS).
      expect(moves[0]!.stateHash).toMatch(/^[0-9a-f]{64}$/);
    }
    // Another tick (past the dedupe) advances only what the clock has made due since: a world
    // whose next due time has not come gets no move. (Its clock runs on — a general's turn
    // every few seconds — so on a slow run one may have come due meanwhile, and is played.)
    const before = await Promise.all(worlds.map(async (t) => (await movesOf(t)).at(-1)!));
    for (const tableId of worlds) await tick(tableId, new Date(Date.now() - 60_000).toISOString());
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const [i, tableId] of worlds.entries()) {
      const { revision } = await log.header({ tableId });
      if (Date.parse(before[i]!.nextDueAt!) > Date.now()) expect({ tableId, revision }).toEqual({ tableId, revision: before[i]!.number });
    }
    for (const [i, tableId] of worlds.entries()) {
      const snapshot = await snapshotOf(tableId, before[i]!.number);
      expect(snapshot.quarantined).toBeNull();
    }
  });

  it('takes the tables of a SIGKILLed executor over: nothing lost, nothing doubled, states equal to replays', async () => {
    await startExecutor('exec-slow', { FAULT_PAUSE_BEFORE_APPEND_MS: '300' });
    const worlds = ['crash-1', 'crash-2', 'crash-3', 'crash-4'];
    for (const tableId of worlds) await openWorld(tableId, 6);
    const dueAt = new Date(Date.now() - 7 * 60_000).toISOString();
    const tickedAt = Date.now();
    for (const tableId of worlds) await tick(tableId, dueAt);
    // Let work start everywhere, then kill the slow replica in the middle of its advances.
    await waitUntil(async () => (await metric('exec-slow', 'chronicle_executor_advances_total')) > 0 || undefined, 30_000, 'exec-slow to advance');
    // Intents sent as it dies: the one it was answering gets no reply (and is sent again below).
    const intents = worlds.map((tableId) => submit(tableId, 'during-crash', { type: 'autorun', generalId: 1, months: 1 }).catch(() => undefined));
    await executors.get('exec-slow')!.process.kill();
    executors.delete('exec-slow');
    for (const tableId of worlds) await waitUntil(() => caughtUp(tableId, tickedAt), 60_000, `${tableId} to catch up after the crash`);
    // The intents were decided once each (refused: ann plays no general), whoever decided them.
    await Promise.all(intents);
    for (const tableId of worlds) {
      expect(await submit(tableId, 'during-crash', { type: 'autorun', generalId: 1, months: 1 })).toMatchObject({ status: 'refused', code: 'ILLEGAL_MOVE' });
    }
    for (const tableId of worlds) {
      const moves = await movesOf(tableId);
      expect(moves.map((m) => m.number)).toEqual(moves.map((_, i) => i + 1));
      const last = moves.at(-1)!;
      const snapshot = await snapshotOf(tableId, last.number);
      expect(snapshot.quarantined).toBeNull();
      expect(snapshot.revision).toBe(last.number);
    }
  });

  it('ignores a quarantine notice the snapshot service did not sign, and keeps the table going', async () => {
    await log.open({ tableId: 'framed', gameId: 'journal', seats: ['ann'] });
    const header = await log.header({ tableId: 'framed' });
    const notice: TableEventV1 = {
      v: 1, kind: 'quarantined', tableId: 'framed', gameId: header.gameId, rulesVersion: header.rulesVersion, seats: header.seats,
      options: header.options, commitment: header.commitment, seq: 0, revision: 0, outcome: null, reason: 'framed', recordedAt: new Date().toISOString(),
    };
    await jetstream(nc).publish(subjects.of(EventSubjects.tables('framed')), JSON.stringify(notice), { msgID: quarantineMsgId('framed', 0) });
    await waitUntil(() => [...executors.values()].every((e) => /ignored a quarantine notice: the quarantine notice of table framed is not signed/.test(e.process.output())) || undefined,
      10_000, 'both executors to ignore the unsigned notice');
    expect(await submit('framed', 'ann-1', { text: 'still here' })).toMatchObject({ status: 'accepted', revision: 1 });
  });

  it('stops advancing a table the snapshot service quarantined for a wrong recorded state hash', async () => {
    await openWorld('forged', 2);
    // A faulty executor (the test stands in for it) records a state hash the rules do not give.
    await log.append({
      tableId: 'forged', seat: null, payload: { type: 'advance', until: 0, budget: 1 }, random: false, expectedRevision: 0,
      idempotencyKey: 'forged', stateHash: 'f'.repeat(64),
    });
    await waitUntil(async () => (await snapshotOf('forged', 1)).quarantined ?? undefined, 20_000, 'the quarantine');
    await tick('forged', new Date(Date.now() - 3 * 60_000).toISOString());
    const refused = await submit('forged', 'after', { type: 'autorun', generalId: 1, months: 1 });
    expect(refused).toMatchObject({ status: 'refused', code: 'QUARANTINED' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await log.header({ tableId: 'forged' })).revision).toBe(1);
    const refusals = await Promise.all([...executors.keys()].map((id) => metric(id, 'chronicle_executor_quarantined_work_total')));
    expect(refusals.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
  });
});
