import { LogClient, provision, RequestClient } from '@chronicle/bus';
import {
  decodeSnapshot, issueSeatToken, publicKeyHex, Subjects, ViewSubjects, type PublicMoveEventV1, type ViewV1,
} from '@chronicle/contracts';
import { engine, GameLog, type Json, type StateView } from '@chronicle/engine';
import { sealedBid } from '@chronicle/engine/examples';
import type { RunningService } from '@chronicle/service-kit';
import {
  connectNats, createTestDatabase, readStream, removePrefixed, spawnService, uniquePrefix, waitUntil, type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { startSnapshotService } from './bootstrap';
import { SnapshotServiceConfig } from './config';
import { snapshotTopology } from './topology';

jest.setTimeout(90_000);

/**
 * Views (engine `viewState`/`viewMove`) as the snapshot service serves them: the public move
 * events on `public.moves.<table>`, and `views.v1.state` for the public, for a seat proven by
 * the gateway's seat token, and for the whole state only where nothing is hidden.
 */
/** The events without their recording times, whose digits would match any amount searched for. */
const untimed = (events: readonly PublicMoveEventV1[]) => events.map((event) => ({ ...event, recordedAt: undefined }));

describe('snapshot service views (real PostgreSQL and NATS)', () => {
  const prefix = uniquePrefix('views');
  const subjects = new Subjects(prefix);
  const seedKey = randomBytes(32).toString('hex');
  const gateway = generateKeyPairSync('ed25519');
  const seats = ['ann', 'bob', 'cat'];
  let db: TestDatabase;
  let nc: NatsConnection;
  let log: LogClient;
  let requests: RequestClient;
  let logService: ServiceProcess;
  let snapshots: RunningService;

  // A table outside any world is its own world.
  const token = (seat: string, world = 'lots', expiresAt = new Date(Date.now() + 60_000)) => issueSeatToken(gateway.privateKey, { world, seat, expiresAt });
  const view = async (request: Record<string, Json>): Promise<ViewV1 & { decoded: StateView }> => {
    const reply = await requests.request<ViewV1>(ViewSubjects.state, { v: 1, tableId: 'lots', waitMs: 5_000, ...request });
    return { ...reply, decoded: decodeSnapshot(reply.view) as StateView };
  };
  const refusal = (request: Record<string, Json>) => view(request).then(() => 'served', (error: Error) => `${error.constructor.name}: ${error.message}`);
  const told = async (tableId: string) =>
    (await readStream(nc, subjects.stream('PUBLIC'))).filter((m) => m.subject === subjects.of(`public.moves.${tableId}`)).map((m) => m.data as PublicMoveEventV1);

  /** Bids as an executor would append them: the test steps its own copy (distinct amounts draw nothing, so any seed plays alike). */
  const table = GameLog.open({ tableId: 'lots', gameId: sealedBid.id, rulesVersion: sealedBid.version, seats, options: { lots: 2, budget: 50 } });
  const state = engine.setup(sealedBid, table.header());
  const bid = async (seat: string, amount: number) => {
    const { move } = engine.step(sealedBid, table.header(), state, seat, { type: 'bid', amount });
    table.append(move);
    await log.append({
      tableId: 'lots', seat, payload: move.payload, expectedRevision: move.number - 1, idempotencyKey: `bid-${move.number}`,
      random: move.random, ...(state.outcome ? { outcome: state.outcome } : {}),
    });
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectNats();
    await provision(nc, subjects, snapshotTopology());
    logService = spawnService('apps/log-service/src/main.ts', {
      DATABASE_URL: db.url, CHRONICLE_PREFIX: prefix, LOG_LEVEL: 'info', OUTBOX_POLL_MS: '100', CHRONICLE_SEED_KEY: seedKey, HTTP_PORT: '0',
    });
    await logService.waitFor(/log-service ready/, 60_000);
    requests = new RequestClient(nc, subjects, 10_000);
    log = new LogClient(requests);
    snapshots = await startSnapshotService(Object.assign(new SnapshotServiceConfig(), {
      CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: seedKey, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', FLUSH_MS: 50,
      CHRONICLE_GATEWAY_PUBLIC_KEY: publicKeyHex(gateway.privateKey),
    }));
  });

  afterAll(async () => {
    await snapshots?.app.close();
    await logService?.stop();
    if (nc) {
      await removePrefixed(nc, prefix);
      await nc.drain();
    }
    await db?.drop();
  });

  it('tells the public who bid, never how much, and each seat only its own bids; the finished table tells all', async () => {
    await log.open({ tableId: 'lots', gameId: 'sealed-bid', seats, options: { lots: 2, budget: 50 } });
    await bid('ann', 31);
    await bid('bob', 17);

    const pub = await view({ minRevision: 2 });
    expect(pub).toMatchObject({ revision: 2, visibility: 'public' });
    expect(pub.decoded.data).toEqual({ lots: 2, budgets: { ann: 50, bob: 50, cat: 50 }, sealed: ['ann', 'bob'], closed: [] });
    const ann = await view({ seat: 'ann', seatToken: token('ann') });
    expect(ann).toMatchObject({ visibility: 'seat', decoded: { seat: 'ann', data: { myBid: 31 } } });
    expect(JSON.stringify((await view({ seat: 'bob', seatToken: token('bob') })).decoded)).not.toContain('31');

    await waitUntil(async () => ((await told('lots')).length === 2) || undefined, 10_000, 'two public move events');
    const events = await told('lots');
    expect(events.map((e) => [e.seq, e.number, e.visibility, e.told])).toEqual([
      [1, 1, 'public', { bidder: 'ann', lot: 1 }],
      [2, 2, 'public', { bidder: 'bob', lot: 1 }],
    ]);
    expect(JSON.stringify(untimed(events))).not.toMatch(/31|17|payload/);

    await bid('cat', 9); // closes lot 1: ann wins at 31
    await bid('bob', 5);
    await waitUntil(async () => ((await told('lots')).length === 4) || undefined, 10_000, 'four public move events');
    expect((await told('lots'))[2]).toMatchObject({ visibility: 'public', told: { bidder: 'cat', lot: 1, closed: { winner: 'ann', price: 31 } } });
    expect(JSON.stringify(untimed(await told('lots')))).not.toMatch(/17|"9"|:9\b/);

    await bid('ann', 2);
    await bid('cat', 3); // the last lot: the table ends, and its last move is told in full
    await waitUntil(async () => ((await told('lots')).length === 6) || undefined, 10_000, 'six public move events');
    expect((await told('lots'))[5]).toMatchObject({ visibility: 'full', seat: 'cat', payload: { type: 'bid', amount: 3 } });
    const whole = await view({ whole: true, minRevision: 6 });
    expect(whole).toMatchObject({ visibility: 'full', decoded: { outcome: { winners: ['ann', 'bob'] } } });
    expect(whole.decoded.data).toMatchObject({ closed: [{ bids: { ann: 31, bob: 17, cat: 9 } }, { bids: { ann: 2, bob: 5, cat: 3 } }] });
    expect((await view({})).visibility).toBe('full');
    const finished = GameLog.fromArray((await log.finishedLog({ tableId: 'lots' })).log);
    expect(finished.moves.map((m) => (m.payload as { amount: number }).amount)).toEqual([31, 17, 9, 5, 2, 3]);
  });

  it('refuses, FORBIDDEN with the reason, a seat not the token\'s, an expired or foreign token, and the whole state of a table in play', async () => {
    await log.open({ tableId: 'open-lots', gameId: 'sealed-bid', seats, options: { lots: 1 } });
    await log.append({ tableId: 'open-lots', seat: 'ann', payload: { type: 'bid', amount: 4 }, expectedRevision: 0, idempotencyKey: 'a', random: false });
    const at = (request: Record<string, Json>) => refusal({ tableId: 'open-lots', minRevision: 1, ...request });
    expect(await at({ seat: 'ann', seatToken: token('bob', 'open-lots') })).toBe('Forbidden: the seat token lets its holder act for bob, not ann');
    expect(await at({ seat: 'ann', seatToken: token('ann', 'open-lots', new Date('2020-01-01T00:00:00.000Z')) }))
      .toBe('Forbidden: the seat token expired at 2020-01-01T00:00:00.000Z: ask the gateway for a new one');
    expect(await at({ seat: 'ann', seatToken: token('ann', 'lots') })).toBe('Forbidden: the seat token is for world lots, not open-lots (table open-lots)');
    expect(await at({ seat: 'ann' })).toBe('Forbidden: the view of seat ann at table open-lots needs the seat token the gateway gave its player (seatToken)');
    const forged = issueSeatToken(generateKeyPairSync('ed25519').privateKey, { world: 'open-lots', seat: 'ann', expiresAt: new Date(Date.now() + 60_000) });
    expect(await at({ seat: 'ann', seatToken: forged })).toBe('Forbidden: the seat token is not one the gateway signed');
    expect(await at({ whole: true })).toMatch(/^Forbidden: table open-lots is in play and its game hides what each seat may see/);
    expect(await at({ whole: true, seat: 'ann' })).toMatch(/^BadRequest: ask either for the whole state/);
    expect(await at({ seatToken: token('ann', 'open-lots') })).toMatch(/^BadRequest: seatToken comes with seat/);
    // The log serves anyone's read of a finished table only.
    await expect(requests.request('log.v1.finished-read', { v: 1, tableId: 'open-lots', fromRevision: 0 }))
      .rejects.toThrow('table open-lots is in play: its moves stay hidden until it ends; follow public.moves.open-lots for what anyone may know of them');
    expect(await at({ seat: 'ann', seatToken: token('ann', 'open-lots') })).toBe('served');
  });

  it('serves a game without views whole, and tells its moves in full, as before', async () => {
    await log.open({ tableId: 'notes', gameId: 'journal', seats: ['ann'] });
    await log.append({ tableId: 'notes', seat: 'ann', payload: { text: 'hello' }, expectedRevision: 0, idempotencyKey: 'n1', random: false });
    const whole = await view({ tableId: 'notes', whole: true, minRevision: 1 });
    expect(whole).toMatchObject({ visibility: 'full', decoded: { data: { notes: 1, last: 'hello' } } });
    expect((await view({ tableId: 'notes' })).visibility).toBe('full');
    await waitUntil(async () => ((await told('notes')).length === 1) || undefined, 10_000, 'the public move event');
    expect((await told('notes'))[0]).toMatchObject({ kind: 'move', visibility: 'full', seat: 'ann', payload: { text: 'hello' } });
  });
});
