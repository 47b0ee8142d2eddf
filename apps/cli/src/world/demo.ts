import {
  AuditedLog, chapterTableId, GameLog, matchesCommitment, readChapter, stateHash, stateToArray, withOpening, type AnyGame, type GameState, type Json,
  type RecordedMove,
} from '@chronicle/engine';
import { TableReplayer } from '@chronicle/bus';
import { ed25519PrivateKey, publicKeyHex, seedKey, type HeaderV1, type LogRecordV1 } from '@chronicle/contracts';
import { defaultGames } from '@chronicle/games';
import { GatewayClient, type ApiAnswer } from '@chronicle/service-kit';
import type { World } from '@chronicle/sammo';
import { auditLog, replayWithProgress } from '../commands/offline';
import { chapterAfter, worldOf } from '../commands/remote';
import { openWorld, worldChapters } from '../commands/worlds';
import type { System } from '../system/system';
import type { Output } from '../terminal/output';
import { gameDate, nationLines, whyFinished } from './display';

/** The world `npm start` runs; its chapters are tables `sample-world-c1`, `-c2`, … */
export const WORLD = 'sample-world';
/** The scripted players' accounts at the gateway: each takes over an NPC and reserves a command every month. */
export const PLAYERS = ['player-1', 'player-2', 'player-3'];
/**
 * A table opens with at least one seat; players join a world in play as seats of their own
 * (the gateway's `p-<account>`, by createGeneral or possess), so this one is never played.
 */
const FOUNDING_SEATS = ['founder'];
const PLAYER_COMMANDS = ['che_농지개간', 'che_상업투자', 'che_치안강화', 'che_훈련'];
const POLL_MS = 250;
const STALL_WARNING_MS = 30_000;
/** At the end, how long the executors get to decide the players' last intents before the drain. */
const INTENT_SETTLE_MS = 10_000;

export interface DemoOptions {
  months?: number;
  turnterm: number;
  /** Wall-clock milliseconds per game month: the world's clock runs at turnterm ÷ monthMs. */
  monthMs: number;
  /** Game years per chapter of a new world (0: one table for the world's whole life). */
  chapterYears: number;
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
 * The sample world living in the system: the scheduler ticks it on its game clock (a game
 * month every `monthMs`), the executors advance it, the players' intents go through the
 * executors, and the scheduler opens the next chapter at each year's end. This process
 * only opens the world, submits the scripted players' intents and shows what happens (from
 * the snapshot service); at the end it verifies every chapter.
 */
export async function runDemo(system: System, options: DemoOptions, out: Output, drain: () => Promise<void>): Promise<DemoResult> {
  const players = new Players(system, out);
  let header = await openOrResume(system, options, out);
  let state = await worldOf(system, header.tableId, header.revision);
  out.line(`${state.data.env.title}: ${state.data.nations.size} nations, ${state.data.generals.size} generals, ${state.data.cities.length - 1} cities, ${gameDate(state.data)}`);
  out.line(`chapter ${readChapter(header.options)!.number} is table ${header.tableId}; commitment to its seed (SHA-256): ${header.commitment}`);
  for (const line of nationLines(state.data)) out.line(line);
  await players.enter(state);

  const started = performance.now();
  const firstMoves = await worldMoves(system, header);
  let months = 0;
  let ended = whyFinished(state);
  let lastMonth = monthIndex(state.data);
  let lastTurns = state.data.env.generalTurns;
  let lastMonthAt = performance.now();
  let lastSeen = state.data.history.at(-1);
  let lastMoveAt = performance.now();
  let warned = false;
  while (!ended && (options.months === undefined || months < options.months) && !options.signal.aborted) {
    await sleep(POLL_MS, options.signal);
    players.poll();
    const now = await system.log.header({ tableId: header.tableId });
    if (now.status === 'finished') {
      if (!now.outcome?.continues) {
        header = now;
        state = await worldOf(system, header.tableId, header.revision);
        ended = whyFinished(state) ?? `the world is over: ${now.outcome?.result ?? 'finished'}`;
        break;
      }
      out.line(`chapter ${readChapter(now.options)!.number} closes (${now.outcome.result}); its log and seed are now public`);
      const next = await nextChapter(system, now, options.signal);
      // Stopped while the scheduler opens the next chapter: the world is verified up to this one.
      if (!next) {
        header = now;
        break;
      }
      header = next;
      out.line(`chapter ${readChapter(header.options)!.number} opens as table ${header.tableId}, commitment ${header.commitment}`);
      continue;
    }
    if (now.revision === header.revision) {
      if (performance.now() - lastMoveAt > STALL_WARNING_MS && !warned) {
        warned = true;
        out.line(`the world has not moved for ${STALL_WARNING_MS / 1_000} s: the scheduler ticks it and the executors advance it; see ${system.home.at('logs')}`);
      }
      continue;
    }
    lastMoveAt = performance.now();
    warned = false;
    header = now;
    state = await worldOf(system, header.tableId, header.revision);
    const month = monthIndex(state.data);
    if (month === lastMonth) continue;
    months += month - lastMonth;
    const seconds = (performance.now() - lastMonthAt) / 1_000;
    const turns = state.data.env.generalTurns - lastTurns;
    const moves = (await worldMoves(system, header)) - firstMoves;
    out.line(`${gameDate(state.data)}  ${header.tableId} revision ${header.revision}  ${turns} general turns (${Math.round(turns / seconds)}/s)  ${(moves / ((performance.now() - started) / 1_000)).toFixed(1)} moves/s`);
    const fresh = state.data.history.slice(lastSeen === undefined ? 0 : state.data.history.findLastIndex((e) => same(e, lastSeen!)) + 1);
    lastSeen = state.data.history.at(-1) ?? lastSeen;
    for (const event of fresh.slice(-6)) out.line(`    ${event.year}.${event.month} ${event.text}`);
    if (fresh.length > 6) out.line(`    … and ${fresh.length - 6} more`);
    if (state.data.env.month === 1) for (const line of nationLines(state.data)) out.line(line);
    out.status(`${gameDate(state.data)} · ${state.data.nations.size} nations · ${header.tableId} revision ${header.revision} · Ctrl-C stops`);
    lastMonth = month;
    lastTurns = state.data.env.generalTurns;
    lastMonthAt = performance.now();
    ended = whyFinished(state);
    // Not after the last month: the run ends now, and its moves would wait for the next run.
    const more = options.months === undefined || months < options.months;
    if (!ended && !options.signal.aborted && more) await players.move(state, month);
  }
  out.clearStatus();
  if (ended) out.line(`the run ends: ${ended}`);
  await players.settle(INTENT_SETTLE_MS);
  players.reportUndecided();
  out.line('draining: the scheduler and the executors finish the work under way and stop');
  await drain();
  const last = await system.log.header({ tableId: header.tableId });
  const chapters = await verifyWorld(system, last, out);
  return { months, moves: await worldMoves(system, last), tables: chapters, ended };
}

/** The world's latest chapter, or its first one opened now. */
async function openOrResume(system: System, options: DemoOptions, out: Output): Promise<HeaderV1> {
  const latest = (await worldChapters(system.log, WORLD)).at(-1);
  if (latest) {
    out.line(`resuming world ${WORLD} at table ${latest.tableId}, revision ${latest.revision}`);
    if (latest.status === 'finished' && latest.outcome?.continues) return (await nextChapter(system, latest, options.signal)) ?? latest;
    return latest;
  }
  const header = await openWorld(system.log, {
    world: WORLD, scenario: 'sample', seats: FOUNDING_SEATS, turnterm: options.turnterm, monthMs: options.monthMs, chapterYears: options.chapterYears, startAt: Date.now(),
  });
  const chapters = options.chapterYears > 0 ? `a chapter every ${options.chapterYears} game years` : 'one chapter';
  out.line(`opened world ${WORLD}: the sample Three-Kingdoms world, a game month every ${options.monthMs} ms, ${chapters}; its seats are open: join it through the players' API`);
  return header;
}

/** The scheduler opens the next chapter when one closes; wait for it (undefined when stopped meanwhile). */
async function nextChapter(system: System, ended: HeaderV1, signal: AbortSignal): Promise<HeaderV1 | undefined> {
  const tableId = await chapterAfter(system.log, ended, signal);
  return tableId === undefined ? undefined : system.log.header({ tableId });
}

/** Moves of every chapter so far. */
async function worldMoves(system: System, current: HeaderV1): Promise<number> {
  let moves = current.revision;
  for (let number = readChapter(current.options)!.number - 1; number >= 1; number--) {
    moves += (await system.log.header({ tableId: chapterTableId(WORLD, number) })).revision;
  }
  return moves;
}

/**
 * The scripted players: accounts at the gateway (`player-1`…, the home's password) that sign
 * in, join the world by taking over an unowned NPC (빙의) and reserve a command every month,
 * over HTTP as any player does. The gateway signs their seat proofs; the executors check them.
 */
class Players {
  private readonly pending = new Map<string, { player: string; what: string; send: () => Promise<ApiAnswer<Outcome>>; inFlight: boolean }>();
  private readonly signedIn: Promise<GatewayClient[]>;
  private clients: GatewayClient[] = [];

  /** Signs each player in (its account made on the first run) at once: the world opens meanwhile. */
  constructor(private readonly system: System, private readonly out: Output) {
    this.signedIn = Promise.all(PLAYERS.map((name) => GatewayClient.enter(system.gatewayUrl, name, system.home.settings.playersPassword)));
    this.signedIn.catch(() => undefined);
  }

  /** Joins each player without a general yet to the world, taking over an unowned NPC (the first ones by id). */
  async enter(state: GameState<World>): Promise<void> {
    this.clients = await this.signedIn;
    const generals = [...state.data.generals.values()];
    const free = generals.filter((g) => g.owner === null && g.npc >= 2 && g.npc !== 5).sort((a, b) => a.id - b.id);
    for (const client of this.clients) {
      if ((await client.get(`/worlds/${WORLD}/seat`)).status === 200) continue;
      const general = free.shift();
      if (!general) continue;
      // The same key on the next run: a join still pending then is the same join.
      this.submit(client, `/worlds/${WORLD}/join`, { mode: 'possess', generalId: general.id }, `possess-${general.id}`, `takes over ${general.name}`);
    }
  }

  /** Every month each player with a general reserves the next command of its round for its next turn. */
  async move(state: GameState<World>, month: number): Promise<void> {
    for (const [i, client] of this.clients.entries()) {
      const seat = await client.get<{ seat: string }>(`/worlds/${WORLD}/seat`);
      if (seat.status !== 200) continue;
      const general = [...state.data.generals.values()].find((g) => g.owner === seat.body.seat);
      if (!general) continue;
      const command = PLAYER_COMMANDS[(month + i) % PLAYER_COMMANDS.length]!;
      this.submit(client, `/worlds/${WORLD}/commands/reserve`, { command, arg: null, slots: [0] }, `month-${month}`, `${general.name}: ${command}`);
    }
  }

  /**
   * Sends a write without waiting for it (the world's clock does not wait either). The gateway
   * answers once the executors have decided it, or 202 pending: the same write is sent again
   * (the same key: the same intent, never a second one) until it is decided, and each outcome
   * is printed when it is known.
   */
  private submit(client: GatewayClient, path: string, body: Json, key: string, what: string): void {
    const id = `${client.username}/${key}`;
    this.pending.set(id, { player: client.username, what, send: () => client.post<Outcome>(path, body, key), inFlight: false });
    this.resend(id);
  }

  private resend(id: string): void {
    const intent = this.pending.get(id)!;
    intent.inFlight = true;
    void intent.send().then(
      (answer) => this.report(id, answer),
      (error: Error) => this.report(id, { status: 0, body: { error: { code: 'UNREACHABLE', message: `the gateway did not answer: ${error.message}` } } as ApiAnswer<Outcome>['body'] }),
    );
  }

  /** Sends again the writes the gateway answered as pending. */
  poll(): void {
    for (const [id, { inFlight }] of this.pending) if (!inFlight) this.resend(id);
  }

  /** Polls until every write is decided or `ms` have passed. */
  async settle(ms: number): Promise<void> {
    const deadline = performance.now() + ms;
    if (this.pending.size > 0) this.out.line(`waiting up to ${ms / 1_000} s for the executors to decide ${this.pending.size} intents`);
    while (this.pending.size > 0 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      this.poll();
    }
  }

  /** Intents still undecided are durable: the executors decide them when the system runs again. */
  reportUndecided(): void {
    for (const { player, what } of this.pending.values()) this.out.line(`    ${player} ${what}: still pending (durable; decided when the system runs again)`);
  }

  private report(id: string, answer: ApiAnswer<Outcome>): void {
    const intent = this.pending.get(id);
    if (!intent) return;
    intent.inFlight = false;
    if (answer.status === 202) return;
    this.pending.delete(id);
    const said = answer.status === 200 ? `accepted at revision ${answer.body.revision}` : `refused (${answer.body.error?.message ?? answer.status})`;
    this.out.line(`    ${intent.player} ${intent.what}: ${said}`);
  }
}

/** The gateway's answer to a write (apps/gateway README). */
interface Outcome {
  status: 'accepted' | 'refused' | 'pending';
  revision: number | null;
}

/**
 * Every chapter replayed from its seed: a finished one from its public log (checked against
 * the commitment published when it opened), the one in play from the seed sealed for trusted
 * services; each from the final state of the one before (its link checked: commitment, final
 * revision, state hash); each checked against the log service's record of its entries (every
 * move its stored leaf, the tree's checkpoint signed by the log service), and must reach after
 * each move the state hash it recorded — the last move's is the final state's —, and the one in
 * play the state the snapshot service holds. Returns the number of chapters.
 */
async function verifyWorld(system: System, current: HeaderV1, out: Output): Promise<number> {
  const chapters = readChapter(current.options)!.number;
  const logKey = publicKeyHex(ed25519PrivateKey(system.home.settings.signingKey));
  let before: { header: HeaderV1; game: AnyGame; final: GameState<unknown> } | undefined;
  for (let number = 1; number <= chapters; number++) {
    const header = number === chapters ? current : await system.log.header({ tableId: chapterTableId(WORLD, number) });
    const { log: stored, moves, record } = header.status === 'finished' ? await publicLog(system, header) : await sealedLog(system, header, out);
    if (!matchesCommitment(stored.seed, header.commitment)) throw new Error(`verification failed: the seed of ${header.tableId} is not the one committed to`);
    const link = readChapter(header.options)!.previous;
    if (before && link?.commitment !== before.header.commitment) throw new Error(`verification failed: ${header.tableId} does not link to the commitment of ${before.header.tableId}`);
    let audit;
    try {
      audit = auditLog(stored, moves, record, record.checkpoint, header.commitment, logKey);
    } catch (error) {
      throw new Error(`verification failed: ${header.tableId}: ${(error as Error).message}`);
    }
    // The opening state is the previous chapter's final state, just replayed; the setup checks it against the link.
    const log = before ? stored.withOptions(withOpening(stored.options, stateToArray(before.game, before.final))) : stored;
    const { game, state } = replayWithProgress(log, out, `verifying ${header.tableId}: ${log.revision} moves`, audit);
    before = { header, game, final: state };
    const replayed = stateHash(game, state);
    if (number === chapters && stateHash(game, await worldOf(system, header.tableId, header.revision)) !== replayed) {
      throw new Error(`verification failed: the replay of ${header.tableId} does not reach the state the system holds`);
    }
    out.line(`verified ${header.tableId}: the seed matches the commitment and the ${log.revision} moves replay to ${header.status === 'finished' ? 'its final state' : 'the state the system holds'} (${replayed.slice(0, 16)}…), each the move stored in the ${record.treeSize} entries whose tree the log service signed (root ${record.rootHash.slice(0, 16)}…)`);
  }
  return chapters;
}

interface ChapterLog {
  log: GameLog;
  moves: RecordedMove[];
  record: LogRecordV1;
}

/** A finished chapter: its public log, with the record of its entries. */
async function publicLog(system: System, header: HeaderV1): Promise<ChapterLog> {
  const finished = await system.log.finishedLog({ tableId: header.tableId });
  return { log: GameLog.fromArray(finished.log), moves: AuditedLog.readParts(finished).moves!, record: finished.record! };
}

/**
 * A chapter in play: its moves, its seed as the log service hands it to trusted services
 * (`TableReplayer`, which opens it with the home's key), and the record of its entries.
 */
async function sealedLog(system: System, header: HeaderV1, out: Output): Promise<ChapterLog> {
  const replayer = new TableReplayer(system.log, seedKey(system.home.settings.seedKey), defaultGames());
  const { header: seeded } = await replayer.table(header.tableId, header);
  const read = await replayer.moves(header.tableId, header.revision, (count) => out.progress(`reading ${header.tableId}`, count, header.revision));
  const moves = read.map(({ number, seat, payload, random }) => ({ number, seat, payload, random }));
  const log = GameLog.fromArray({ tableId: header.tableId, gameId: header.gameId, rulesVersion: header.rulesVersion, seed: seeded.seed, seats: header.seats, options: header.options, moves });
  return { log, moves: read.map(({ seq, stateHash }) => ({ seq, stateHash })), record: await system.log.record(header.tableId, header.seq) };
}

function monthIndex(world: World): number {
  return world.env.year * 12 + world.env.month;
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
