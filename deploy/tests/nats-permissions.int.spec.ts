import { LogClient, RequestClient } from '@chronicle/bus';
import {
  AdminSubjects, decodeSnapshot, ed25519PrivateKey, ed25519PublicKey, openCheckpoint, EventSubjects, ExecutorSubjects, Forbidden, issueSeatToken, publicKeyHex, Subjects, ViewSubjects,
  type IntentOutcomeV1, type PublicMoveEventV1, type ViewV1,
} from '@chronicle/contracts';
import { firstChapter } from '@chronicle/engine';
import { GatewayClient, natsOptions, ServiceConfig } from '@chronicle/service-kit';
import {
  createTestDatabase, spawnService, startNatsServer, waitUntil, type PrivateNatsServer, type ServiceProcess, type TestDatabase,
} from '@chronicle/testing';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { PermissionViolationError, type Msg, type NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

jest.setTimeout(300_000);

const ROLES = ['log-service', 'snapshot-service', 'turn-executor', 'scheduler', 'web', 'gateway', 'operator', 'public', 'provision'] as const;
type Role = (typeof ROLES)[number];
const passwordVariable = (role: Role) => `${role.toUpperCase().replace(/-/g, '_')}_NATS_PASSWORD`;
/** The services' durable consumers on the streams a player may consume (their topologies name them). */
const SERVICE_CONSUMERS = [
  ['chronicle_MOVES', 'chronicle_snapshot-service'], ['chronicle_MOVES', 'chronicle_scheduler-moves'], ['chronicle_MOVES', 'chronicle_web-moves'],
  ['chronicle_TABLES', 'chronicle_scheduler-tables'], ['chronicle_TABLES', 'chronicle_web-tables'],
] as const;

/**
 * deploy/nats/chronicle.conf on a nats-server of the test's own: the services run with their
 * roles' credentials and work end to end, and every role is refused what is not its own.
 */
/** `chronicle <args>` (apps/cli) with only `env` for configuration, as a player's shell would run it. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const root = path.resolve(__dirname, '../..');
  const child = spawn(process.execPath, ['scripts/run-ts.cjs', 'apps/cli/src/main.ts', ...args], {
    cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('NATS roles and permissions (deploy/nats/chronicle.conf)', () => {
  const passwords = Object.fromEntries(ROLES.map((role) => [role, `p${randomBytes(12).toString('hex')}`])) as Record<Role, string>;
  const subjects = new Subjects('chronicle');
  const seedKey = randomBytes(32).toString('hex');
  // Every key a deployment gives: events signed, quarantine notices signed, seats from the gateway's tokens.
  const logKey = randomBytes(32).toString('hex');
  const snapshotKey = randomBytes(32).toString('hex');
  const gatewayHex = randomBytes(32).toString('hex');
  const gatewayKey = ed25519PrivateKey(gatewayHex);
  const publicOf = (hex: string) => publicKeyHex(ed25519PrivateKey(hex));
  const seatToken = (seat: string) => issueSeatToken(gatewayKey, { world: 'perm', seat, expiresAt: new Date(Date.now() + 600_000) });
  let server: PrivateNatsServer;
  let db: TestDatabase;
  const services: ServiceProcess[] = [];
  let gatewayOrigin: string;
  let webOrigin: string;
  const steps = 6;
  const connections = new Map<Role, { nc: NatsConnection; violations: PermissionViolationError[] }>();

  const credentials = (role: Role) => ({ NATS_URL: server.url, NATS_USER: role, NATS_PASSWORD: passwords[role] });
  const as = async (role: Role) => {
    const known = connections.get(role);
    if (known) return known;
    const nc = await connect(natsOptions(Object.assign(new ServiceConfig(), credentials(role)), `test-${role}`));
    const entry = { nc, violations: [] as PermissionViolationError[] };
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'error' && status.error instanceof PermissionViolationError) entry.violations.push(status.error);
      }
    })();
    connections.set(role, entry);
    return entry;
  };

  /** The action is refused by the server: a permission violation for exactly that subject. */
  const refused = async (role: Role, operation: 'publish' | 'subscription', subject: string) => {
    const { nc, violations } = await as(role);
    if (operation === 'publish') nc.publish(subject, '{"v":1}', { reply: `_INBOX_${role}.x` });
    else nc.subscribe(subject, { callback: () => undefined });
    await waitUntil(() => violations.some((v) => v.operation === operation && v.subject === subject) || undefined, 5_000,
      `${role} to be refused ${operation} on ${subject}`);
  };

  beforeAll(async () => {
    const config = readFileSync(path.resolve(__dirname, '../nats/chronicle.conf'), 'utf8');
    server = await startNatsServer({ config, env: Object.fromEntries(ROLES.map((role) => [passwordVariable(role), passwords[role]])) });
    db = await createTestDatabase();
    const common = { CHRONICLE_PREFIX: 'chronicle', CHRONICLE_SEED_KEY: seedKey, HTTP_PORT: '0', LOG_LEVEL: 'warn' };
    for (const app of ['log-service', 'snapshot-service', 'scheduler', 'turn-executor', 'web', 'gateway']) {
      const provision = spawnService(`apps/${app}/src/provision.ts`, { ...common, ...credentials('provision') });
      services.push(provision);
      expect(await provision.exited).toEqual({ code: 0, signal: null });
    }
    const log = spawnService('apps/log-service/src/main.ts', {
      ...common, ...credentials('log-service'), DATABASE_URL: db.url, LOG_LEVEL: 'info', CHRONICLE_SIGNING_KEY: logKey,
    });
    services.push(log);
    await log.waitFor(/log-service ready/, 60_000);
    const snapshots = spawnService('apps/snapshot-service/src/main.ts', {
      ...common, ...credentials('snapshot-service'), LOG_LEVEL: 'info', CHRONICLE_LOG_PUBLIC_KEY: publicOf(logKey), CHRONICLE_SNAPSHOT_SIGNING_KEY: snapshotKey,
      CHRONICLE_GATEWAY_PUBLIC_KEY: publicKeyHex(gatewayKey),
    });
    services.push(snapshots);
    await snapshots.waitFor(/snapshot-service ready/, 60_000);
    const scheduler = spawnService('apps/scheduler/src/main.ts', {
      ...common, ...credentials('scheduler'), LOG_LEVEL: 'info', CHRONICLE_LOG_PUBLIC_KEY: publicOf(logKey), CHRONICLE_SNAPSHOT_PUBLIC_KEY: publicOf(snapshotKey),
    });
    services.push(scheduler);
    const executor = spawnService('apps/turn-executor/src/main.ts', {
      ...common, ...credentials('turn-executor'), LOG_LEVEL: 'info', EXECUTOR_ID: 'perm-exec',
      CHRONICLE_GATEWAY_PUBLIC_KEY: publicKeyHex(gatewayKey), CHRONICLE_SNAPSHOT_PUBLIC_KEY: publicOf(snapshotKey),
    });
    services.push(executor);
    const web = spawnService('apps/web/src/main.ts', {
      ...common, ...credentials('web'), LOG_LEVEL: 'info', PUBLIC_PORT: '0', CHRONICLE_LOG_PUBLIC_KEY: publicOf(logKey), CHRONICLE_SNAPSHOT_PUBLIC_KEY: publicOf(snapshotKey),
    });
    services.push(web);
    // The gateway, in the log service's database (tables and migrations of its own).
    const gateway = spawnService('apps/gateway/src/main.ts', {
      ...common, ...credentials('gateway'), LOG_LEVEL: 'info', DATABASE_URL: db.url, PUBLIC_PORT: '0', PASSWORD_SCRYPT_LOG2N: '10', CHRONICLE_GATEWAY_KEY: gatewayHex,
    });
    services.push(gateway);
    await Promise.all([
      scheduler.waitFor(/scheduler ready/, 120_000), executor.waitFor(/turn-executor ready/, 120_000), web.waitFor(/web ready/, 120_000),
      gateway.waitFor(/gateway public API on port \d+/, 120_000),
    ]);
    gatewayOrigin = `http://127.0.0.1:${/gateway public API on port (\d+)/.exec(gateway.output())![1]}`;
    webOrigin = `http://127.0.0.1:${/web page on port (\d+)/.exec(web.output())![1]}`;
  }, 600_000);

  afterAll(async () => {
    for (const { nc } of connections.values()) await nc.close();
    for (const service of services) await service.stop();
    await server?.dispose();
    await db?.drop();
  });

  it('refuses a client without credentials or with a wrong password', async () => {
    await expect(connect({ servers: server.url, reconnect: false })).rejects.toThrow(/Authorization/i);
    await expect(connect({ servers: server.url, user: 'public', pass: 'guess', reconnect: false })).rejects.toThrow(/Authorization/i);
  });

  it('lets each role do its part: the operator opens, the executor appends, outsiders read the public events and views', async () => {
    const seen: PublicMoveEventV1[] = [];
    const outsider = await as('public');
    outsider.nc.subscribe(subjects.of(EventSubjects.allPublicMoves), { callback: (_e: Error | null, m: Msg) => seen.push(m.json() as PublicMoveEventV1) });
    await outsider.nc.flush();
    const operator = new LogClient(new RequestClient((await as('operator')).nc, subjects, 20_000));
    await operator.open({ tableId: 'perm', gameId: 'tic-tac-toe', seats: ['ann', 'bob'] });
    const executor = new LogClient(new RequestClient((await as('turn-executor')).nc, subjects, 20_000));
    for (const [i, [seat, cell]] of ([['ann', 0], ['bob', 4], ['ann', 8]] as const).entries()) {
      await executor.append({ tableId: 'perm', seat, payload: { cell }, expectedRevision: i, idempotencyKey: `m${i}`, random: false });
    }
    // Tic-tac-toe hides nothing: its moves are told in full, and its view is the whole state.
    await waitUntil(() => seen.length === 3 || undefined, 20_000, 'the three moves on public.moves.>');
    expect(seen.map((e) => [e.number, e.visibility, e.seat])).toEqual([[1, 'full', 'ann'], [2, 'full', 'bob'], [3, 'full', 'ann']]);
    // The public view, as the gateway and the web view read it for everyone (views are not the `public` role's: see below).
    const view = await new RequestClient((await as('gateway')).nc, subjects, 20_000)
      .request<ViewV1>(ViewSubjects.state, { v: 1, tableId: 'perm', minRevision: 3, waitMs: 10_000 });
    expect([view.revision, view.visibility]).toEqual([3, 'full']);
    expect(decodeSnapshot(view.view)).toMatchObject({ revision: 3, visibility: 'full' });
    // Anyone may read a table's entry tree while it is in play: its signed checkpoint (nothing of any move), and proofs.
    const outsiderLog = new LogClient(new RequestClient(outsider.nc, subjects, 20_000));
    const tree = await outsiderLog.tree({ tableId: 'perm', fromSeq: 0 });
    expect(tree).toMatchObject({ treeSize: 3, leaves: [expect.any(String), expect.any(String), expect.any(String)], undos: [] });
    expect(openCheckpoint(tree.checkpoint, ed25519PublicKey(publicOf(logKey))).treeSize).toBe(3);
    expect((await outsiderLog.inclusionProof({ tableId: 'perm', seq: 2, treeSize: 3 })).rootHash).toBe(tree.rootHash);
    expect((await outsiderLog.consistencyProof({ tableId: 'perm', from: 1, to: 3 })).toRoot).toBe(tree.rootHash);
    // Appends made in one turn travel together on log.v1.append-many, which the executor's role allows too.
    for (const tableId of ['perm-a', 'perm-b']) await operator.open({ tableId, gameId: 'journal', seats: ['ann'] });
    const together = await Promise.all(['perm-a', 'perm-b'].map((tableId) =>
      executor.append({ tableId, seat: 'ann', payload: { text: 'together' }, expectedRevision: 0, idempotencyKey: 'together', random: false })));
    expect(together.map((a) => a.revision)).toEqual([1, 1]);
    // The snapshot service wrote its bucket with its own credentials.
    const kv = await new Kvm((await as('provision')).nc).open('chronicle_SNAPSHOTS');
    await waitUntil(async () => (await kv.get('perm')) ?? undefined, 10_000, 'the stored snapshot');
    // An operator's notice: kept in the scheduler's bucket, under its role, and read by the web, under its own, for the table's page.
    await new RequestClient((await as('operator')).nc, subjects, 20_000)
      .request(AdminSubjects.notice, { v: 1, target: 'perm', operator: 'ops', reason: 'a permissions test', text: '점검 안내' });
    await waitUntil(async () => ((await (await fetch(`${webOrigin}/api/tables/perm`)).json()) as { summary: { notice: string | null } }).summary.notice === '점검 안내' || undefined,
      15_000, "the notice on the table's page");
    for (const { violations } of connections.values()) expect(violations).toEqual([]);
  });

  it("carries out a player's intent for the seat its gateway token names, refuses an impersonation, and serves the CLI", async () => {
    // The gateway's connection sends players' intents with the proofs it signs; one naming another seat is refused.
    const gateway = new RequestClient((await as('gateway')).nc, subjects, 30_000);
    const submit = (seat: string, token: string | undefined, intentKey: string, cell: number) => gateway.request<IntentOutcomeV1>(ExecutorSubjects.submitIntent,
      { v: 1, tableId: 'perm', intentKey, seat, ...(token ? { seatToken: token } : {}), kind: 'move', payload: { cell }, waitMs: 10_000 }, 30_000);
    // Ann's token, naming bob: refused before anything is queued; no token at all: refused too.
    await expect(submit('bob', seatToken('ann'), 'bob-forged', 1)).rejects.toThrow(Forbidden);
    await expect(submit('bob', undefined, 'bob-bare', 1)).rejects.toThrow(/needs a seat token/);
    expect(await submit('bob', seatToken('bob'), 'bob-3', 1)).toMatchObject({ status: 'accepted', revision: 4 });
    const player = new RequestClient((await as('public')).nc, subjects, 30_000);
    // A table id the log does not know may be a world's: the player's CLI asks the worlds stream,
    // and names the worlds and tables there are (their ids are public, as the streams are).
    const unknown = await runCli(['watch', 'nowhere', '--count', '1'], {
      NATS_URL: server.url, CHRONICLE_PREFIX: 'chronicle', NATS_USER: 'public', NATS_PASSWORD: passwords.public,
    });
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, expect.stringMatching(/^chronicle: there is no table or world nowhere; the worlds are: none; the tables: .*\bperm\b/)]);
    // The web view shows the table from its own consumers, the log and the snapshot service, as
    // `web`; a finished log is asked for like any (this one is in play: a typed refusal, not a violation).
    // The page's port (its read API), not the probes' and metrics' one.
    const webPort = services.find((s) => /"msg":"web ready: /.test(s.output()))!.output().match(/web page on port (\d+)/)![1];
    await waitUntil(async () => {
      const detail = await (await fetch(`http://127.0.0.1:${webPort}/api/tables/perm`)).json() as { summary?: { revision: number }; feed?: unknown[] };
      return detail.summary?.revision === 4 && detail.feed!.length > 0 ? detail : undefined;
    }, 20_000, 'the web view of table perm at revision 4');
    expect((await fetch(`http://127.0.0.1:${webPort}/api/tables/perm/log`)).status).toBe(409);
    await expect(new LogClient(new RequestClient((await as('web')).nc, subjects, 20_000)).finishedLog({ tableId: 'perm' })).rejects.toThrow(/still in play/);
    // The operator's CLI lists the tables with its role's credentials.
    const tables = await runCli(['tables'], { NATS_URL: server.url, CHRONICLE_PREFIX: 'chronicle', NATS_USER: 'operator', NATS_PASSWORD: passwords.operator });
    expect([tables.code, tables.stderr]).toEqual([0, '']);
    expect(tables.stdout).toMatch(/^perm\s+tic-tac-toe\s+open\s+4\s/m);
    // A seat's view with its token, as the gateway asks for it; another seat's is FORBIDDEN.
    const seatView = (seat: string, token: string) => gateway.request<ViewV1>(ViewSubjects.state, { v: 1, tableId: 'perm', seat, seatToken: token });
    expect((await seatView('bob', seatToken('bob'))).revision).toBe(4);
    await expect(seatView('ann', seatToken('bob'))).rejects.toThrow(Forbidden);
        // A player reads a table in play through its views; the log's pages only once it is finished.
    await expect(player.request('log.v1.finished-read', { v: 1, tableId: 'perm', fromRevision: 3 })).rejects.toThrow(Forbidden);
    for (const { violations } of connections.values()) expect(violations).toEqual([]);
  });

  it("gives each player's connection its own replies: players reach their intents through the gateway, whose inbox is its own", async () => {
    // A world announced by the scheduler (a small one whose clock nobody moves): what the gateway lets players join.
    const operator = new LogClient(new RequestClient((await as('operator')).nc, subjects, 20_000));
    await operator.open({
      tableId: 'permw-c1', gameId: 'sammo', seats: ['founder'],
      options: { world: 'synthetic', generals: 12, cities: 6, nations: 2, turnterm: 60, start: Date.now(), ...firstChapter('permw') },
    });
    // Whatever lands on the inbox every `public` connection shares: none of the players' replies.
    const shared: string[] = [];
    const snooper = await as('public');
    snooper.nc.subscribe('_INBOX_public.>', { callback: (_e: Error | null, m: Msg) => shared.push(m.subject) });
    await snooper.nc.flush();
    await waitUntil(async () => {
      const worlds = await (await fetch(`${gatewayOrigin}/api/v1/worlds`)).json() as { worlds: Array<{ worldId: string }> };
      return worlds.worlds.some((w) => w.worldId === 'permw') || undefined;
    }, 30_000, 'the gateway to know world permw');
    const [ann, bob] = await Promise.all([GatewayClient.signUp(gatewayOrigin, 'perm-ann', 'a long enough password'), GatewayClient.signUp(gatewayOrigin, 'perm-bob', 'a long enough password')]);
    for (const [player, name, key] of [[ann, '관우', 'join-ann'], [bob, '장비', 'join-bob']] as const) {
      expect(await player.post('/worlds/permw/join', { mode: 'create', name, leadership: 60, strength: 60, intel: 30 }, key)).toMatchObject({ status: 200 });
    }
    // Both at once, under the same key: each answer is the asker's own intent.
    const [annDid, bobDid] = await Promise.all([ann, bob].map((player, i) =>
      player.post<{ key: string; revision: number }>('/worlds/permw/commands/reserve', { command: i === 0 ? 'che_훈련' : 'che_농지개간', slots: [0] }, 'first')));
    expect([annDid!.status, bobDid!.status]).toEqual([200, 200]);
    expect(annDid!.body.revision).not.toBe(bobDid!.body.revision);
    // A seat's own view, asked for by the gateway with the seat's proof.
    const annQueue = await ann.get<{ queue: Array<{ slot: number; action: string }> }>('/worlds/permw/commands');
    expect(annQueue.body.queue?.[0]).toMatchObject({ slot: 0, action: 'che_훈련' });
    // The key names nothing of another account's.
    expect((await ann.get(`/worlds/permw/intents/first`)).body).toMatchObject({ revision: annDid!.body.revision });
    expect((await bob.get(`/worlds/permw/intents/first`)).body).toMatchObject({ revision: bobDid!.body.revision });
    await snooper.nc.flush();
    expect(shared).toEqual([]);
    for (const { violations } of connections.values()) expect(violations.filter((v) => v.subject === '_INBOX_public.>')).toEqual([]);
  });

  it.each([
    // Players act through the gateway: no `public` connection sends an intent, asks for an
    // outcome or a view (a seat's is its own), nor reads the gateway's replies.
    ['public', 'publish', 'chronicle.executor.v1.submit-intent'],
    ['public', 'publish', 'chronicle.executor.v1.intent-outcome'],
    ['public', 'publish', 'chronicle.views.v1.state'],
    ['public', 'subscription', '_INBOX_gateway.>'],
    ['web', 'subscription', '_INBOX_gateway.>'],
    ['operator', 'subscription', '_INBOX_gateway.>'],
    // The gateway reads only its own replies, appends nothing, and never gets a seed or the full stream.
    ['gateway', 'subscription', '_INBOX_public.>'],
    ['gateway', 'subscription', '_INBOX_turn-executor.>'],
    ['gateway', 'subscription', 'chronicle.executor.v1.submit-intent'],
    ['gateway', 'subscription', 'chronicle.moves.>'],
    ['gateway', 'publish', 'chronicle.log.v1.append'],
    ['gateway', 'publish', 'chronicle.log.v1.open'],
    ['gateway', 'publish', 'chronicle.log.v1.sealed-seed'],
    ['gateway', 'publish', 'chronicle.log.v1.read'],
    ['gateway', 'publish', 'chronicle.snapshots.v1.get'],
    ['gateway', 'publish', 'chronicle.moves.perm'],
    ['gateway', 'publish', 'chronicle.worlds.permw'],
    ['gateway', 'publish', 'chronicle.intents.perm'],
    ['gateway', 'publish', '$KV.chronicle_intent_outcomes.perm'],
    ['gateway', 'publish', '$JS.API.CONSUMER.CREATE.chronicle_MOVES'],
    // Only the log service publishes moves and table events.
    ['public', 'publish', 'chronicle.moves.perm'],
    ['public', 'publish', 'chronicle.tables.perm'],
    ['turn-executor', 'publish', 'chronicle.moves.perm'],
    ['snapshot-service', 'publish', 'chronicle.moves.perm'],
    ['operator', 'publish', 'chronicle.moves.perm'],
    // Only the log service answers log requests (no fake replies, no queue-group member).
    ['public', 'subscription', 'chronicle.log.v1.append'],
    ['turn-executor', 'subscription', 'chronicle.log.v1.>'],
    ['snapshot-service', 'subscription', 'chronicle.log.v1.sealed-seed'],
    // Only the executors append and undo.
    ['public', 'publish', 'chronicle.log.v1.append'],
    ['public', 'publish', 'chronicle.log.v1.append-many'],
    ['operator', 'publish', 'chronicle.log.v1.append-many'],
    ['public', 'publish', 'chronicle.log.v1.undo'],
    ['operator', 'publish', 'chronicle.log.v1.append'],
    ['snapshot-service', 'publish', 'chronicle.log.v1.append'],
    ['scheduler', 'publish', 'chronicle.log.v1.append'],
    // The sealed seed goes to trusted services only; opening is the operator's.
    ['public', 'publish', 'chronicle.log.v1.sealed-seed'],
    ['operator', 'publish', 'chronicle.log.v1.sealed-seed'],
    ['public', 'publish', 'chronicle.log.v1.open'],
    ['turn-executor', 'publish', 'chronicle.log.v1.open'],
    // The executor uses exactly its own subjects: no other log request, dead letter, stream or subscription.
    ['turn-executor', 'publish', 'chronicle.log.v1.finished-log'],
    ['turn-executor', 'publish', 'chronicle.log.v1.commitment'],
    ['turn-executor', 'publish', 'chronicle.dead.snapshot-service'],
    ['turn-executor', 'publish', 'chronicle.ticks.perm'],
    ['turn-executor', 'publish', 'chronicle.tables.perm'],
    ['turn-executor', 'publish', '$KV.chronicle_schedule.perm'],
    ['turn-executor', 'publish', '$JS.API.CONSUMER.MSG.NEXT.chronicle_MOVES.chronicle_snapshot-service'],
    ['turn-executor', 'publish', '$JS.API.CONSUMER.INFO.chronicle_TICKS.other'],
    ['turn-executor', 'subscription', 'chronicle.moves.>'],
    ['turn-executor', 'subscription', 'chronicle.executor.v1.>'],
    ['turn-executor', 'subscription', 'chronicle.snapshots.v1.get'],
    // The web view reads and consumes its own; it publishes no event, writes nothing, answers no request.
    ['web', 'publish', 'chronicle.moves.perm'],
    ['web', 'publish', 'chronicle.tables.perm'],
    ['web', 'publish', 'chronicle.log.v1.append'],
    ['web', 'publish', 'chronicle.log.v1.open'],
    ['web', 'publish', 'chronicle.log.v1.sealed-seed'],
    ['web', 'publish', 'chronicle.executor.v1.submit-intent'],
    ['web', 'publish', 'chronicle.dead.scheduler-moves'],
    ['web', 'publish', '$KV.chronicle_SNAPSHOTS.perm'],
    ['web', 'publish', '$JS.API.CONSUMER.MSG.NEXT.chronicle_MOVES.chronicle_snapshot-service'],
    ['web', 'publish', '$JS.API.CONSUMER.CREATE.chronicle_MOVES'],
    ['web', 'subscription', 'chronicle.moves.>'],
    ['web', 'subscription', 'chronicle.log.v1.>'],
    ['web', 'subscription', 'chronicle.snapshots.v1.get'],
    ['web', 'subscription', '_INBOX_public.>'],
    // Only the snapshot service writes (or deletes) the snapshot bucket.
    ['public', 'publish', '$KV.chronicle_SNAPSHOTS.perm'],
    ['turn-executor', 'publish', '$KV.chronicle_SNAPSHOTS.perm'],
    ['log-service', 'publish', '$KV.chronicle_SNAPSHOTS.perm'],
    ['public', 'publish', '$JS.API.STREAM.PURGE.KV_chronicle_SNAPSHOTS'],
    ['public', 'publish', '$JS.API.STREAM.DELETE.chronicle_MOVES'],
    // Outsiders never get the full stream of a table: every move's payload, the whole state, the log's pages in play.
    ['public', 'subscription', 'chronicle.moves.>'],
    ['public', 'subscription', 'chronicle.moves.perm'],
    ['public', 'publish', 'chronicle.snapshots.v1.get'],
    ['public', 'publish', 'chronicle.log.v1.read'],
    ['public', 'publish', '$JS.API.CONSUMER.CREATE.chronicle_MOVES'],
    ['public', 'publish', '$JS.API.STREAM.INFO.chronicle_MOVES'],
    ['public', 'publish', '$JS.API.STREAM.MSG.GET.chronicle_MOVES'],
    // Only the snapshot service tells what anyone may know of a move, and answers views.
    ['public', 'publish', 'chronicle.public.moves.perm'],
    ['log-service', 'publish', 'chronicle.public.moves.perm'],
    ['turn-executor', 'publish', 'chronicle.public.moves.perm'],
    ['public', 'subscription', 'chronicle.views.v1.state'],
    ['web', 'subscription', 'chronicle.views.v1.>'],
    // Nobody reads another role's replies or the services' own request subjects.
    ['public', 'subscription', '_INBOX_snapshot-service.>'],
    ['public', 'subscription', '_INBOX.>'],
    ['public', 'subscription', 'chronicle.snapshots.v1.get'],
    ['public', 'subscription', 'chronicle.dead.>'],
    ['public', 'subscription', '>'],
    // A player makes, reads and deletes its own ordered consumers, never a service's.
    ...SERVICE_CONSUMERS.flatMap(([stream, durable]) => ['DELETE', 'MSG.NEXT', 'INFO', 'CREATE'].map((api) =>
      ['public', 'publish', `$JS.API.CONSUMER.${api}.${stream}.${durable}${api === 'CREATE' ? `.chronicle.${stream === 'chronicle_MOVES' ? 'moves' : 'tables'}.>` : ''}`])),
  ] as Array<[Role, 'publish' | 'subscription', string]>)('refuses %s to %s on %s', async (role, operation, subject) => {
    await refused(role, operation, subject);
  });

  it('lets a player make, read and delete an ordered consumer of its own', async () => {
    const player = await as('public');
    // The refusals above were on this connection too.
    const before = player.violations.length;
    const ordered = await jetstream(player.nc).consumers.get(subjects.stream('PUBLIC'));
    const first = await ordered.next({ expires: 5_000 });
    expect(first?.json()).toMatchObject({ tableId: 'perm', seq: 1 });
    const { name } = await ordered.info(true);
    await (await jetstreamManager(player.nc)).consumers.delete(subjects.stream('PUBLIC'), name);
    expect(player.violations.slice(before)).toEqual([]);
  });

  it('makes a service consumer someone deleted again where it stood, follows on, and says so in its health', async () => {
    const admin = await jetstreamManager((await as('provision')).nc);
    expect(await admin.consumers.delete('chronicle_MOVES', 'chronicle_snapshot-service')).toBe(true);
    // A table the snapshot service holds: only an entry it consumes brings it to revision 2.
    const executor = new LogClient(new RequestClient((await as('turn-executor')).nc, subjects, 20_000));
    await executor.append({ tableId: 'perm-a', seat: 'ann', payload: { text: 'after the deletion' }, expectedRevision: 1, idempotencyKey: 'after', random: false });
    const outsider = new RequestClient((await as('operator')).nc, subjects, 20_000);
    await waitUntil(async () => (await outsider.request<ViewV1>(ViewSubjects.state, { v: 1, tableId: 'perm-a', minRevision: 2, waitMs: 2_000 })).revision === 2 || undefined,
      30_000, 'the snapshot service to follow perm-a again');
    const port = services[steps + 1]!.output().match(/http port (\d+)/)![1];
    const health = await (await fetch(`http://127.0.0.1:${port}/health`)).json() as { checks: { consumers: { ok: boolean; detail: Array<{ recreated?: string }> } } };
    expect(health.checks.consumers.ok).toBe(true);
    expect(health.checks.consumers.detail[0]!.recreated).toMatch(/consumer chronicle_snapshot-service was gone from the server; made again from stream message \d+/);
    expect((await admin.consumers.info('chronicle_MOVES', 'chronicle_snapshot-service')).config.filter_subject).toBe('chronicle.moves.>');
  });

  it('kept the log and the snapshot as the services wrote them', async () => {
    const page = await new LogClient(new RequestClient((await as('operator')).nc, subjects, 20_000)).read({ tableId: 'perm', fromRevision: 0 });
    expect(page.moves.map((m) => m.payload)).toEqual([{ cell: 0 }, { cell: 4 }, { cell: 8 }, { cell: 1 }]);
    // The services met no refusal of their own and are healthy (NATS link, consumers, database).
    for (const service of services.slice(steps)) {
      expect(service.output()).not.toMatch(/Permissions Violation/);
      const port = service.output().match(/http port (\d+)/)![1];
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    }
  });
});
