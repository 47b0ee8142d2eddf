import type { FinishedLogV1, HeaderV1 } from '@chronicle/contracts';
import {
  chapterTableId, matchesCommitment, readChapter, stateHash, stateToArray, UnknownTable, withOpening,
  type ChapterLink, type GameLog, type GameState, type JsonObject,
} from '@chronicle/engine';
import { withStoredDocuments } from '@chronicle/bus';
import { defaultGames } from '@chronicle/games';
import { CliError, type Output } from '../terminal/output';
import type { Remote } from './connection';
import { auditOf, logOf, randomnessLine, readJsonFile, replayWithProgress } from './offline';
import { lastWorldEvent, unknownId, worldChapters } from './worlds';

/** A finished chapter as the log service answers it (or `chronicle log` wrote it), and where it came from. */
export interface ChapterSource {
  readonly from: string;
  readonly finished: unknown;
}

/** What a chapter leaves for the next to link to: its link and final state, and the rules it ran under. */
interface Ended {
  readonly link: ChapterLink;
  readonly final: GameState<unknown>;
  readonly gameId: string;
  readonly rulesVersion: string;
}

/**
 * `chronicle verify-world <world>`: every finished chapter of the world as the log service
 * keeps it — each verified on its own (seed against its commitment, every move against the
 * stored entry tree and its signed checkpoint, every recorded state hash) from the final state
 * of the chapter before it, replayed here — and every link between them (table, commitment,
 * final revision, final state hash; the chapter before ended as a chapter; the rules version
 * each ran under is served and never goes back); then the chapter in play's link to the last
 * finished one. A chapter missing from the log service is refused as missing.
 */
export async function verifyWorld(remote: Remote, out: Output, world: string, logKey: string | undefined): Promise<void> {
  const headers = await worldChapters(remote.log, world);
  if (headers.length === 0) {
    const table = await remote.log.header({ tableId: world }).catch((error: unknown) => {
      if (error instanceof UnknownTable) return undefined;
      throw error;
    });
    if (table) throw new CliError(`${world} is a table, not a world: check it with chronicle log ${world} and chronicle verify`);
    throw await unknownId(remote, world);
  }
  // The scheduler announces every chapter it opens: one the log service does not answer is missing.
  const announced = (await lastWorldEvent(remote, world))?.chapter ?? 0;
  if (announced > headers.length) {
    throw new CliError(`REFUSED: world ${world}: chapter ${headers.length + 1} (table ${chapterTableId(world, headers.length + 1)}) is missing from the log service, though the world announced chapter ${announced}`);
  }
  const finished: ChapterSource[] = [];
  for (const header of headers.filter((h) => h.status === 'finished')) {
    const chapter = await remote.log.finishedLog({ tableId: header.tableId });
    // A first chapter opened from a scenario file names it by SHA-256: the log service's bytes, checked against it, are what it replays from.
    const log = chapter.log as typeof chapter.log & { options: JsonObject };
    log.options = await withStoredDocuments(remote.requests, log.options) as JsonObject;
    finished.push({ from: `table ${header.tableId}`, finished: chapter });
  }
  const inPlay = headers.find((h) => h.status !== 'finished');
  checkWorld(out, world, finished, true, inPlay, logKey ?? remote.logPublicKey);
}

/** `chronicle verify-world <world> --files …`: the same checks on chapters written by `chronicle log`. */
export function verifyWorldFiles(out: Output, world: string, files: readonly string[], logKey: string | undefined): void {
  checkWorld(out, world, files.map((file) => ({ from: file, finished: readJsonFile(file) })), false, undefined, logKey);
}

function checkWorld(
  out: Output, world: string, sources: readonly ChapterSource[], fromSystem: boolean, inPlay: HeaderV1 | undefined, logKey: string | undefined,
): void {
  const games = defaultGames();
  // In chapter order, whatever order they were given in; a gap is a missing chapter.
  const chapters = sources.map((source) => {
    const log = logOf(source.from, (source.finished as { log?: unknown }).log ?? source.finished);
    return { source, log, number: readChapter(log.options)?.number ?? 1 };
  }).sort((a, b) => a.number - b.number);
  let before: Ended | undefined;
  let moves = 0;
  for (const [index, { source, log, number }] of chapters.entries()) {
    const at = `world ${world}, chapter ${index + 1}`;
    if (number !== index + 1) throw new CliError(`REFUSED: ${at} (table ${chapterTableId(world, index + 1)}) is missing: the chapters given are ${chapters.map((c) => c.number).join(', ')}`);
    const commitment = (source.finished as Partial<FinishedLogV1>).commitment;
    if (typeof commitment !== 'string') throw new CliError(`REFUSED: ${at}: ${source.from} carries no commitment (write it with chronicle log)`);
    before = checkChapter(out, games, `${at} (table ${log.tableId})`, world, source, log, commitment, before, logKey);
    moves += log.revision;
  }
  if (inPlay) {
    const at = `world ${world}, chapter ${chapters.length + 1} (table ${inPlay.tableId}, in play)`;
    const chapter = readChapter(inPlay.options);
    checkLink(at, chapter?.previous ?? null, before);
    checkRules(games, at, inPlay.gameId, inPlay.rulesVersion, before);
    out.line(`chapter ${chapters.length + 1} (${inPlay.tableId}) is in play under ${inPlay.gameId} rules ${inPlay.rulesVersion}, commitment ${inPlay.commitment.slice(0, 16)}…: it links to ${before ? before.link.tableId : 'nothing (the first chapter)'} as it ended`);
  } else if (fromSystem && before?.final.outcome?.continues) {
    out.line(`chapter ${chapters.length + 1} is not open yet: the world is between chapters`);
  }
  if (chapters.length === 0) {
    out.line(`world ${world} has no finished chapter yet: nothing to replay`);
    return;
  }
  out.line(`verified world ${world}: ${chapters.length} finished chapter${chapters.length === 1 ? '' : 's'}, ${moves} moves, every link holds (commitment, final revision, final state hash, rules version)`);
}

function checkChapter(
  out: Output, games: ReturnType<typeof defaultGames>, at: string, world: string, source: ChapterSource, log: GameLog, commitment: string,
  before: Ended | undefined, logKey: string | undefined,
): Ended {
  const chapter = readChapter(log.options);
  if ((chapter?.world ?? world) !== world) throw new CliError(`REFUSED: ${at} belongs to world ${chapter!.world}`);
  if (!matchesCommitment(log.seed, commitment)) throw new CliError(`REFUSED: ${at}: its seed is not the one committed to (${commitment.slice(0, 16)}…)`);
  checkLink(at, chapter?.previous ?? null, before);
  checkRules(games, at, log.gameId, log.rulesVersion, before);
  // The opening is the chapter before's final state as replayed here, not one a file or a cache brings.
  let opened = log;
  if (before) {
    const opening = stateToArray(games.forTable(before.link.tableId, before.gameId, before.rulesVersion), before.final);
    opened = log.withOptions(withOpening(log.options, opening));
  }
  const audit = auditOf(at, source.finished, log, commitment, logKey);
  if (!audit) throw new CliError(`REFUSED: ${at}: ${source.from} carries no record of its entries to check its moves against`);
  let replayed;
  try {
    replayed = replayWithProgress(opened, out, `verifying ${at}: ${log.revision} moves`, audit.log);
  } catch (error) {
    throw new CliError(`REFUSED: ${at} does not replay: ${(error as Error).message}`);
  }
  const final = replayed.state;
  const hash = stateHash(replayed.game, final);
  out.line(`chapter ${chapter?.number ?? 1} (${log.tableId}, ${log.gameId} rules ${log.rulesVersion}): ${log.revision} moves as the log service stored them (${audit.signed}), final revision ${log.revision}, final state hash ${hash.slice(0, 16)}…, the one its last move recorded${before ? `; links to ${before.link.tableId}` : ''}`);
  out.line(`  ${randomnessLine(log, final)}`);
  return { link: { tableId: log.tableId, commitment, revision: log.revision, stateHash: hash }, final, gameId: log.gameId, rulesVersion: log.rulesVersion };
}

/** A chapter's link names the chapter before exactly as it ended; the first links to nothing. */
function checkLink(at: string, link: ChapterLink | null, before: Ended | undefined): void {
  if (!before) {
    if (link) throw new CliError(`REFUSED: ${at} links to table ${link.tableId}, but it is the first chapter given`);
    return;
  }
  if (!link) throw new CliError(`REFUSED: ${at} does not link to ${before.link.tableId}: it names no chapter before it`);
  if (!before.final.outcome?.continues) throw new CliError(`REFUSED: ${at} follows ${before.link.tableId}, which did not end as a chapter`);
  for (const key of ['tableId', 'commitment', 'revision', 'stateHash'] as const) {
    if (link[key] !== before.link[key]) {
      throw new CliError(`REFUSED: ${at}: its link to ${before.link.tableId} is broken: its ${LINK_FIELDS[key]} is ${link[key]}, the chapter before ended with ${before.link[key]}`);
    }
  }
}

const LINK_FIELDS = { tableId: 'table', commitment: 'commitment', revision: 'final revision', stateHash: 'final state hash' } as const;

/** Each chapter runs under rules this build serves, of the same game, never older than the chapter before's. */
function checkRules(games: ReturnType<typeof defaultGames>, at: string, gameId: string, rulesVersion: string, before: Ended | undefined): void {
  const versions = games.versions(gameId);
  if (!versions.includes(rulesVersion)) {
    throw new CliError(`REFUSED: ${at} ran under ${gameId} rules ${rulesVersion}, which this build does not run (it runs ${versions.join(', ') || `no ${gameId}`})`);
  }
  if (!before) return;
  if (before.gameId !== gameId) throw new CliError(`REFUSED: ${at} plays ${gameId}, the chapter before ${before.gameId}`);
  if (versions.indexOf(rulesVersion) < versions.indexOf(before.rulesVersion)) {
    throw new CliError(`REFUSED: ${at} ran under ${gameId} rules ${rulesVersion}, older than the chapter before's ${before.rulesVersion}: a world's rules only move forward`);
  }
}
