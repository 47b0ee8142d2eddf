import { EventAuthenticity, LogClient, provision, RequestClient, TableReplayer } from '@chronicle/bus';
import {
  BadRequest, decodeSnapshot, ed25519PrivateKey, ed25519PublicKey, EventSubjects, publicKeyHex, SnapshotSubjects, Subjects, type MoveEventV1, type SnapshotV1, type TableEventV1,
} from '@chronicle/contracts';
import {
  engine, GameLog, stateFromArray, stateHash, stateToArray, UnknownTable, type AnyGame, type GameState, type Json, type JsonObject,
} from '@chronicle/engine';
import { diceRace, ticTacToe } from '@chronicle/engine/examples';
import { defaultGames } from '@chronicle/games';
import type { RunningService } from '@chronicle/service-kit';
import { DEFAULT_START, sammo } from '@chronicle/sammo';
import {
  connectNats, createTestDatabase, readStream, removePrefixed, spawnService, uniquePrefix, waitUntil, type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { startSnapshotService } from './bootstrap';
import { SnapshotServiceConfig } from './config';
import { SnapshotKeeper } from './snapshots/snapshot-keeper';
import { SnapshotStore } from './snapshots/snapshot-store';
import { snapshotTopology, SNAPSHOT_BUCKET } from './topology';

jest.setTimeout(60_000);

describe('snapshot service (real PostgreSQL and NATS)', () => {
  const prefix = uniquePrefix('snap');
  const seedKey = randomBytes(32).toString('hex');
  const signingKey = randomBytes(32).toString('hex');
  const subjects = new Subjects(prefix);
  let db: TestDatabase;
  let nc: NatsConnection;
  let log: LogClient;
  let requests: RequestClient;
  let logService: ServiceProcess;
  let snapshots: RunningService | undefined;
  const wire: Array<{ subject: string; text: string }> = [];
  let tap: Subscription;

  const startSnapshots = async () => {
    snapshots = await startSnapshotService(Object.assign(new SnapshotServiceConfig(), {
      CHRONICLE_PREFIX: prefix, CHRONICLE_SEED_KEY: seedKey, CHRONICLE_SNAPSHOT_SIGNING_KEY: signingKey,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', FLUSH_MS: 50,
    }));
  };
  const stopSnapshots = async () => {
    await snapshots?.app.close();
    snapshots = undefined;
    // The 2.9 server keeps a closed client's pull request until it expires (the transport
    // asks for 3 s); waiting it out keeps the next test's entries from landing there.
    const jsm = await jetstreamManager(nc);
    await waitUntil(async () => (await jsm.consumers.info(subjects.stream('MOVES'), subjects.name('snapshot-service'))).num_waiting === 0 || undefined,
      10_000, 'the closed pull request to expire');
  };
  const metric = async (name: string, labels = ''): Promise<number> => {
    const text = await (await fetch(`http://127.0.0.1:${snapshots!.port}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `) || (labels === '' && l.startsWith(`${name} `)));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };
  const snapshotOf = async (tableId: string, minRevision = 0): Promise<SnapshotV1 & { state: Record<string, unknown> }> => {
    const reply = await requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId, minRevision, waitMs: 5_000 });
    return { ...reply, state: (decodeSnapshot(reply.snapshot) as { state: Record<string, unknown> }).state };
  };
  let keys = 0;
  /**
   * The test stands in for a turn executor (the store runs no rules): it keeps each table's
   * state, played from the log with the sealed seed, and steps the move to send the
   * randomness flag and outcome the store records.
   */
  const doubles = new Map<string, { game: AnyGame; played: GameLog; state: GameState<unknown> }>();
  const decide = async (tableId: string, seat: string | null, payload: Json) => {
    const header = await log.header({ tableId });
    const replayer = new TableReplayer(log, Buffer.from(seedKey, 'hex'), defaultGames());
    let double = doubles.get(tableId);
    if (!double || double.played.revision > header.revision) {
      const played = GameLog.fromArray({
        tableId, gameId: header.gameId, rulesVersion: header.rulesVersion, seed: await replayer.seed(tableId), seats: header.seats, options: header.options, moves: [],
      });
      const game = defaultGames().forTable(tableId, header.gameId, header.rulesVersion);
      double = { game, played, state: engine.setup(game, played.header()) };
      doubles.set(tableId, double);
    }
    for await (const page of log.pages(tableId, double.played.revision)) {
      for (const { number, seat: s, payload: p, random } of page.moves) {
        double.played.append({ number, seat: s, payload: p, random });
        engine.advance(double.game, double.played.header(), double.state, double.played.moves.slice(-1));
      }
    }
    const { move, state } = engine.step(double.game, double.played.header(), double.state, seat, payload);
    double.played.append(move);
    return { random: move.random, outcome: state.outcome };
  };
  const append = async (tableId: string, seat: string | null, payload: Json, expectedRevision: number, extra: { stateHash?: string } = {}) => {
    try {
      return await log.append({ tableId, seat, payload, expectedRevision, idempotencyKey: `k${++keys}`, ...(await decide(tableId, seat, payload)), ...extra });
    } catch (error) {
      doubles.delete(tableId);
      throw error;
    }
  };

  /** Rolls for whoever the snapshot says is to act: the test never knows the seed. */
  const roll = async (tableId: string, times: number) => {
    for (let i = 0; i < times; i++) {
      const { revision, state } = await snapshotOf(tableId);
      const order = state.order as { acting: string | null };
      if (!order.acting) return;
      await append(tableId, order.acting, { type: 'roll' }, revision);
      await snapshotOf(tableId, revision + 1);
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connectNats();
    tap = nc.subscribe('>', { callback: (_e, m) => { wire.push({ subject: m.subject, text: Buffer.from(m.data).toString('latin1') }); } });
    await provision(nc, subjects, snapshotTopology());
    // The log service runs in a process of its own, as deployed.
    logService = spawnService('apps/log-service/src/main.ts', {
      DATABASE_URL: db.url, CHRONICLE_PREFIX: prefix, LOG_LEVEL: 'info', OUTBOX_POLL_MS: '100', DB_POOL_SIZE: '4', CHRONICLE_SEED_KEY: seedKey, HTTP_PORT: '0',
    });
    await logService.waitFor(/log-service ready/, 60_000);
    requests = new RequestClient(nc, subjects, 10_000);
    log = new LogClient(requests);
    await startSnapshots();
  });

  afterAll(async () => {
    tap?.unsubscribe();
    await stopSnapshots();
    await logService?.stop();
    if (nc) {
      await removePrefixed(nc, prefix);
      await nc.drain();
    }
    await db?.drop();
  });

  it('keeps a snapshot equal to a full replay of the finished log, and no seed crosses the wire in play', async () => {
    const { commitment } = await log.open({ tableId: 'race', gameId: 'dice-race', seats: ['ann', 'bob', 'cid'], options: { finish: 25 } });
    await roll('race', 200);
    const last = await snapshotOf('race');
    expect((last.state.outcome as { winners: string[] } | null)?.winners).toHaveLength(1);

    const finished = await log.finishedLog({ tableId: 'race' });
    const replayed = engine.verify(diceRace, GameLog.fromArray(finished.log), commitment);
    expect(last.revision).toBe(replayed.revision);
    expect(last.state).toEqual(stateToArray(diceRace, replayed));
    const seed = GameLog.fromArray(finished.log).seed;
    // The first request that may reveal it (the finished log comes as its header, then pages).
    const firstReveal = wire.findIndex((m) => /log\.v1\.finished-(log|header)$/.test(m.subject));
    expect(firstReveal).toBeGreaterThan(0);
    expect(wire.slice(0, firstReveal).filter((m) => m.text.includes(seed)).map((m) => m.subject)).toEqual([]);
  });

  it('resumes after a restart from its consumer and the bucket, catching up without replaying from move 1', async () => {
    await log.open({ tableId: 'resume', gameId: 'dice-race', seats: ['ann', 'bob'], options: { finish: 1_000 } });
    await roll('resume', 10);
    await new Promise((resolve) => setTimeout(resolve, 200)); // let the flush timer write the bucket
    await stopSnapshots();
    // Moves made while no snapshot service runs: the tests know whose turn it is from the log's alternation.
    const header = await log.header({ tableId: 'resume' });
    const page = await log.read({ tableId: 'resume', fromRevision: 0 });
    const seats = [page.moves[0]!.seat!, page.moves[1]!.seat!];
    for (let r = header.revision; r < header.revision + 6; r++) await append('resume', seats[r % 2]!, { type: 'roll' }, r);

    await startSnapshots();
    const caughtUp = await snapshotOf('resume', 16);
    expect(caughtUp.revision).toBe(16);
    expect(await metric('chronicle_snapshot_rebuilds_total', '{reason="missing"}')).toBe(0);
    expect(await metric('chronicle_snapshot_replayed_moves_total')).toBeLessThanOrEqual(6);
    await waitUntil(async () => (await metric('chronicle_bus_events_total', `{consumer="${prefix}_snapshot-service",outcome="ack"}`)) >= 6 || undefined, 10_000, 'the entries made while it was down');
    expect((await snapshotOf('resume')).revision).toBe(16);
  });

  it('rejects a snapshot in the bucket that is forged, false or foreign, and rebuilds it by replay', async () => {
    await log.open({ tableId: 'spoilt', gameId: 'tic-tac-toe', seats: ['x', 'o'] });
    await append('spoilt', 'x', { cell: 4 }, 0);
    await append('spoilt', 'o', { cell: 0 }, 1);
    const good = await snapshotOf('spoilt', 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const kv = await new Kvm(nc).open(subjects.name(SNAPSHOT_BUCKET));

    await stopSnapshots();
    await kv.put('spoilt', new TextEncoder().encode('this is not a snapshot'));
    await startSnapshots();
    expect((await snapshotOf('spoilt')).state).toEqual(good.state);
    expect(await metric('chronicle_snapshot_rebuilds_total', '{reason="forged"}')).toBe(1);

    // A well-formed but false state written by someone without the deployment's key.
    await stopSnapshots();
    const stored = (await kv.get('spoilt'))!.value;
    const body = JSON.parse(gunzipSync(stored.subarray(32)).toString()) as { snapshot: { state: { data: unknown } } };
    body.snapshot.state.data = { board: ['x', 'x', 'x', null, null, null, null, null, null] };
    await kv.put('spoilt', Buffer.concat([stored.subarray(0, 32), gzipSync(JSON.stringify(body))]));
    await startSnapshots();
    expect((await snapshotOf('spoilt')).state).toEqual(good.state);
    expect(await metric('chronicle_snapshot_rebuilds_total', '{reason="forged"}')).toBe(1);

    await stopSnapshots();
    const foreign = { v: 1 as const, gameId: 'tic-tac-toe', rulesVersion: '1', seq: 2, lastMoveSeq: 2, quarantined: null,
      snapshot: { tableId: 'spoilt', revision: 2, commitment: '0'.repeat(64), state: good.state as JsonObject } };
    await (await SnapshotStore.open(nc, subjects, Buffer.from(seedKey, 'hex'))).save('spoilt', foreign);
    await startSnapshots();
    expect((await snapshotOf('spoilt')).state).toEqual(good.state);
    expect(await metric('chronicle_snapshot_rebuilds_total', '{reason="rejected"}')).toBe(1);
  });

  it('quarantines a table whose replay disagrees with a recorded state hash, and says so', async () => {
    await log.open({ tableId: 'hashes', gameId: 'tic-tac-toe', seats: ['x', 'o'] });
    // Tic-tac-toe draws nothing, so the test can compute the true hash without the seed.
    const header = { tableId: 'hashes', gameId: ticTacToe.id, rulesVersion: ticTacToe.version, seed: 'a'.repeat(64), seats: ['x', 'o'], options: {}, moves: 1 };
    const state = engine.setup(ticTacToe, { ...header, moves: 0 });
    const first = engine.step(ticTacToe, { ...header, moves: 0 }, state, 'x', { cell: 4 });
    await append('hashes', 'x', { cell: 4 }, 0, { stateHash: stateHash(ticTacToe, first.state) });
    expect((await snapshotOf('hashes', 1)).quarantined).toBeNull();

    await append('hashes', 'o', { cell: 0 }, 1, { stateHash: 'f'.repeat(64) });
    const quarantined = await waitUntil(async () => (await snapshotOf('hashes')).quarantined ?? undefined, 10_000, 'the quarantine');
    expect(quarantined).toMatch(/recorded state hash f{64}, but replaying the log gives [0-9a-f]{64}/);
    const health = await (await fetch(`http://127.0.0.1:${snapshots!.port}/health`)).json() as { checks: { quarantine: { detail: { tables: string[] } } } };
    expect(health.checks.quarantine.detail.tables).toContain('hashes');
    expect(await metric('chronicle_snapshot_quarantined_tables')).toBeGreaterThanOrEqual(1);
    const notice = await waitUntil(async () => (await readStream(nc, subjects.stream('TABLES')))
      .find((m) => (m.data as TableEventV1).tableId === 'hashes' && (m.data as TableEventV1).kind === 'quarantined'), 5_000, 'the quarantine event');
    const event = notice.data as TableEventV1;
    expect(event.reason).toBe(quarantined);
    // Signed with the snapshot service's key, as executors and the scheduler check it.
    const stored = await (await jetstreamManager(nc)).streams.getMessage(subjects.stream('TABLES'), { seq: notice.seq });
    const received = { subject: stored!.subject, data: stored!.data, headers: stored!.header };
    expect(new EventAuthenticity(subjects, { snapshots: ed25519PublicKey(publicKeyHex(ed25519PrivateKey(signingKey))) }).ofTableEvent(received, event)).toBeUndefined();
    const otherKey = ed25519PublicKey(publicKeyHex(ed25519PrivateKey(randomBytes(32).toString('hex'))));
    expect(new EventAuthenticity(subjects, { snapshots: otherKey }).ofTableEvent(received, event)).toMatch(/not signed by the snapshot service's key/);
  });

  it('keeps a 1,200-general strategy world in the bucket, well under the message size', async () => {
    await log.open({ tableId: 'world', gameId: 'sammo', seats: ['user-4'], options: { world: 'synthetic', generals: 1_200, nations: 20, cities: 94 } });
    const hour = 60 * 60_000;
    for (let month = 1; month <= 3; month++) await append('world', null, { type: 'advance', until: DEFAULT_START + month * hour }, month - 1);
    const snapshot = await snapshotOf('world', 3);
    expect(snapshot.revision).toBe(3);
    const state = stateFromArray(sammo, snapshot.state);
    // At least the 1,200 it opened with: 인재탐색 may have found more since.
    expect(state.data.generals.size).toBeGreaterThanOrEqual(1_200);
    await waitUntil(async () => (await metric('chronicle_snapshot_saved_bytes_count')) > 0 || undefined, 5_000, 'a snapshot written');
    const text = await (await fetch(`http://127.0.0.1:${snapshots!.port}/metrics`)).text();
    // The largest bucket below 1 MB already holds every write.
    const under = Number(/chronicle_snapshot_saved_bytes_bucket\{le="500000"\} (\d+)/.exec(text)![1]);
    expect(under).toBe(await metric('chronicle_snapshot_saved_bytes_count'));
  });

  it('answers malformed snapshot requests with the reasons, and an unknown table with UNKNOWN_TABLE', async () => {
    await expect(requests.request(SnapshotSubjects.get, { v: 2, tableId: 'race' })).rejects.toThrow(/v must be equal to 1/);
    await expect(requests.request(SnapshotSubjects.get, { v: 1, tableId: 'no spaces allowed', waitMs: -1 })).rejects.toThrow(BadRequest);
    const raw = await nc.request(subjects.of(SnapshotSubjects.get), 'not json', { timeout: 5_000 });
    expect(raw.json<{ error: { code: string } }>().error.code).toBe('BAD_REQUEST');
    await expect(requests.request(SnapshotSubjects.get, { v: 1, tableId: 'never-opened' })).rejects.toBeInstanceOf(UnknownTable);
    await log.open({ tableId: 'asked', gameId: 'journal', seats: ['ann'] });
    await append('asked', 'ann', { text: 'still here' }, 0);
    expect((await snapshotOf('asked', 1)).revision).toBe(1);
  });

  it('dead-letters malformed entries with their reason and goes on', async () => {
    const js = (await import('@nats-io/jetstream')).jetstream(nc);
    await js.publish(subjects.of(EventSubjects.moves('junk')), 'not json');
    await js.publish(subjects.of(EventSubjects.moves('junk')), JSON.stringify({ v: 1, kind: 'move', tableId: 'junk', seq: -4 }));
    const dead = await waitUntil(async () => {
      const letters = (await readStream(nc, subjects.stream('DEAD'))).map((m) => m.data as { reason: string; subject: string });
      const junk = letters.filter((l) => l.subject.endsWith('moves.junk'));
      return junk.length >= 2 ? junk : undefined;
    }, 10_000, 'two dead letters');
    expect(dead.map((d) => d.reason).join('\n')).toMatch(/seq/);
    await log.open({ tableId: 'after-junk', gameId: 'tic-tac-toe', seats: ['x', 'o'] });
    await append('after-junk', 'x', { cell: 1 }, 0);
    expect((await snapshotOf('after-junk', 1)).revision).toBe(1);
  });

  /** A keeper of its own (its own bucket), driven as the consumer drives one; it notes what it does. */
  const standaloneKeeper = async (label: string) => {
    // Under the run's prefix, so that the clean-up removes it too.
    const ownBucket = new Subjects(`${prefix}_${label}`);
    await provision(nc, ownBucket, { streams: [], consumers: [], buckets: [{ name: SNAPSHOT_BUCKET }] });
    const seen: string[] = [];
    const observer = {
      entry: () => undefined, progress: () => undefined, saved: () => undefined,
      rebuilt: (_t: string, reason: string, moves: number) => { seen.push(`rebuilt ${reason} ${moves}`); },
      caughtUp: (_t: string, moves: number) => { seen.push(`caught up ${moves}`); },
      quarantined: (_t: string, reason: string) => { seen.push(`quarantined ${reason}`); },
      forged: (_t: string, reason: string) => { seen.push(`forged ${reason}`); },
    };
    const store = await SnapshotStore.open(nc, ownBucket, Buffer.from(seedKey, 'hex'));
    const published: TableEventV1[] = [];
    const keeper = new SnapshotKeeper(new TableReplayer(log, Buffer.from(seedKey, 'hex'), defaultGames()), store, observer, {
      cacheSize: 10, progressEvery: 1_000, publish: async (event) => { published.push(event); }, tell: async () => undefined,
    });
    return { keeper, seen, store, published };
  };

  it("lifts a quarantine that was the service's own doubt once the whole log replays, and keeps one the log earns", async () => {
    const header = { tableId: 'doubted', gameId: ticTacToe.id, rulesVersion: ticTacToe.version, seed: 'a'.repeat(64), seats: ['x', 'o'], options: {}, moves: 0 };
    let truth = engine.setup(ticTacToe, header);
    await log.open({ tableId: 'doubted', gameId: 'tic-tac-toe', seats: ['x', 'o'] });
    for (const [i, [seat, cell]] of ([['x', 4], ['o', 0], ['x', 8]] as const).entries()) {
      truth = engine.step(ticTacToe, { ...header, moves: i }, truth, seat, { cell }).state;
      await append('doubted', seat, { cell }, i, { stateHash: stateHash(ticTacToe, truth) });
    }
    // A keeper whose bucket says the table is quarantined, as a check run against the wrong
    // state once left it (the lagging-undo fault): the log itself is sound.
    const doubting = await standaloneKeeper('d');
    const sound = decodeSnapshot((await doubting.keeper.get('doubted')).snapshot) as JsonObject;
    const doubt = 'entry 2 recorded state hash 1de46018…, but replaying the log gives 7f3a…';
    await doubting.store.save('doubted', { v: 1, gameId: 'tic-tac-toe', rulesVersion: ticTacToe.version, seq: 3, lastMoveSeq: 3, quarantined: doubt, snapshot: sound });
    const { keeper, published, store } = await standaloneKeeper('d');
    expect((await keeper.get('doubted')).quarantined).toBe(doubt);

    const lifted = await keeper.recheck('doubted');
    expect(lifted).toEqual({ tableId: 'doubted', was: doubt, lifted: true, quarantined: null, revision: 3, seq: 3 });
    expect((await keeper.get('doubted')).quarantined).toBeNull();
    // Stored at once: a restarted service does not bring the quarantine back.
    const reloaded = await store.load('doubted');
    expect(reloaded.found && 'stored' in reloaded && reloaded.stored.quarantined).toBeNull();
    expect(published.map((e) => [e.kind, e.tableId, e.seq, e.revision])).toEqual([['released', 'doubted', 3, 3]]);
    expect(published[0]!.reason).toContain(doubt);
    await expect(keeper.recheck('doubted')).rejects.toThrow(/table doubted is not quarantined: there is nothing to lift/);

    // A log that really disagrees with what it recorded stays quarantined, the entry named.
    await log.open({ tableId: 'earned', gameId: 'tic-tac-toe', seats: ['x', 'o'] });
    await append('earned', 'x', { cell: 4 }, 0);
    await append('earned', 'o', { cell: 0 }, 1, { stateHash: 'f'.repeat(64) });
    expect((await keeper.get('earned')).quarantined).toMatch(/^entry 2 recorded state hash f{64}/);
    const kept = await keeper.recheck('earned');
    expect(kept).toMatchObject({ tableId: 'earned', lifted: false, quarantined: expect.stringMatching(/^entry 2 recorded state hash f{64}, but replaying the log gives/) });
    expect((await keeper.get('earned')).quarantined).toBe(kept.quarantined);
    expect(published.filter((e) => e.tableId === 'earned').map((e) => e.kind)).toEqual(['quarantined', 'quarantined']);
  });

  it('rebuilds a log whose pages would not fit a NATS message by asking for smaller pages', async () => {
    await log.open({ tableId: 'wordy', gameId: 'journal', seats: ['ann'] });
    const note = 'n'.repeat(990);
    // Journal notes draw nothing and end nothing: appended as an executor would, without stepping them here.
    for (let r = 0; r < 1_200; r++) {
      await log.append({ tableId: 'wordy', seat: 'ann', payload: { text: `${r}:${note}` }, expectedRevision: r, idempotencyKey: `w${r}`, random: false });
    }
    const { keeper, seen } = await standaloneKeeper('w');
    const rebuilt = await keeper.get('wordy');
    expect(rebuilt.revision).toBe(1_200);
    expect(seen).toEqual(['rebuilt missing 1200']);
    expect((decodeSnapshot(rebuilt.snapshot) as { state: { data: { last: string } } }).state.data.last).toBe(`1199:${note}`);
  });

  it('catches up from the log when an entry is missing from what it receives', async () => {
    const { keeper, seen } = await standaloneKeeper('g');
    const entriesOf = async (count: number) => waitUntil(async () => {
      const all = (await readStream(nc, subjects.stream('MOVES'))).map((m) => m.data as MoveEventV1).filter((e) => e.tableId === 'gappy');
      return all.length >= count ? all : undefined;
    }, 5_000, `${count} entries`);

    await log.open({ tableId: 'gappy', gameId: 'tic-tac-toe', seats: ['x', 'o'] });
    await append('gappy', 'x', { cell: 0 }, 0);
    await keeper.onEntry((await entriesOf(1))[0]!);
    await append('gappy', 'o', { cell: 1 }, 1);
    await append('gappy', 'x', { cell: 2 }, 2);
    const entries = await entriesOf(3);
    await keeper.onEntry(entries[2]!);
    expect(seen).toEqual(['rebuilt missing 1', 'caught up 2']);
    expect((await keeper.get('gappy')).revision).toBe(3);

    // An undo takes a move out of the history: the keeper replays the log without it.
    await log.undo({ tableId: 'gappy', seat: 'x', expectedRevision: 3 });
    await keeper.onEntry((await entriesOf(4))[3]!);
    expect(seen.at(-1)).toBe('rebuilt undo 2');
    const mine = decodeSnapshot((await keeper.get('gappy')).snapshot) as { state: unknown };
    expect(mine.state).toEqual((await snapshotOf('gappy', 2)).state);
    expect((await snapshotOf('gappy')).revision).toBe(2);
  });

  it('checks an undo against the state it left, though the log holds later moves when the entry arrives', async () => {
    // Tic-tac-toe draws nothing: the test computes the true hashes without the seed.
    const played = (tableId: string, moves: Array<[string, number]>) => {
      const header = { tableId, gameId: ticTacToe.id, rulesVersion: ticTacToe.version, seed: 'a'.repeat(64), seats: ['x', 'o'], options: {}, moves: 0 };
      let state = engine.setup(ticTacToe, header);
      moves.forEach(([seat, cell], i) => { state = engine.step(ticTacToe, { ...header, moves: i }, state, seat, { cell }).state; });
      return stateHash(ticTacToe, state);
    };
    const entriesOf = (tableId: string, count: number) => waitUntil(async () => {
      const all = (await readStream(nc, subjects.stream('MOVES'))).map((m) => m.data as MoveEventV1).filter((e) => e.tableId === tableId);
      return all.length >= count ? all : undefined;
    }, 5_000, `${count} entries of ${tableId}`);
    /**
     * x takes 4 and o takes 0, which the keeper follows; then o takes it back and the next
     * moves are made, all in the log before the keeper sees the undo, as when it lags.
     */
    const playUndoAndMore = async (label: string, tableId: string, undoHash: string, after: Array<[string, number]>) => {
      const { keeper, seen } = await standaloneKeeper(label);
      await log.open({ tableId, gameId: 'tic-tac-toe', seats: ['x', 'o'] });
      await append(tableId, 'x', { cell: 4 }, 0, { stateHash: played(tableId, [['x', 4]]) });
      await append(tableId, 'o', { cell: 0 }, 1, { stateHash: played(tableId, [['x', 4], ['o', 0]]) });
      for (const entry of await entriesOf(tableId, 2)) await keeper.onEntry(entry);
      await log.undo({ tableId, seat: 'o', expectedRevision: 2, stateHash: undoHash });
      for (const [i, [seat, cell]] of after.entries()) {
        await append(tableId, seat, { cell }, 1 + i, { stateHash: played(tableId, [['x', 4], ...after.slice(0, i + 1)]) });
      }
      for (const entry of (await entriesOf(tableId, 3 + after.length)).slice(2)) await keeper.onEntry(entry);
      return { keeper, seen };
    };

    const lagging = await playUndoAndMore('u', 'lagged', played('lagged', [['x', 4]]), [['o', 8], ['x', 2]]);
    expect(lagging.seen).toEqual(['rebuilt missing 2', 'rebuilt undo 1']);
    const kept = await lagging.keeper.get('lagged');
    expect([kept.revision, kept.quarantined]).toEqual([3, null]);
    expect((decodeSnapshot(kept.snapshot) as { state: unknown }).state).toEqual((await snapshotOf('lagged', 3)).state);
    expect((await snapshotOf('lagged')).quarantined).toBeNull();

    // The check still holds: an undo that recorded a state it did not leave quarantines the table.
    const lied = await playUndoAndMore('l', 'lied', played('lied', [['x', 4], ['o', 8]]), [['o', 8]]);
    expect((await lied.keeper.get('lied')).quarantined).toMatch(/entry 3 recorded state hash [0-9a-f]{64}, but replaying the log gives/);
  });
});
