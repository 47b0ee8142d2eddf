import {
  AdminSubjects, decodeSnapshot, EventSubjects, intentMsgId, SnapshotSubjects, type IntentV1, type SnapshotV1, type TableEventV1, type WorldActionDoneV1, type WorldEventV1,
} from '@chronicle/contracts';
import { clockOptions, engine, firstChapter, GameLog, stateFromArray, stateHash, type GameState } from '@chronicle/engine';
import { sammo, type World } from '@chronicle/sammo';
import { readStream, waitUntil } from '@chronicle/testing';
import { jetstream } from '@nats-io/jetstream';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SystemUnderTest } from './harness';

jest.setTimeout(600_000);

const GAME_START = Date.UTC(2026, 0, 1);
/** Five-minute months at 150×: a game month every 2 s, a chapter (a game year) every 24 s. */
const TURNTERM = 5;
const SPEED = 150;

/**
 * PostgreSQL is the record. A system runs a world in chapters and a plain table; its database
 * is dumped (pg_dump) and restored (pg_restore) into a fresh system — its own PostgreSQL, an
 * empty NATS server, the same prefix and seed key — and every table, world and snapshot comes
 * back: the streams rebuilt from the database by the log service, the worlds re-announced
 * and ticked by the scheduler, the snapshots replayed by the snapshot service, and the world
 * goes on where it stood.
 */
describe('a restore from a database dump onto a fresh NATS', () => {
  const before = new SystemUnderTest();
  let after: SystemUnderTest | undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'chronicle-dump-'));
  const dump = path.join(dir, 'chronicle.dump');
  const busFile = path.join(dir, 'chronicle.bus.json');
  /** The operator's CLI against a system, as the documented backup and restore run it. */
  const chronicle = (system: SystemUnderTest, args: string[]) => execFileSync('npm', ['run', '-s', 'chronicle', '--', ...args, '--nats', system.nats.url, '--prefix', system.prefix], {
    cwd: path.resolve(__dirname, '../..'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000,
  });

  afterAll(async () => {
    await after?.stopAll();
    await before.stopAll();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The state the snapshot service holds for a table at its revision now, and its hash. */
  const held = async (system: SystemUnderTest, tableId: string, revision: number) => {
    const reply = await system.requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId, minRevision: revision, waitMs: 10_000 }, 30_000);
    expect(reply.quarantined ?? null).toBeNull();
    const state = stateFromArray(sammo, (decodeSnapshot(reply.snapshot) as { state: never }).state) as GameState<World>;
    return { revision: reply.revision, hash: stateHash(sammo, state) };
  };

  it('brings back every table, world and snapshot, and the world goes on', async () => {
    await before.start();
    const clock = clockOptions({ openedAt: Date.now(), gameStart: GAME_START, speed: SPEED, minTickInterval: 0 });
    await before.log.open({
      tableId: 'w-c1', gameId: 'sammo', seats: ['ann'],
      options: { world: 'synthetic', generals: 16, cities: 6, nations: 2, chapterYears: 1, turnterm: TURNTERM, start: GAME_START, ...clock, ...firstChapter('w') },
    });
    await before.log.open({ tableId: 'plain', gameId: 'sammo', seats: ['bob'], options: { world: 'synthetic', generals: 12, cities: 4, nations: 2, turnterm: TURNTERM, start: GAME_START, ...clock } });
    // The world's second chapter opened and moved: one chapter closed, one in play.
    await waitUntil(async () => ((await before.log.header({ tableId: 'w-c2' }).catch(() => undefined))?.revision ?? 0) >= 2 || undefined, 180_000, 'the second chapter moving');
    for (const name of ['exec-a', 'exec-b'] as const) await before.processes.get(name)!.stop();
    // What lives only in NATS at the backup: an intent no executor decided, an operator's pause and its audit entry.
    const intent: IntentV1 = { v: 1, tableId: 'plain', intentKey: 'bob-after-the-backup', seat: 'bob', kind: 'move', payload: { type: 'noop' }, submittedAt: new Date().toISOString() };
    await jetstream(before.nc).publish(before.subjects.of(EventSubjects.intents('plain')), JSON.stringify(intent), { msgID: intentMsgId('plain', intent.intentKey) });
    await before.requests.request<WorldActionDoneV1>(AdminSubjects.pause, { v: 1, target: 'plain', operator: 'backup-test', reason: 'held across the backup' });
    expect(chronicle(before, ['bus-state', '--out', busFile])).toMatch(/: 1 intents not yet decided, 1 paused tables, 1 audit entries, 0 dead letters$/m);
    expect(readFileSync(busFile, 'utf8')).not.toContain('noop');
    await before.processes.get('scheduler')!.stop();
    const tables = ['w-c1', 'w-c2', 'plain'];
    const headers = await Promise.all(tables.map((tableId) => before.log.header({ tableId })));
    const snapshots = await Promise.all(headers.map((h) => held(before, h.tableId, h.revision)));
    for (const name of ['snapshot-service', 'log-service'] as const) await before.processes.get(name)!.stop();

    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, before.postgres.url()], { stdio: 'pipe' });
    after = new SystemUnderTest(before.prefix, before.seedKey);
    // No executor yet: the world must stand where the dump left it while its snapshots are compared.
    await after.start((cluster) => execFileSync('pg_restore', ['--no-owner', `--dbname=${cluster.url()}`, dump], { stdio: 'pipe' }), ['exec-a', 'exec-b']);

    // Every table is back, at the revision and status it had.
    expect(await Promise.all(tables.map(async (tableId) => {
      const h = await after!.log.header({ tableId });
      return [h.tableId, h.revision, h.status, h.commitment];
    }))).toEqual(headers.map((h) => [h.tableId, h.revision, h.status, h.commitment]));
    // The streams are rebuilt from the database: each table's opening (and end) on TABLES…
    await waitUntil(async () => {
      const events = (await readStream(after!.nc, after!.subjects.stream('TABLES'))).map((m) => m.data as TableEventV1);
      return tables.every((t) => events.some((e) => e.tableId === t && e.kind === 'opened')) && events.some((e) => e.tableId === 'w-c1' && e.kind === 'finished') || undefined;
    }, 60_000, 'the tables stream rebuilt');
    // …and the world on WORLDS, announced again by the scheduler.
    await waitUntil(async () => {
      const events = (await readStream(after!.nc, after!.subjects.stream('WORLDS'))).map((m) => m.data as WorldEventV1);
      return ['w-c1', 'w-c2'].every((t) => events.some((e) => e.kind === 'chapter-opened' && e.tableId === t)) || undefined;
    }, 60_000, 'the world re-announced');
    // What the dump could not hold is named as lost, by table and key.
    const report = chronicle(after, ['restore-report', busFile]).trim().split('\n');
    expect(report).toEqual([
      expect.stringMatching(/^restore report: /),
      expect.stringMatching(/^table plain: intent bob-after-the-backup \(seat bob, sent \S+\) lost: it never reached the log; send it again \(its key is free\)$/),
      expect.stringMatching(/^table plain: its pause \(since \S+ by backup-test: "held across the backup"\) is lost: it is ticked again; chronicle pause plain --reason "…" stops it again$/),
      expect.stringMatching(/^table plain: audit entry lost \(kept in \S+\): \S+ backup-test pause: held across the backup$/),
      'lost: 1 of 1 pending intents named, 1 of 1 pauses, 1 of 1 audit entries, 0 of 0 dead letters',
    ]);
    // Every snapshot comes back, by replay, to the state it was.
    for (const [i, h] of headers.entries()) expect(await held(after, h.tableId, h.revision)).toEqual(snapshots[i]);
    // The world goes on where it stood: its chapter in play moves on from the restored revision.
    await Promise.all((['exec-a', 'exec-b'] as const).map((name) => after!.startService(name)));
    const inPlay = headers[1]!;
    await waitUntil(async () => ((await after!.log.header({ tableId: 'w-c2' })).revision > inPlay.revision) || undefined, 120_000, 'the world moving after the restore');
    // And the chapter that closed before the dump still verifies against its commitment, from the log as restored.
    const finished = await after.log.finishedLog({ tableId: 'w-c1' });
    expect(stateHash(sammo, engine.verify(sammo, GameLog.fromArray(finished.log), headers[0]!.commitment))).toBe(snapshots[0]!.hash);
  });
});
