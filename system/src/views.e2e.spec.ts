import { LogClient, RequestClient } from '@chronicle/bus';
import {
  decodeSnapshot, ed25519PrivateKey, EventSubjects, ExecutorSubjects, Forbidden, issueSeatToken, publicKeyHex, ServiceUnavailable, SnapshotSubjects, Subjects, ViewSubjects,
  type IntentOutcomeV1, type PublicMoveEventV1, type SnapshotV1, type TableEventV1, type ViewV1,
} from '@chronicle/contracts';
import { clockOptions, engine, firstChapter, GameLog, stateFromArray, type GameState, type Json, type StateView } from '@chronicle/engine';
import { sammo, type World } from '@chronicle/sammo';
import { natsOptions, ServiceConfig } from '@chronicle/service-kit';
import {
  createTestDatabase, spawnService, startNatsServer, waitUntil, type PrivateNatsServer, type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { PermissionViolationError, type Msg, type NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

jest.setTimeout(600_000);

/** Every role the accounts file names (each needs its password), the web's and the gateway's unused here. */
const ROLES = ['log-service', 'snapshot-service', 'turn-executor', 'scheduler', 'web', 'gateway', 'operator', 'public', 'provision'] as const;
type Role = (typeof ROLES)[number];
const passwordVariable = (role: Role) => `${role.toUpperCase().replace(/-/g, '_')}_NATS_PASSWORD`;
const GAME_START = Date.UTC(2026, 0, 1);
/**
 * Five-minute months at 30× speed: a game month every 10 s, the chapter (a game year) in two
 * minutes — long enough to look while it is in play on a loaded machine (the legacy's
 * lateness rule skips months once the world is six turns behind).
 */
const TURNTERM = 5;
const SPEED = 30;
const WORLD = 'sample';
const C1 = 'sample-c1';

type Node = Json | undefined;
/** Every object inside a JSON value, with the key it hangs from. */
function* objects(value: Node, key = ''): Generator<{ key: string; object: Record<string, Json> }> {
  if (Array.isArray(value)) {
    for (const item of value) yield* objects(item, key);
  } else if (value !== null && typeof value === 'object') {
    yield { key, object: value };
    for (const [k, v] of Object.entries(value)) yield* objects(v, k);
  }
}

/**
 * The sample world in play on the deployment's NATS accounts (deploy/nats/chronicle.conf):
 * a second player (another seat's token, asking through the gateway's role as the gateway
 * asks for its players) and the `public` role take everything they may (every subject the role
 * may subscribe to, the public streams from their start, the public and their own views, the
 * entry tree) while player-1 plays, and none of it holds player-1's
 * reservations, gold or log, nor a nation's treasury; once the chapter ends, its log is public
 * and verifies, and all of it is there. Bad requests are refused FORBIDDEN with the reason.
 */
describe('hidden information in a world in play (the sample world, the NATS roles as deployed)', () => {
  const passwords = Object.fromEntries(ROLES.map((role) => [role, `p${randomBytes(12).toString('hex')}`])) as Record<Role, string>;
  const subjects = new Subjects('chronicle');
  const seedKey = randomBytes(32).toString('hex');
  const logKey = randomBytes(32).toString('hex');
  const snapshotKey = randomBytes(32).toString('hex');
  const gatewayKey = ed25519PrivateKey(randomBytes(32).toString('hex'));
  const publicOf = (hex: string) => publicKeyHex(ed25519PrivateKey(hex));
  const token = (seat: string, expiresAt = new Date(Date.now() + 600_000)) => issueSeatToken(gatewayKey, { world: WORLD, seat, expiresAt });
  let server: PrivateNatsServer;
  let db: TestDatabase;
  const services: ServiceProcess[] = [];
  const connections = new Map<Role, { nc: NatsConnection; violations: PermissionViolationError[] }>();

  const credentials = (role: Role) => ({ NATS_URL: server.url, NATS_USER: role, NATS_PASSWORD: passwords[role] });
  const as = async (role: Role) => {
    const known = connections.get(role);
    if (known) return known;
    const nc = await connect(natsOptions(Object.assign(new ServiceConfig(), credentials(role)), `views-${role}`));
    const entry = { nc, violations: [] as PermissionViolationError[] };
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'error' && status.error instanceof PermissionViolationError) entry.violations.push(status.error);
      }
    })();
    connections.set(role, entry);
    return entry;
  };
  const refused = async (role: Role, operation: 'publish' | 'subscription', subject: string) => {
    const { nc, violations } = await as(role);
    if (operation === 'publish') nc.publish(subject, '{"v":1}', { reply: `_INBOX_${role}.x` });
    else nc.subscribe(subject, { callback: () => undefined });
    await waitUntil(() => violations.some((v) => v.operation === operation && v.subject === subject) || undefined, 10_000,
      `${role} to be refused ${operation} on ${subject}`);
  };

  /** Every message of a stream the public role may consume, through an ordered consumer of its own, as JSON. */
  const readAsPublic = async (stream: string): Promise<Json[]> => {
    const { nc } = await as('public');
    const total = (await (await jetstreamManager(nc)).streams.info(stream)).state.messages;
    const consumer = await jetstream(nc).consumers.get(stream);
    const out: Json[] = [];
    while (out.length < total) {
      for await (const m of await consumer.fetch({ max_messages: 500, expires: 2_000 })) out.push(m.json<Json>());
    }
    return out;
  };

  beforeAll(async () => {
    const config = readFileSync(path.resolve(__dirname, '../../deploy/nats/chronicle.conf'), 'utf8');
    server = await startNatsServer({ config, env: Object.fromEntries(ROLES.map((role) => [passwordVariable(role), passwords[role]])) });
    db = await createTestDatabase();
    const common = { CHRONICLE_PREFIX: 'chronicle', CHRONICLE_SEED_KEY: seedKey, HTTP_PORT: '0', LOG_LEVEL: 'warn' };
    for (const app of ['log-service', 'snapshot-service', 'scheduler', 'turn-executor']) {
      const provision = spawnService(`apps/${app}/src/provision.ts`, { ...common, ...credentials('provision') });
      services.push(provision);
      expect(await provision.exited).toEqual({ code: 0, signal: null });
    }
    const log = spawnService('apps/log-service/src/main.ts', {
      ...common, ...credentials('log-service'), DATABASE_URL: db.url, LOG_LEVEL: 'info', CHRONICLE_SIGNING_KEY: logKey, OUTBOX_POLL_MS: '50',
    });
    services.push(log);
    await log.waitFor(/log-service ready/, 60_000);
    const started = [
      spawnService('apps/snapshot-service/src/main.ts', {
        ...common, ...credentials('snapshot-service'), LOG_LEVEL: 'info', CHRONICLE_LOG_PUBLIC_KEY: publicOf(logKey), CHRONICLE_SNAPSHOT_SIGNING_KEY: snapshotKey,
        CHRONICLE_GATEWAY_PUBLIC_KEY: publicKeyHex(gatewayKey), FLUSH_MS: '100',
      }),
      spawnService('apps/scheduler/src/main.ts', {
        ...common, ...credentials('scheduler'), LOG_LEVEL: 'info', CHRONICLE_LOG_PUBLIC_KEY: publicOf(logKey), CHRONICLE_SNAPSHOT_PUBLIC_KEY: publicOf(snapshotKey),
      }),
      spawnService('apps/turn-executor/src/main.ts', {
        ...common, ...credentials('turn-executor'), LOG_LEVEL: 'info', EXECUTOR_ID: 'views-exec',
        CHRONICLE_GATEWAY_PUBLIC_KEY: publicKeyHex(gatewayKey), CHRONICLE_SNAPSHOT_PUBLIC_KEY: publicOf(snapshotKey),
      }),
    ];
    services.push(...started);
    await Promise.all(started.map((s, i) => s.waitFor(new RegExp(`${['snapshot-service', 'scheduler', 'turn-executor'][i]} ready`), 60_000)));
  }, 300_000);

  afterAll(async () => {
    for (const { nc } of connections.values()) await nc.close();
    for (const service of [...services].reverse()) await service.stop();
    await server?.dispose();
    await db?.drop();
  });

  it("keeps player-1's reservations, gold and log and every treasury from player-2 and the public while the chapter is in play, and shows them all once it ends", async () => {
    try {
      const operator = new RequestClient((await as('operator')).nc, subjects, 30_000);
      const outsider = await as('public');
      const asPublic = new RequestClient(outsider.nc, subjects, 30_000);
      const publicLog = new LogClient(asPublic);
      // Players reach the executors and their views only through the gateway (its role and inbox
      // of its own); the public role reads the public events, headers, finished logs and the tree.
      const viaGateway = new RequestClient((await as('gateway')).nc, subjects, 30_000);

      // What the public role hears live: every subject it may subscribe to.
      const heard: Array<{ subject: string; data: Json }> = [];
      for (const subject of ['chronicle.public.moves.>', 'chronicle.tables.>']) {
        outsider.nc.subscribe(subject, { callback: (_e: Error | null, m: Msg) => heard.push({ subject: m.subject, data: m.json<Json>() }) });
      }
      await outsider.nc.flush();

      await new LogClient(operator).open({
        tableId: C1, gameId: 'sammo', seats: ['player-1', 'player-2'],
        options: {
          world: 'sample', turnterm: TURNTERM, start: GAME_START, chapterYears: 1, ...firstChapter(WORLD),
          ...clockOptions({ openedAt: Date.now(), gameStart: GAME_START, speed: SPEED, minTickInterval: TURNTERM * 60_000 }),
        },
      });

      // The test picks each player an NPC of its own nation from the whole state (trusted: the operator's role).
      const whole = async (tableId: string, minRevision = 0): Promise<GameState<World>> => {
        const reply = await operator.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId, minRevision, waitMs: 10_000 }, 30_000);
        return stateFromArray(sammo, (decodeSnapshot(reply.snapshot) as { state: Json }).state) as GameState<World>;
      };
      const opening = await whole(C1);
      const free = [...opening.data.generals.values()].filter((g) => g.owner === null && g.npc >= 2 && g.npc !== 5 && g.nation !== 0).sort((a, b) => a.id - b.id);
      const first = free[0]!;
      const second = free.find((g) => g.nation !== first.nation)!;

      /** A player's intent, asked again under its key while a service is busy or starting (UNAVAILABLE), as a client would: it counts once. */
      const intent = async (seat: string, intentKey: string, payload: Json) => {
        const submit = () => viaGateway.request<IntentOutcomeV1>(ExecutorSubjects.submitIntent,
          { v: 1, tableId: C1, intentKey, seat, seatToken: token(seat), kind: 'move', payload, waitMs: 10_000 }, 60_000);
        let outcome: IntentOutcomeV1 | undefined;
        for (const deadline = Date.now() + 120_000; outcome === undefined;) {
          outcome = await submit().catch((error: Error) => {
            if (!(error instanceof ServiceUnavailable) || Date.now() > deadline) throw error;
            return undefined;
          });
        }
        return outcome.status === 'pending'
          ? waitUntil(async () => {
            const later = await viaGateway.request<IntentOutcomeV1>(ExecutorSubjects.intentOutcome, { v: 1, tableId: C1, intentKey, waitMs: 10_000 }, 30_000);
            return later.status === 'pending' ? undefined : later;
          }, 60_000, `the outcome of ${intentKey}`)
          : outcome;
      };
      expect(await intent('player-1', 'p1-possess', { type: 'possess', generalId: first.id })).toMatchObject({ status: 'accepted' });
      expect(await intent('player-2', 'p2-possess', { type: 'possess', generalId: second.id })).toMatchObject({ status: 'accepted' });
      const reservations = [
        { type: 'reserve', generalId: first.id, command: 'che_농지개간', arg: null, slots: [0, 2] },
        { type: 'reserve', generalId: first.id, command: 'che_훈련', arg: null, slots: [1, 3] },
      ];
      for (const [i, payload] of reservations.entries()) expect(await intent('player-1', `p1-reserve-${i}`, payload)).toMatchObject({ status: 'accepted' });

      // Player-2 and the public look, as they may, until the chapter ends.
      const view = async (request: Record<string, Json>): Promise<StateView> =>
        decodeSnapshot((await viaGateway.request<ViewV1>(ViewSubjects.state, { v: 1, tableId: C1, waitMs: 0, ...request }, 30_000)).view) as StateView;
      const refusal = (request: Record<string, Json>) => view(request).then(() => 'served', (error: Error) => `${error.constructor.name}: ${error.message}`);
      const seen: Array<{ who: 'player-2' | 'public'; view: StateView }> = [];
      const finished = async () => (await publicLog.header({ tableId: C1 })).status === 'finished';

      // Bad requests, while the table is in play: FORBIDDEN, with the reason.
      expect(await refusal({ seat: 'player-1', seatToken: token('player-2') })).toBe('Forbidden: the seat token lets its holder act for player-2, not player-1');
      expect(await refusal({ seat: 'player-1', seatToken: token('player-1', new Date('2020-01-01T00:00:00.000Z')) }))
        .toBe('Forbidden: the seat token expired at 2020-01-01T00:00:00.000Z: ask the gateway for a new one');
      expect(await refusal({ whole: true })).toMatch(new RegExp(`^Forbidden: table ${C1} is in play and its game hides what each seat may see`));
      await expect(publicLog.finishedLog({ tableId: C1 })).rejects.toThrow(`table ${C1} is still in play: its log (and seed) stays hidden until the end`);
      // The full stream is no subject of the public role's.
      await refused('public', 'publish', subjects.of(SnapshotSubjects.get));
      await refused('public', 'publish', 'chronicle.log.v1.read');
      // Nor a view, nor an intent: the public role's inbox is shared by all its connections.
      await refused('public', 'publish', subjects.of(ViewSubjects.state));
      await refused('public', 'publish', subjects.of(ExecutorSubjects.submitIntent));
      await refused('public', 'subscription', subjects.of(EventSubjects.allMoves));

      while (!(await finished())) {
        seen.push({ who: 'player-2', view: await view({ seat: 'player-2', seatToken: token('player-2') }) });
        seen.push({ who: 'public', view: await view({}) });
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      const inPlay = seen.filter((s) => s.view.visibility !== 'full');
      expect(inPlay.filter((s) => s.who === 'player-2').length).toBeGreaterThan(3);
      // The public streams from their start, and the entry tree, as the role may read them.
      const streamed = [...await readAsPublic(subjects.stream('PUBLIC')), ...await readAsPublic(subjects.stream('TABLES'))];
      const tree = await publicLog.tree({ tableId: C1, fromSeq: 0 });

      // What was hidden, read back once the chapter ended: its log is anyone's, and verifies.
      const commitment = (heard.map((h) => h.data as unknown as TableEventV1).find((e) => e.tableId === C1 && e.kind === 'opened'))!.commitment;
      const finishedLog = GameLog.fromArray((await publicLog.finishedLog({ tableId: C1 })).log);
      const final = engine.verify(sammo, finishedLog, commitment);
      expect(finishedLog.moves.filter((m) => m.seat === 'player-1').map((m) => m.payload)).toEqual([
        { type: 'possess', generalId: first.id }, ...reservations,
      ]);
      const p1 = final.data.generals.get(first.id);
      const p1Lines = final.data.logs.filter((l) => l.scope === 'general' && l.subject === first.id);
      expect(p1Lines.length).toBeGreaterThan(0);
      // The snapshot service learns the table finished from its table event, a moment after its last move.
      const ended = await waitUntil(() => view({ whole: true, minRevision: finishedLog.revision, waitMs: 10_000 }).catch((error: Error) => {
        if (error instanceof Forbidden) return undefined;
        throw error;
      }), 60_000, 'the whole state to be served once the chapter ended');
      const { visibility, seat: _seat, ...wholeState } = ended;
      expect(visibility).toBe('full');
      const shown = stateFromArray(sammo, wholeState as unknown as Json) as GameState<World>;
      if (p1) expect(shown.data.generals.get(first.id)!.gold).toBe(p1.gold);
      expect([...shown.data.nations.values()].map((n) => n.gold)).toEqual([...final.data.nations.values()].map((n) => n.gold));

      // Now the search: nothing of it in what the public and player-2 took while the chapter was in play.
      const secretKeys = ['gold', 'rice', 'tech', 'reservedCommand', 'queue', 'crew', 'detail'];
      const publicMaterial: Array<{ where: string; data: Node }> = [
        ...heard.map((h) => ({ where: h.subject, data: h.data })),
        ...streamed.map((data) => ({ where: 'a public stream', data })),
        { where: 'log.v1.tree', data: tree as unknown as Json },
        ...inPlay.filter((s) => s.who === 'public').map((s) => ({ where: `the public view at ${s.view.revision}`, data: s.view as unknown as Json })),
      ];
      const leaks: string[] = [];
      for (const { where, data } of publicMaterial) {
        const event = data as Partial<PublicMoveEventV1> | null;
        // The move that ends a chapter is public with the rest of its log; any other move is told, without seat or payload.
        if (event && typeof event === 'object' && 'visibility' in event && event.visibility === 'full' && event.number !== undefined) {
          if ((event.payload as { type?: string } | undefined)?.type !== 'advance') leaks.push(`${where}: move ${event.number} in full`);
          continue;
        }
        for (const { key, object } of objects(data)) {
          for (const secret of secretKeys) if (secret in object) leaks.push(`${where}: ${key}.${secret}`);
          if ((object.scope === 'general' || object.scope === 'nation') && 'text' in object) leaks.push(`${where}: a ${object.scope} line "${String(object.text)}"`);
          if ('payload' in object || object.seat === 'player-1') leaks.push(`${where}: ${key} names a payload or player-1`);
        }
      }
      // Player-2's own view: its general and nation whole, player-1's general and nation as the public sees them, no lines but
      // its own and its nation's members' (which the legacy opens to officers).
      let own = 0;
      for (const { view: v } of inPlay.filter((s) => s.who === 'player-2')) {
        const at = `player-2's view at ${v.revision}`;
        const members = new Set(((v.data as { members?: Array<{ id: number }> }).members ?? []).map((m) => m.id));
        for (const { key, object } of objects(v.data)) {
          // Who stands in a city player-2 reads comes with a crew (legacy b_currentCity); another nation's arms, training and turns never.
          const secret = key === 'cityGenerals' ? object.own !== null : secretKeys.some((k) => k in object);
          if (object.id === first.id && object.name === first.name && secret) leaks.push(`${at}: player-1's general under ${key}`);
          if (object.id === first.nation && object.name === opening.data.nations.get(first.nation)!.name && ['gold', 'rice', 'tech'].some((k) => k in object)) {
            leaks.push(`${at}: player-1's nation's treasury under ${key}`);
          }
          if (object.scope === 'general' && 'text' in object && object.subject !== second.id && !members.has(object.subject as number)) {
            leaks.push(`${at}: general ${String(object.subject)}'s line "${String(object.text)}"`);
          }
          if (object.id === second.id && object.name === second.name && 'gold' in object) own += 1;
        }
      }
      expect(leaks).toEqual([]);
      // The search looked where the secrets would be: player-2 read its own general's gold, the public saw player-1's general.
      expect(own).toBeGreaterThan(0);
      expect(inPlay.some((s) => s.who === 'public' && [...objects(s.view.data)].some(({ object }) => object.id === first.id && object.name === first.name))).toBe(true);
      for (const { violations } of connections.values()) {
        const provoked = [subjects.of(SnapshotSubjects.get), 'chronicle.log.v1.read', subjects.of(EventSubjects.allMoves), subjects.of(ViewSubjects.state), subjects.of(ExecutorSubjects.submitIntent)];
        expect(violations.map((v) => v.subject).filter((s) => !provoked.includes(s))).toEqual([]);
      }
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.stack : String(error)}\n${services.map((s) => s.output().slice(-2000)).join('\n---\n')}`);
    }
  });
});
