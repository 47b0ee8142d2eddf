// The whole system (log service, snapshot service, scheduler, two turn executors, each its
// own process) running strategy worlds at high speed, beside the same worlds advanced in
// this process by the engine alone. Throughput is general turns executed per wall second;
// tick-to-applied is from a due time (on the wall clock) to the move that served it being
// durable and published on moves.<table>.
import { LogClient, RequestClient } from '@chronicle/bus';
import { decodeSnapshot, EventSubjects, SnapshotSubjects, Subjects, type MoveEventV1, type SnapshotV1 } from '@chronicle/contracts';
import { clockOptions, engine, GameLog, readGameClock, wallTimeOf, type GameClock, type JsonObject } from '@chronicle/engine';
import { nextDueTime, sammo } from '@chronicle/sammo';
import { connectNats, createTestDatabase, removePrefixed, spawnService, uniquePrefix, type ServiceProcess } from '@chronicle/testing';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { percentile } from './machine';

const GAME_START = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;
const WORLDS: Array<{ tableId: string; options: JsonObject }> = [
  { tableId: 'sample', options: { world: 'sample' } },
  { tableId: 'big-1', options: { world: 'synthetic', generals: 1200 } },
  { tableId: 'big-2', options: { world: 'synthetic', generals: 1200 } },
];

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const seed = () => randomBytes(32).toString('hex');

/** The worlds advanced one game month per move in this process: the engine and the rules alone. */
function inProcess(months: number): { turnsPerS: number; movesPerYear: number } {
  let turns = 0;
  let ms = 0;
  for (const { tableId, options } of WORLDS) {
    const log = GameLog.open({ tableId, gameId: sammo.id, rulesVersion: sammo.version, seats: [], options: { ...options, start: GAME_START }, seed: seed() });
    const state = engine.setup(sammo, log.header());
    const started = performance.now();
    for (let m = 1; m <= months; m++) log.append(engine.step(sammo, log.header(), state, null, { type: 'advance', until: GAME_START + m * HOUR }).move);
    ms += performance.now() - started;
    turns += state.data.env.generalTurns;
  }
  // The worst case for the log's limit: a 1,200-general world ticked at every general's turn (no coalescing).
  const log = GameLog.open({ tableId: 'year', gameId: sammo.id, rulesVersion: sammo.version, seats: [], options: { ...WORLDS[1]!.options, start: GAME_START, chapterYears: 1 }, seed: seed() });
  const state = engine.setup(sammo, log.header());
  while (!state.outcome) log.append(engine.step(sammo, log.header(), state, null, { type: 'advance', until: nextDueTime(state.data)! + 1 }).move);
  return { turnsPerS: Math.round(turns / (ms / 1000)), movesPerYear: log.revision };
}

export async function main(args: string[]): Promise<void> {
  const seconds = Number(args[0] ?? 40);
  const speed = Number(args[1] ?? 3_600);
  console.log(`conditions: ${WORLDS.length} worlds (sample: 665 generals; 2 synthetic: 1,200 each), turnterm 60, game speed ${speed}× `
    + `(a game month every ${(HOUR / speed / 1000).toFixed(1)} s), ${seconds} s of wall time; load average before: ${load()}`);

  console.log('in-process: each world advanced 12 game months, one move per month…');
  const local = inProcess(12);
  console.log(`in-process: ${local.turnsPerS} general turns/s; a 1,200-general year ticked at every general turn: ${local.movesPerYear} moves`);

  const prefix = uniquePrefix('bsys');
  const subjects = new Subjects(prefix);
  const seedKey = seed();
  const db = await createTestDatabase();
  const nc = await connectNats();
  const services: ServiceProcess[] = [];
  try {
    const env = { CHRONICLE_PREFIX: prefix, HTTP_PORT: '0', LOG_LEVEL: 'warn', NATS_PROVISION: 'true' };
    const trusted = { ...env, CHRONICLE_SEED_KEY: seedKey };
    const start = async (entry: string, extra: Record<string, string>, ready: RegExp) => {
      const service = spawnService(entry, { ...extra, LOG_LEVEL: 'info' });
      services.push(service);
      await service.waitFor(ready, 120_000);
    };
    await start('apps/log-service/src/main.ts', { ...trusted, DATABASE_URL: db.url, OUTBOX_POLL_MS: '20' }, /log-service ready/);
    await Promise.all([
      start('apps/snapshot-service/src/main.ts', trusted, /snapshot-service ready/),
      start('apps/turn-executor/src/main.ts', { ...trusted, EXECUTOR_ID: 'a', CHRONICLE_TRUST_NAMED_SEATS: 'true' }, /turn-executor ready/),
      start('apps/turn-executor/src/main.ts', { ...trusted, EXECUTOR_ID: 'b', CHRONICLE_TRUST_NAMED_SEATS: 'true' }, /turn-executor ready/),
      start('apps/scheduler/src/main.ts', env, /scheduler ready/),
    ]);
    // Generous: on a loaded machine the snapshot service may be minutes behind the log.
    const requests = new RequestClient(nc, subjects, 120_000);
    const log = new LogClient(requests);
    const turnsOf = async (tableId: string, minRevision = 0) => {
      const reply = await requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId, minRevision, waitMs: 10_000 }, 120_000);
      return { turns: (decodeSnapshot(reply.snapshot) as { state: { data: { env: { generalTurns: number } } } }).state.data.env.generalTurns, revision: reply.revision };
    };

    const clocks = new Map<string, GameClock>();
    const lastDue = new Map<string, string | null>();
    const latencies: number[] = [];
    let moves = 0;
    const subscription = nc.subscribe(subjects.of(EventSubjects.allMoves), {
      callback: (_error, message) => {
        const event = message.json<MoveEventV1>();
        const served = lastDue.get(event.tableId);
        const clock = clocks.get(event.tableId);
        if (served && clock && measuring) latencies.push(Date.now() - wallTimeOf(clock, Date.parse(served)));
        lastDue.set(event.tableId, event.nextDueAt);
        if (measuring) moves += 1;
      },
    });
    let measuring = false;

    const openedAt = Date.now();
    for (const { tableId, options } of WORLDS) {
      const clock = clockOptions({ openedAt, gameStart: GAME_START, speed, minTickInterval: 0 });
      clocks.set(tableId, readGameClock(clock));
      await log.open({ tableId, gameId: 'sammo', seats: ['p'], options: { ...options, start: GAME_START, ...clock } });
    }
    // The first months include every service's first load of each world: measure after them.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const before = await Promise.all(WORLDS.map(({ tableId }) => turnsOf(tableId)));
    measuring = true;
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1_000));
    measuring = false;
    const elapsed = (Date.now() - started) / 1_000;
    const headers = await Promise.all(WORLDS.map(({ tableId }) => log.header({ tableId })));
    const after = await Promise.all(WORLDS.map(({ tableId }, i) => turnsOf(tableId, headers[i]!.revision)));
    subscription.unsubscribe();

    const turns = after.reduce((sum, a, i) => sum + a.turns - before[i]!.turns, 0);
    const systemRate = Math.round(turns / elapsed);
    const sorted = [...latencies].sort((a, b) => a - b);
    const gameYears = (elapsed * 1_000 * speed) / (12 * HOUR);
    console.log(`system: ${turns} general turns in ${elapsed.toFixed(1)} s over ${WORLDS.length} worlds, ${moves} moves `
      + `(${Math.round(moves / WORLDS.length / gameYears)} per world and game year at this speed); `
      + `due → applied p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms over ${sorted.length} moves; load average after: ${load()}`);
    console.log(`RESULT system general_turns_per_s=${systemRate} inprocess_general_turns_per_s=${local.turnsPerS} `
      + `efficiency=${(systemRate / local.turnsPerS).toFixed(3)} tick_to_applied_p99_ms=${percentile(sorted, 99)} moves_per_game_year=${local.movesPerYear}`);
  } finally {
    for (const service of services.reverse()) await service.stop();
    await removePrefixed(nc, prefix);
    await nc.drain();
    await db.drop();
  }
}
