import { writeFileSync, readFileSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import {
  decodeSnapshot, EventSubjects, ExecutorSubjects, MAX_INTENT_WAIT_MS, SnapshotSubjects, StreamRoles, ViewSubjects,
  type HeaderV1, type IntentOutcomeV1, type PublicMoveEventV1, type SnapshotV1, type TableEventV1, type ViewV1,
} from '@chronicle/contracts';
import {
  chapterTableId, CONTRIBUTED, DOCUMENTS_KEY, engine, InvalidGame, newSeed, readChapter, stateFromArray, UnknownTable, type GameState, type Json, type JsonObject, type StateView,
} from '@chronicle/engine';
import { openingsFromSnapshots, sendDocument, withChapterOpening, withStoredDocuments, type LogClient } from '@chronicle/bus';
import { defaultGames } from '@chronicle/games';
import { sammo, type MoveTold, type PublicView, type World } from '@chronicle/sammo';
import { CliError, type Output } from '../terminal/output';
import { gameDate } from '../world/display';
import type { Remote } from './connection';
import { knownTables, knownWorlds, lastWorldEvent, unknownId, worldChapters } from './worlds';

/** How long the scheduler may take to open a world's next chapter once one closed. */
const NEXT_CHAPTER_WAIT_MS = 60_000;

/** `chronicle open`: a new table from a game and its options (for the strategy game, a scenario file or a built-in world). */
export async function openTable(remote: Remote, out: Output, options: { table: string; game: string; seats: string[]; scenario?: string; world?: string; turnterm?: number; contributed?: boolean }): Promise<void> {
  const tableOptions: JsonObject = {};
  if (options.scenario) {
    Object.assign(tableOptions, await scenarioOptions(remote, out, options.scenario));
  } else if (options.world) {
    tableOptions.world = options.world;
  }
  if (options.turnterm !== undefined) tableOptions.turnterm = options.turnterm;
  if (options.contributed) {
    tableOptions.randomness = CONTRIBUTED;
    refuseDrawingSetup(options.table, options.game, options.seats, await withStoredDocuments(remote.requests, tableOptions));
  }
  const opened = await remote.log.open({ tableId: options.table, gameId: options.game, seats: options.seats, options: tableOptions });
  out.line(`opened table ${opened.tableId} (${options.game}, seats ${options.seats.join(', ')})`);
  out.line(`commitment to the seed (SHA-256): ${opened.commitment}`);
  if (options.contributed) {
    out.line(`contributed randomness: no move is played until every seat (${options.seats.join(', ')}) has committed and revealed its part: chronicle contribute ${opened.tableId} --seat <seat>`);
  }
}

/**
 * A strategy scenario from a file of any size, by reference: its bytes go to the log service
 * first (kept in PostgreSQL under their SHA-256), and the table's options name them
 * (`options.documents.scenario`), so that every replay and verification reads the same bytes.
 */
export async function scenarioOptions(remote: Remote, out: Output, file: string): Promise<JsonObject> {
  let body: Buffer;
  try {
    body = readFileSync(file);
    JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new CliError(`cannot read the scenario ${file}: ${(error as Error).message}`);
  }
  const ref = await sendDocument(remote.requests, body);
  out.line(`scenario ${file}: ${ref.bytes} bytes stored by the log service, SHA-256 ${ref.sha256}`);
  return { world: 'scenario', [DOCUMENTS_KEY]: { scenario: { sha256: ref.sha256, bytes: ref.bytes } } };
}

/**
 * A finished table's options as its setup needs them: a later chapter's opening state (the
 * previous final state, which its options only name) and the documents they name, attached.
 */
export async function attachedOptions(remote: Remote, options: Readonly<JsonObject>): Promise<JsonObject> {
  return { ...(await withStoredDocuments(remote.requests, await withChapterOpening(options, openingsFromSnapshots(remote.requests, 10_000)))) };
}

/**
 * A contributed table whose game draws at its setup could never be played (its draws would
 * be the operator's seed's alone, so the engine refuses them): say so before opening it.
 */
function refuseDrawingSetup(tableId: string, gameId: string, seats: string[], options: Readonly<JsonObject>): void {
  const games = defaultGames();
  let game;
  try {
    game = games.forNewTable(gameId);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  try {
    engine.setup(game, { tableId, gameId, rulesVersion: game.version, seed: newSeed(), seats, options, moves: 0 });
  } catch (error) {
    if (error instanceof InvalidGame) throw new CliError(`--contributed: ${error.message}`);
    throw error;
  }
}

/** One line per table the system knows: game, status, revision, and the game date of a strategy world. */
export async function listTables(remote: Remote, out: Output): Promise<void> {
  const jsm = await jetstreamManager(remote.nc);
  const stream = remote.subjects.stream(StreamRoles.tables);
  const tableIds = await knownTables(remote);
  if (tableIds.length === 0) {
    out.line(`no tables yet (prefix ${remote.subjects.prefix}); open a world with chronicle open-world <world>`);
    return;
  }
  out.line(`${'table'.padEnd(24)} ${'game'.padEnd(12)} ${'status'.padEnd(12)} ${'revision'.padStart(8)}  ${'date'.padEnd(10)}  chapter`);
  for (const tableId of tableIds) {
    const last = await jsm.streams.getMessage(stream, { last_by_subj: remote.subjects.of(EventSubjects.tables(tableId)) });
    const event = last?.json<TableEventV1>();
    const header = await remote.log.header({ tableId });
    const status = event?.kind === 'quarantined' ? 'quarantined' : header.status;
    const date = header.gameId === sammo.id ? dateOf(await publicView(remote, tableId, header.revision)) : '-';
    const chapter = readChapter(header.options);
    out.line(`${tableId.padEnd(24)} ${header.gameId.padEnd(12)} ${status.padEnd(12)} ${String(header.revision).padStart(8)}  ${date.padEnd(10)}  ${chapter ? `${chapter.world} #${chapter.number}` : '-'}`);
  }
  await listWorlds(remote, out);
}

/** Each world (a chain of chapters, announced by the scheduler on `worlds.<world>`): its latest chapter and whether it goes on. */
async function listWorlds(remote: Remote, out: Output): Promise<void> {
  const worlds = await knownWorlds(remote);
  if (worlds.length === 0) return;
  out.line('');
  out.line(`${'world'.padEnd(24)} ${'chapter'.padStart(7)}  ${'table'.padEnd(24)} status`);
  for (const world of worlds) {
    const event = await lastWorldEvent(remote, world);
    if (!event) continue;
    const status = event.kind === 'finished' ? `finished: ${event.outcome?.result ?? ''}` : 'in play';
    out.line(`${event.worldId.padEnd(24)} ${String(event.chapter).padStart(7)}  ${event.tableId.padEnd(24)} ${status}`);
  }
}

/**
 * The table a command's `<table>` argument names: a table's id, or a world's id, which
 * stands for the world's latest chapter (`sample-world` for `sample-world-c3`). An id that
 * names neither is refused with the worlds and tables there are.
 */
export async function resolveTable(remote: Remote, out: Output, id: string): Promise<string> {
  try {
    await remote.log.header({ tableId: id });
    return id;
  } catch (error) {
    if (!(error instanceof UnknownTable)) throw error;
  }
  const event = await lastWorldEvent(remote, id);
  if (!event) throw await unknownId(remote, id);
  out.line(`world ${id}: its latest chapter, ${event.chapter}, is table ${event.tableId}`);
  return event.tableId;
}

/**
 * Prints what anyone may know of every move of a table as it is recorded (the snapshot
 * service's `public.moves.<table>`: a hidden move as the game tells it, a public one in
 * full), until Ctrl-C (or `limit` moves).
 */
export async function watchTable(remote: Remote, out: Output, tableId: string, limit: number | undefined, signal: AbortSignal): Promise<void> {
  let seen = 0;
  let current = tableId;
  while (!signal.aborted) {
    // JetStream publishes reach core subscribers too: a live view needs no consumer of its own.
    // Subscribed before the header is read, so that no move falls between the two.
    const subscription = remote.nc.subscribe(remote.subjects.of(EventSubjects.publicMoves(current)));
    const stop = () => subscription.unsubscribe();
    signal.addEventListener('abort', stop);
    try {
      const header = await remote.log.header({ tableId: current });
      const next = await chapterAfter(remote.log, header, signal);
      if (next) {
        out.line(`table ${current} closed its chapter; its world goes on in ${next}`);
        current = next;
        continue;
      }
      out.line(`watching table ${current} (${header.gameId}, revision ${header.revision}, ${header.status}); Ctrl-C stops`);
      for await (const message of subscription) {
        const move = message.json<PublicMoveEventV1>();
        let line = `move ${move.number}  seq ${move.seq}  ${move.kind === 'undo' ? `undo of move ${move.number}` : toldOf(move)}`;
        if (header.gameId === sammo.id && move.kind === 'move') line += `  → ${dateOf(await publicView(remote, current, move.revision))}`;
        out.line(line);
        seen += 1;
        if (limit !== undefined && seen >= limit) return;
        // A move that closed a chapter is the table's last: follow the world into the next.
        if (readChapter(header.options) && (await remote.log.header({ tableId: current })).status === 'finished') break;
      }
    } finally {
      signal.removeEventListener('abort', stop);
      subscription.unsubscribe();
    }
  }
}

/**
 * The table a world goes on in once `header`'s chapter closed, as soon as the scheduler has
 * opened it; undefined when `header` is not a chapter that closed.
 */
export async function chapterAfter(log: LogClient, header: HeaderV1, signal: AbortSignal): Promise<string | undefined> {
  const chapter = readChapter(header.options);
  if (!chapter || header.status !== 'finished' || !header.outcome?.continues) return undefined;
  const next = chapterTableId(chapter.world, chapter.number + 1);
  const deadline = Date.now() + NEXT_CHAPTER_WAIT_MS;
  while (!signal.aborted) {
    try {
      await log.header({ tableId: next });
      return next;
    } catch (error) {
      if (!(error instanceof UnknownTable)) throw error;
    }
    if (Date.now() > deadline) throw new CliError(`the scheduler did not open ${next} within ${NEXT_CHAPTER_WAIT_MS / 1_000} s after ${header.tableId} closed; is it running?`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}

/** An intent as the CLI submits it for a seat. */
export interface SeatIntent { table: string; seat: string; seatToken?: string; key: string; payload: Json; kind: 'move' | 'undo'; waitMs: number }

/**
 * Submits a player intent to the executors and prints what became of it, waiting up to
 * `waitMs` for the decision; a refusal ends the command (non-zero exit).
 */
export async function submitIntent(remote: Remote, out: Output, request: SeatIntent): Promise<IntentOutcomeV1> {
  const outcome = await decideIntent(remote, request);
  printOutcome(out, outcome);
  if (outcome.status === 'refused') throw new CliError(`intent ${outcome.intentKey} refused: ${outcome.code}: ${outcome.reason}`);
  return outcome;
}

/** Submits an intent and waits up to `waitMs` for its outcome (a request waits at most `MAX_INTENT_WAIT_MS`; the CLI asks again). */
export async function decideIntent(remote: Remote, request: SeatIntent): Promise<IntentOutcomeV1> {
  const deadline = Date.now() + request.waitMs;
  const wait = () => Math.max(0, Math.min(MAX_INTENT_WAIT_MS, deadline - Date.now()));
  let outcome = await remote.requests.request<IntentOutcomeV1>(ExecutorSubjects.submitIntent, {
    v: 1, tableId: request.table, intentKey: request.key, seat: request.seat, ...(request.seatToken ? { seatToken: request.seatToken } : {}),
    kind: request.kind, payload: request.kind === 'undo' ? null : request.payload, waitMs: wait(),
  }, MAX_INTENT_WAIT_MS + 15_000);
  while (outcome.status === 'pending' && wait() > 0) {
    outcome = await remote.requests.request<IntentOutcomeV1>(ExecutorSubjects.intentOutcome, { v: 1, tableId: request.table, intentKey: request.key, waitMs: wait() }, MAX_INTENT_WAIT_MS + 15_000);
  }
  return outcome;
}

/**
 * What became of an intent submitted earlier. The executors answer `pending` for a key they
 * have no outcome under, which is also what a key never submitted (or mistyped) gets.
 */
export async function intentOutcome(remote: Remote, out: Output, table: string, key: string): Promise<void> {
  const outcome = await remote.requests.request<IntentOutcomeV1>(ExecutorSubjects.intentOutcome, { v: 1, tableId: table, intentKey: key });
  if (outcome.status === 'pending') out.line(`intent ${key}: no outcome yet: not decided, or never submitted to table ${table} under this key`);
  else printOutcome(out, outcome);
}

function printOutcome(out: Output, outcome: IntentOutcomeV1): void {
  if (outcome.status === 'accepted') out.line(`intent ${outcome.intentKey} accepted: move at revision ${outcome.revision} (entry ${outcome.seq})`);
  else if (outcome.status === 'pending') out.line(`intent ${outcome.intentKey} pending: durable, not decided yet (ask again: chronicle outcome ${outcome.tableId} ${outcome.intentKey})`);
  else out.line(`intent ${outcome.intentKey} refused: ${outcome.code}: ${outcome.reason}`);
}

/**
 * A general, a city or a nation of a strategy world, as anyone may see it now (the public
 * view): in full where nothing is hidden, else the fields the game shows the public.
 */
export async function showEntity(remote: Remote, out: Output, kind: 'general' | 'city' | 'nation', tableId: string, idOrName: string): Promise<void> {
  const header = await remote.log.header({ tableId });
  if (header.gameId !== sammo.id) throw new CliError(`table ${tableId} plays ${header.gameId}: show reads generals, cities and nations of a ${sammo.id} world`);
  const view = await publicView(remote, tableId, header.revision);
  const match = <T extends { id: number; name: string }>(items: Iterable<T>): T => {
    for (const item of items) if (String(item.id) === idOrName || item.name === idOrName) return item;
    throw new CliError(`no ${kind} ${idOrName} in table ${tableId}`);
  };
  if (view.visibility !== 'full') {
    out.line(`${tableId} at revision ${view.revision}, ${dateOf(view)}`);
    out.line('in play: the public view, what anyone may see of it');
    for (const line of publicEntity(view.data as unknown as PublicView, kind, match)) out.line(line);
    return;
  }
  const world = (stateFromArray(sammo, stripVisibility(view)) as GameState<World>).data;
  const nationName = (id: number) => (id === 0 ? '재야 (no nation)' : world.nations.get(id)?.name ?? `#${id}`);
  const cityName = (id: number) => world.cities[id]?.name ?? `#${id}`;
  out.line(`${tableId} at revision ${header.revision}, ${gameDate(world)}`);
  if (kind === 'general') {
    const g = match(world.generals.values());
    out.line(`general ${g.id} ${g.name}${g.owner ? ` (played by ${g.owner})` : g.npc > 0 ? ` (NPC ${g.npc})` : ''}${g.block > 0 ? `, blocked (블럭 ${g.block}단계)` : ''}`);
    out.line(`  nation ${nationName(g.nation)}, city ${cityName(g.city)}, officer level ${g.officerLevel}, age ${g.age}`);
    out.line(`  leadership ${g.leadership}  strength ${g.strength}  intel ${g.intel}  experience ${g.experience}  dedication ${g.dedication}`);
    out.line(`  gold ${g.gold}  rice ${g.rice}  crew ${g.crew} (type ${g.crewtype}, train ${g.train}, atmos ${g.atmos})  injury ${g.injury}`);
    out.line(`  next turn ${new Date(g.turntime).toISOString()}, queue: ${g.queue.slice(0, 5).map((slot) => slot.action).join(', ')}`);
  } else if (kind === 'city') {
    const c = match(world.cities.slice(1));
    const here = [...world.generals.values()].filter((g) => g.city === c.id);
    out.line(`city ${c.id} ${c.name} (level ${c.level}), nation ${nationName(c.nation)}${c.front ? ', on the front' : ''}`);
    out.line(`  population ${c.pop}/${c.popMax}  farming ${c.agri}/${c.agriMax}  commerce ${c.comm}/${c.commMax}  security ${c.secu}/${c.secuMax}`);
    out.line(`  defence ${c.def}/${c.defMax}  wall ${c.wall}/${c.wallMax}  trust ${c.trust}  trade ${c.trade ?? '-'}`);
    out.line(`  ${here.length} generals: ${here.slice(0, 12).map((g) => g.name).join(' ')}${here.length > 12 ? ' …' : ''}`);
  } else {
    const n = match(world.nations.values());
    const cities = world.cities.slice(1).filter((c) => c.nation === n.id);
    out.line(`nation ${n.id} ${n.name} (level ${n.level}, type ${n.type}), capital ${cityName(n.capital)}`);
    out.line(`  power ${n.power}  generals ${n.gennum}  gold ${n.gold}  rice ${n.rice}  tech ${n.tech}  tax ${n.rate}%`);
    out.line(`  ${cities.length} cities: ${cities.map((c) => c.name).join(' ')}`);
  }
}

/**
 * A general, city or nation as the public view of a world in play shows it (legacy
 * Global/GeneralList, GetMap, GetNationList), each followed by a line naming what stays hidden.
 */
function publicEntity(world: PublicView, kind: 'general' | 'city' | 'nation', match: <T extends { id: number; name: string }>(items: Iterable<T>) => T): string[] {
  const nationName = (id: number) => (id === 0 ? '재야 (no nation)' : world.nations.find((n) => n.id === id)?.name ?? `#${id}`);
  const cityName = (id: number) => world.cities.find((c) => c.id === id)?.name ?? `#${id}`;
  const names = (list: readonly { name: string }[]) => `${list.slice(0, 12).map((x) => x.name).join(' ')}${list.length > 12 ? ' …' : ''}`;
  if (kind === 'general') {
    const g = match(world.generals);
    return [
      `general ${g.id} ${g.name}${g.ownerName ? ` (played by ${g.ownerName})` : g.npc > 0 ? ` (NPC ${g.npc})` : ''}`,
      `  nation ${nationName(g.nation)}, ${g.officerTitle} (officer level ${g.officerLevel}), age ${g.age}`,
      `  leadership ${g.leadership}  strength ${g.strength}  intel ${g.intel}  experience level ${g.explevel}  dedication level ${g.dedlevel}  injury ${g.injury}`,
      `  speciality ${g.special ?? '-'} / ${g.special2 ?? '-'}, personality ${g.personal ?? '-'}, killturn ${g.killturn}`,
      '  its city, purse, crew and reserved turns are its player\'s (and its officers\') while the table is in play',
    ];
  }
  if (kind === 'city') {
    const c = match(world.cities);
    return [
      `city ${c.id} ${c.name} (level ${c.level}), nation ${nationName(c.nation)}`,
      `  state ${c.state}  region ${c.region}  ${c.supply ? 'supplied' : 'cut off from its capital'}`,
      '  its population, development, defence and generals are seen by its nation and the nations spying on it while the table is in play',
    ];
  }
  const n = match(world.nations);
  const members = world.generals.filter((g) => g.nation === n.id);
  return [
    `nation ${n.id} ${n.name} (level ${n.level}, type ${n.type}), capital ${cityName(n.capital)}`,
    `  power ${n.power}  generals ${n.gennum}`,
    `  ${n.cities.length} cities: ${n.cities.map(cityName).join(' ')}`,
    `  ${members.length} generals: ${names(members)}`,
    '  its treasury, tech and tax are its members\' while the table is in play',
  ];
}

/**
 * Writes a finished table's log (seed included) to a file, for `chronicle verify`; a later
 * chapter of a world with its opening state attached, a first one with the documents its
 * options name (a scenario file), so that the file verifies on its own.
 */
export async function fetchLog(remote: Remote, out: Output, tableId: string, file: string): Promise<void> {
  await refuseUnknownTable(remote, tableId);
  const finished = await remote.log.finishedLog({ tableId });
  const log = finished.log as JsonObject & { options: JsonObject };
  log.options = await attachedOptions(remote, log.options);
  writeFileSync(file, JSON.stringify(finished));
  const moves = (finished.log as { moves: unknown[] }).moves.length;
  out.line(`wrote the finished log of ${tableId} (${moves} moves) to ${file}`);
  out.line(`check it: chronicle verify ${file} --commitment ${finished.commitment}${remote.logPublicKey ? ` --log-key ${remote.logPublicKey}` : ' --log-key <the log service\'s public key>'}`);
}

/**
 * `log` reads one table: a world's id is answered with its chapters (which are finished, which
 * is in play), any other unknown id with the worlds and tables there are.
 */
async function refuseUnknownTable(remote: Remote, id: string): Promise<void> {
  try {
    await remote.log.header({ tableId: id });
    return;
  } catch (error) {
    if (!(error instanceof UnknownTable)) throw error;
  }
  const chapters = await worldChapters(remote.log, id);
  if (chapters.length === 0) throw await unknownId(remote, id);
  const finished = chapters.filter((c) => c.status === 'finished').map((c) => c.tableId);
  const inPlay = chapters.filter((c) => c.status !== 'finished').map((c) => c.tableId);
  const named = finished.length > 3 ? `${finished[0]} to ${finished.at(-1)} (${finished.length})` : finished.join(', ');
  throw new CliError(`${id} is a world, not a table: ${finished.length > 0 ? `its finished chapters are ${named} (chronicle log ${finished.at(-1)} writes one)` : 'none of its chapters is finished yet'}${inPlay.length > 0 ? `; ${inPlay.join(', ')} is in play, its log public once it closes` : ''}`);
}

/** The table's state as anyone may see it (`views.v1.state`), at (at least) `revision`. */
async function publicView(remote: Pick<Remote, 'requests'>, tableId: string, revision: number): Promise<StateView> {
  const reply = await remote.requests.request<ViewV1>(ViewSubjects.state, { v: 1, tableId, minRevision: revision, waitMs: 10_000 }, 20_000);
  return decodeSnapshot(reply.view) as StateView;
}

/** A full view is the state's plain values plus `visibility`. */
function stripVisibility(view: StateView): Json {
  const { visibility: _visibility, seat: _seat, ...state } = view;
  return state as unknown as Json;
}

/** The game date of a strategy world's view: its `env` when the view shows it. */
function dateOf(view: StateView): string {
  const env = (view.data as { env?: { year?: unknown; month?: unknown } } | null)?.env;
  return typeof env?.year === 'number' && typeof env.month === 'number' ? gameDate({ env: { year: env.year, month: env.month } }) : '-';
}

/** A public move event in words: the move in full where nothing is hidden, else what the game tells anyone of it. */
function toldOf(move: PublicMoveEventV1): string {
  if (move.visibility === 'full') return `${move.seat ?? 'the table'}: ${describe(move.payload ?? null)}`;
  const told = move.told as Partial<MoveTold> | undefined;
  if (!told || !Array.isArray(told.history)) return `told: ${describe(move.told ?? null)}`;
  const lines = [...told.history, ...(told.logs ?? [])].map((line) => line.text);
  const who = told.kind === 'time' ? 'the table: time passed' : told.kind === 'operator' ? 'the table: an operator acted' : 'a player acted';
  return lines.length === 0 ? who : `${who}: ${lines[0]}${lines.length > 1 ? ` (and ${lines.length - 1} more public lines)` : ''}`;
}

/**
 * The whole state the snapshot service holds at (at least) `revision`: for a trusted caller
 * (the all-in-one demo). The service follows the log at its own pace (it also tells the public
 * events of each entry), so on a loaded machine this asks again for up to a minute; a service
 * still behind then is said as such, not taken for another state.
 */
export async function worldOf(remote: Pick<Remote, 'requests'>, tableId: string, revision: number): Promise<GameState<World>> {
  const deadline = Date.now() + 60_000;
  let reply = await remote.requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId, minRevision: revision, waitMs: 10_000 }, 20_000);
  while (reply.revision < revision && Date.now() < deadline) {
    reply = await remote.requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId, minRevision: revision, waitMs: 10_000 }, 20_000);
  }
  if (reply.revision < revision) throw new CliError(`the snapshot service still holds ${tableId} at revision ${reply.revision}, not ${revision}, after a minute: it is behind the log`);
  const game = defaultGames().forTable(tableId, reply.gameId, reply.rulesVersion);
  return stateFromArray(game, (decodeSnapshot(reply.snapshot) as { state: Json }).state) as GameState<World>;
}

function describe(payload: Json): string {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return JSON.stringify(payload);
  const { type, ...rest } = payload as JsonObject;
  const text = JSON.stringify(rest);
  return `${typeof type === 'string' ? type : 'move'} ${text.length > 120 ? `${text.slice(0, 117)}…` : text}`;
}

