import {
  ed25519PrivateKey, EventSubjects, ExecutorSubjects, ExecutorWorkSubjects, issueSeatToken, LogSubjects, publicKeyHex, SnapshotSubjects, Subjects,
  TrustedSubjects, type DeadLetterV1,
} from '@chronicle/contracts';
import {
  connectNats, createTestDatabase, readStream, removePrefixed, spawnService, uniquePrefix, waitUntil, type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';

jest.setTimeout(180_000);

/** Codes a reply may carry for input the caller got wrong; `INTERNAL` and `UNAVAILABLE` would be the service's fault here. */
const CALLER_CODES = ['BAD_REQUEST', 'FORBIDDEN', 'ILLEGAL_MOVE', 'CONCURRENT_MOVE', 'GAME_OVER', 'GAME_IN_PROGRESS', 'INVALID_GAME', 'UNKNOWN_TABLE'];
const RUNS_PER_SUBJECT = 250;

/** Strings and numbers that broke services before: NUL, lone surrogates, member names, huge and odd numbers. */
const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '__proto__', 'constructor', 'toString', '', ' ', 'a.b', '>', '*', 'x'.repeat(70_000)),
);
const oddNumber = fc.oneof(
  { arbitrary: fc.constantFrom(-1, 0, 1.5, 2 ** 31, 2 ** 32 + 1, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e300, -0), weight: 3 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
);
const nested = (depth: number): unknown => (depth === 0 ? 1 : [nested(depth - 1)]);
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }), oddString, oddNumber, oddNumber, fc.constant(null), fc.boolean(),
  fc.integer({ min: 1, max: 200 }).map(nested),
  fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty', 'prototype').map((key) => withKey({}, key, { x: 1 })),
);

function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...target };
  // An own property, as JSON.parse makes one, even for `__proto__`.
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A request's wire bytes: a valid one with a field made odd, an extra odd key, random JSON, or random bytes. */
function bodies(valid: Record<string, unknown>): fc.Arbitrary<Uint8Array> {
  const fields = Object.keys(valid);
  const json = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null');
  return fc.oneof(
    { arbitrary: fc.tuple(fc.constantFrom(...fields), oddValue).map(([field, value]) => json(withKey(valid, field, value))), weight: 6 },
    fc.tuple(oddString.filter((k) => k.length > 0 && k.length < 100), oddValue).map(([key, value]) => json(withKey(valid, key, value))),
    fc.constant(json(valid)),
    fc.jsonValue({ maxDepth: 5 }).map(json),
    fc.uint8Array({ maxLength: 300 }),
    fc.integer({ min: 60, max: 20_000 }).map((depth) => Buffer.from(`{"v":1,"tableId":"fuzz","payload":${'['.repeat(depth)}${']'.repeat(depth)}}`)),
  );
}

/**
 * Every request subject of the running services, fed thousands of generated inputs: every
 * reply is data or a typed error the caller can act on (never INTERNAL, never UNAVAILABLE,
 * never silence), odd events are dead-lettered, and the services stay healthy.
 */
describe('fuzzing every subject of the running services', () => {
  const prefix = uniquePrefix('fuzz');
  const subjects = new Subjects(prefix);
  let db: TestDatabase;
  let nc: NatsConnection;
  const services: ServiceProcess[] = [];
  // The executor checks seats against this gateway's tokens, as in a deployment.
  const gatewayKey = ed25519PrivateKey(randomBytes(32).toString('hex'));
  const annToken = issueSeatToken(gatewayKey, { world: 'fuzz', seat: 'ann', expiresAt: new Date(Date.now() + 3_600_000) });

  const healthy = async (service: ServiceProcess) => {
    const port = service.output().match(/http port (\d+)/)![1];
    return (await fetch(`http://127.0.0.1:${port}/health`)).status === 200;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectNats();
    const env = { CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: randomBytes(32).toString('hex'), HTTP_PORT: '0', LOG_LEVEL: 'warn', NATS_PROVISION: 'true' };
    const log = spawnService('apps/log-service/src/main.ts', { ...env, DATABASE_URL: db.url, LOG_LEVEL: 'info' });
    services.push(log);
    await log.waitFor(/log-service ready/, 60_000);
    const snapshots = spawnService('apps/snapshot-service/src/main.ts', { ...env, LOG_LEVEL: 'info' });
    services.push(snapshots);
    const executor = spawnService('apps/turn-executor/src/main.ts', {
      ...env, LOG_LEVEL: 'info', EXECUTOR_ID: 'fuzz-exec', CHRONICLE_GATEWAY_PUBLIC_KEY: publicKeyHex(gatewayKey),
    });
    services.push(executor);
    // The scheduler has no requests, but reads moves.> and tables.> as the others do.
    const scheduler = spawnService('apps/scheduler/src/main.ts', { ...env, LOG_LEVEL: 'info' });
    services.push(scheduler);
    await Promise.all([snapshots, executor, scheduler].map((service) => service.waitFor(/ ready: /, 60_000)));
    // A table to aim at, so that well-formed inputs reach the rules and the database.
    const opened = await nc.request(subjects.of(LogSubjects.open), JSON.stringify({ v: 1, tableId: 'fuzz', gameId: 'journal', seats: ['ann'] }), { timeout: 10_000 });
    expect(opened.json()).toHaveProperty('data');
  });

  afterAll(async () => {
    for (const service of services) await service.stop();
    await removePrefixed(nc, prefix);
    await nc?.drain();
    await db?.drop();
  });

  const table = { v: 1, tableId: 'fuzz' };
  const requests: Array<[string, Record<string, unknown>]> = [
    [LogSubjects.open, { v: 1, tableId: 'fuzz-open', gameId: 'journal', seats: ['ann'], options: {} }],
    [LogSubjects.append, { ...table, seat: 'ann', payload: { text: 'note' }, expectedRevision: 0, idempotencyKey: 'k', random: false }],
    [LogSubjects.appendMany, { v: 1, appends: [{ ...table, seat: 'ann', payload: { text: 'many' }, expectedRevision: 1, idempotencyKey: 'm', random: false }] }],
    [LogSubjects.undo, { ...table, seat: 'ann', expectedRevision: 1, idempotencyKey: 'u' }],
    [LogSubjects.read, { ...table, fromRevision: 0, limit: 10 }],
    [LogSubjects.header, table],
    [LogSubjects.finishedLog, table],
    [LogSubjects.finishedHeader, table],
    [LogSubjects.commitment, table],
    [LogSubjects.entryByKey, { ...table, idempotencyKey: 'k' }],
    [LogSubjects.tree, { ...table, fromSeq: 0 }],
    [LogSubjects.inclusionProof, { ...table, seq: 1, treeSize: 1 }],
    [LogSubjects.consistencyProof, { ...table, from: 0, to: 1 }],
    [TrustedSubjects.sealedSeed, table],
    [SnapshotSubjects.get, table],
    [ExecutorSubjects.submitIntent, { ...table, intentKey: 'i1', seat: 'ann', seatToken: annToken, kind: 'move', payload: { text: 'note' }, waitMs: 0 }],
    [ExecutorSubjects.intentOutcome, { ...table, intentKey: 'i1', waitMs: 0 }],
    // Between replicas (only executors may publish there, deploy/nats): still no input breaks one.
    [ExecutorWorkSubjects.forwardTick('fuzz-exec'), { ...table, dueAt: new Date().toISOString() }],
    [ExecutorWorkSubjects.forwardIntent('fuzz-exec'), { ...table, intentKey: 'f1', seat: 'ann', kind: 'move', payload: { text: 'n' }, submittedAt: new Date().toISOString() }],
  ];

  it.each(requests)('%s answers every input with data or a typed refusal', async (subject, valid) => {
    const seen = new Map<string, number>();
    await fc.assert(fc.asyncProperty(bodies(valid), async (bytes) => {
      const reply = await nc.request(subjects.of(subject), bytes, { timeout: 10_000 });
      const body = reply.json<{ data?: unknown; error?: { code: string; message: string } }>();
      if (body.error) {
        seen.set(body.error.code, (seen.get(body.error.code) ?? 0) + 1);
        expect(CALLER_CODES).toContain(body.error.code);
        expect(body.error.message.length).toBeGreaterThan(0);
      } else {
        expect(body).toHaveProperty('data');
      }
    }), { numRuns: RUNS_PER_SUBJECT });
    expect(seen.get('BAD_REQUEST')).toBeGreaterThan(0);
    for (const service of services) expect(await healthy(service)).toBe(true);
  });

  it('dead-letters odd events on moves.> and goes on serving', async () => {
    const js = jetstream(nc);
    const events = fc.sample(bodies({
      v: 1, kind: 'move', tableId: 'fuzz', seq: 99, revision: 99, number: 99, seat: 'ann', payload: { text: 'x' }, random: false,
      stateHash: null, nextDueAt: null, recordedAt: new Date().toISOString(),
    }), { numRuns: 200, seed: 42 });
    for (const [i, bytes] of events.entries()) await js.publish(subjects.of(EventSubjects.moves('fuzz')), bytes, { msgID: `fuzz-event-${i}` });
    // Each consumer of moves.> (the snapshot service, the scheduler) dead-letters every one of them.
    for (const durable of ['snapshot-service', 'scheduler-moves']) {
      const letters = await waitUntil(async () => {
        const dead = (await readStream(nc, subjects.stream('DEAD'))).filter((m) => m.subject === subjects.of(EventSubjects.deadLetters(durable)));
        return dead.length >= events.length ? dead.map((m) => m.data as DeadLetterV1) : undefined;
      }, 60_000, `${events.length} dead letters of ${durable}`);
      expect(letters.every((l) => l.reason.length > 0)).toBe(true);
    }
    for (const service of services) expect(await healthy(service)).toBe(true);
  });
});
