import { ConcurrentMove, GameLog, matchesCommitment, stateFromArray, stateHash, UnknownTable, type GameState, type Json } from '@chronicle/engine';
import { decodeSnapshot, SnapshotSubjects, TrustedSubjects, unsealSeed, seedKey, LogSubjects, type SnapshotV1, type SealedSeedV1, type HeaderV1, type MovesPageV1 } from '@chronicle/contracts';
import { addTurn, sammo, type World } from '@chronicle/sammo';
import type { System } from '../system/system';
import { replayWithProgress } from '../commands/offline';
import type { Output } from '../terminal/output';
import { gameDate, nationLines, whyFinished } from './display';

export const WORLD_TABLE = 'sample-world';
/** The scripted players: each takes over an NPC and reserves commands every month. */
export const PLAYERS = ['player-1', 'player-2', 'player-3'];
const PLAYER_COMMANDS = ['che_농지개간', 'che_상업투자', 'che_치안강화', 'che_훈련'];

export interface DemoOptions {
  months?: number;
  turnterm: number;
  /** Wall-clock milliseconds per game month. */
  monthMs: number;
  signal: AbortSignal;
}

export interface DemoResult {
  months: number;
  moves: number;
  tables: number;
  /** Why the run ended before `months` (the world can no longer change), if it did. */
  ended: string | null;
}

/**
 * The sample world living in the running system: opened (or resumed) at table
 * `sample-world`, one game month every `monthMs`, the scripted players' commands in
 * between, the world shown after each month (from the snapshot service, which replays
 * every move), and at the end the log verified: a fresh replay of every move must reach
 * the state the system holds.
 */
export async function runDemo(system: System, options: DemoOptions, out: Output): Promise<DemoResult> {
  let header = await openOrResume(system, options.turnterm, out);
  let state = await snapshotState(system, header.revision);
  let world = state.data;
  out.line(`${world.env.title}: ${world.nations.size} nations, ${world.generals.size} generals, ${world.cities.length - 1} cities, ${gameDate(world)}`);
  out.line(`commitment to the seed (SHA-256): ${header.commitment}`);
  for (const line of nationLines(world)) out.line(line);
  if (header.revision === 0) await seatPlayers(system, state, out);

  const started = performance.now();
  const firstRevision = header.revision;
  let months = 0;
  let ended = whyFinished(state);
  // The clock stands at the last month boundary played (the opening's for a new world).
  let until = world.env.turntime;
  let lastSeen = world.history.at(-1);
  while (!ended && (options.months === undefined || months < options.months) && !options.signal.aborted) {
    await sleep(started + (months + 1) * options.monthMs - performance.now(), options.signal);
    if (options.signal.aborted) break;
    await playersMove(system, state, months, out);
    until = addTurn(until, world.env.turnterm);
    const turnsBefore = world.env.generalTurns;
    const t0 = performance.now();
    header = await appendAdvance(system, until);
    const ms = performance.now() - t0;
    state = await snapshotState(system, header.revision);
    world = state.data;
    months += 1;
    const turns = world.env.generalTurns - turnsBefore;
    const seconds = (performance.now() - started) / 1_000;
    const movesPerSecond = (header.revision - firstRevision) / seconds;
    out.line(`${gameDate(world)}  revision ${header.revision}  ${turns} general turns in ${ms.toFixed(0)} ms (${rate(turns, ms)} turns/s)  ${movesPerSecond.toFixed(1)} moves/s`);
    const fresh = world.history.slice(lastSeen === undefined ? 0 : world.history.findLastIndex((e) => same(e, lastSeen!)) + 1);
    lastSeen = world.history.at(-1) ?? lastSeen;
    for (const event of fresh.slice(-6)) out.line(`    ${event.year}.${event.month} ${event.text}`);
    if (fresh.length > 6) out.line(`    … and ${fresh.length - 6} more`);
    if (world.env.month === 1) for (const line of nationLines(world)) out.line(line);
    out.status(`${gameDate(world)} · ${world.nations.size} nations · revision ${header.revision} · ${movesPerSecond.toFixed(1)} moves/s · Ctrl-C stops`);
    ended = whyFinished(state);
  }
  out.clearStatus();
  if (ended) out.line(`the run ends: ${ended}`);
  await verifyAgainstReplay(system, out);
  return { months, moves: header.revision, tables: 1, ended };
}

async function openOrResume(system: System, turnterm: number, out: Output): Promise<HeaderV1> {
  try {
    const header = await system.log.header({ tableId: WORLD_TABLE });
    out.line(`resuming table ${WORLD_TABLE} at revision ${header.revision}`);
    return header;
  } catch (error) {
    if (!(error instanceof UnknownTable)) throw error;
  }
  await system.log.open({ tableId: WORLD_TABLE, gameId: sammo.id, seats: PLAYERS, options: { world: 'sample', turnterm } });
  out.line(`opened table ${WORLD_TABLE}: the sample Three-Kingdoms world, seats ${PLAYERS.join(', ')}`);
  return system.log.header({ tableId: WORLD_TABLE });
}

/** The state the snapshot service holds at `revision` (it replays every move of the log). */
export async function snapshotState(system: System, revision: number, tableId = WORLD_TABLE): Promise<GameState<World>> {
  const reply = await system.requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId, minRevision: revision, waitMs: 10_000 }, 30_000);
  return stateFromArray(sammo, (decodeSnapshot(reply.snapshot) as { state: Json }).state);
}

async function appendAdvance(system: System, until: number): Promise<HeaderV1> {
  for (;;) {
    const header = await system.log.header({ tableId: WORLD_TABLE });
    try {
      await system.log.append({ tableId: WORLD_TABLE, seat: null, payload: { type: 'advance', until }, random: true, expectedRevision: header.revision, idempotencyKey: `advance-${until}` });
      return system.log.header({ tableId: WORLD_TABLE });
    } catch (error) {
      if (!(error instanceof ConcurrentMove)) throw error;
    }
  }
}

/** Each scripted player takes over an unowned NPC (the first ones by id). */
async function seatPlayers(system: System, state: GameState<World>, out: Output): Promise<void> {
  const free = [...state.data.generals.values()].filter((g) => g.owner === null && g.npc >= 2 && g.npc !== 5).sort((a, b) => a.id - b.id);
  for (const [i, seat] of PLAYERS.entries()) {
    const general = free[i];
    if (!general) break;
    await playerMove(system, seat, { type: 'possess', generalId: general.id }, `takes over ${general.name}`, out);
  }
}

/** Every month each player reserves the next command of its round for its next turn. */
async function playersMove(system: System, state: GameState<World>, month: number, out: Output): Promise<void> {
  for (const [i, seat] of PLAYERS.entries()) {
    const general = [...state.data.generals.values()].find((g) => g.owner === seat);
    if (!general) continue;
    const command = PLAYER_COMMANDS[(month + i) % PLAYER_COMMANDS.length]!;
    await playerMove(system, seat, { type: 'reserve', generalId: general.id, command, arg: null, slots: [0] }, `${general.name}: ${command}`, out);
  }
}

async function playerMove(system: System, seat: string, payload: Json, what: string, out: Output): Promise<void> {
  for (;;) {
    const header = await system.log.header({ tableId: WORLD_TABLE });
    try {
      const appended = await system.log.append({ tableId: WORLD_TABLE, seat, payload, random: false, expectedRevision: header.revision, idempotencyKey: `${seat}-${header.revision}` });
      out.line(`    ${seat} ${what}: accepted at revision ${appended.revision}`);
      return;
    } catch (error) {
      if (error instanceof ConcurrentMove) continue;
      out.line(`    ${seat} ${what}: refused (${(error as Error).message})`);
      return;
    }
  }
}

/**
 * Reads the whole log (the seed comes sealed, as to any trusted service), replays it with a
 * progress bar, and checks that the replay reaches the state the system holds.
 */
export async function verifyAgainstReplay(system: System, out: Output): Promise<void> {
  const header = await system.log.header({ tableId: WORLD_TABLE });
  out.line(`verifying: replaying the ${header.revision} moves of ${WORLD_TABLE} from its seed…`);
  const sealed = await system.requests.request<SealedSeedV1>(TrustedSubjects.sealedSeed, { v: 1, tableId: WORLD_TABLE });
  const seed = unsealSeed(seedKey(system.home.settings.seedKey), WORLD_TABLE, sealed.sealedSeed);
  const moves: Json[] = [];
  for (let from = 0; from < header.revision;) {
    const page = await system.requests.request<MovesPageV1>(LogSubjects.read, { v: 1, tableId: WORLD_TABLE, fromRevision: from, limit: 1_000 });
    for (const m of page.moves) moves.push({ number: m.number, seat: m.seat, payload: m.payload, random: m.random });
    out.progress('reading the log', moves.length, header.revision);
    if (page.moves.length === 0) break;
    from = page.moves.at(-1)!.number;
  }
  const log = GameLog.fromArray({ tableId: header.tableId, gameId: header.gameId, rulesVersion: header.rulesVersion, seed, seats: header.seats, options: header.options, moves });
  if (!matchesCommitment(seed, header.commitment)) throw new Error(`verification failed: the seed of ${WORLD_TABLE} is not the one committed to`);
  const { game, state } = replayWithProgress(log, out, `verifying ${log.revision} moves`);
  const replayed = stateHash(game, state);
  const held = await snapshotState(system, header.revision);
  if (replayed !== stateHash(sammo, held)) {
    throw new Error(`verification failed: the replay of ${WORLD_TABLE} does not reach the state the system holds`);
  }
  out.line(`verified: the seed matches the commitment and the ${log.revision} moves replay to the state the system holds (${replayed.slice(0, 16)}…)`);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

function same(a: { year: number; month: number; text: string }, b: { year: number; month: number; text: string }): boolean {
  return a.year === b.year && a.month === b.month && a.text === b.text;
}

function rate(turns: number, ms: number): number {
  return ms > 0 ? Math.round((turns / ms) * 1000) : 0;
}
