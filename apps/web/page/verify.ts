import {
  AuditedLog, engine, GameLog, matchesCommitment, readChapter, stateFromArray, stateHash, stateToArray, withOpening,
  type AnyGame, type ChapterLink, type GameHeader, type GameState, type JsonObject,
} from '@chronicle/engine';
import { defaultGames } from '@chronicle/games';
import type { FinishedLog } from '../src/view/api';

/** What a verification ends with: a verdict and, for a log that replays, the means to step through it. */
export type Verdict =
  | { verified: true; reason: string; replay: Replayed }
  | { verified: false; reason: string };

/** How many states a verification keeps, so that stepping to any move replays only a few moves. */
const CHECKPOINTS = 20;
/** The page gets the main thread back this often during a replay (a progress bar that moves). */
const SLICE_MS = 40;

/**
 * Checks a finished log in the browser with the engine and the game as the services run
 * them: the seed against the commitment published when the table opened; every move
 * against what the log service stored (`served`: the table's log and the record of its
 * entries, as this site's service read them from the log service and checked their signed
 * checkpoint — never what the checked file says of itself): each move hashed again must be
 * its stored leaf, none missing, added or moved; then every move replayed from the seed,
 * each reaching the state hash its entry recorded — the last move's is the final state's.
 * The same steps as `chronicle verify`.
 */
export async function verifyLog(raw: unknown, commitment: string, served: FinishedLog | null, progress: (done: number, total: number) => void): Promise<Verdict> {
  let log: GameLog;
  try {
    log = GameLog.fromArray(typeof raw === 'object' && raw !== null && 'log' in raw ? (raw as { log: unknown }).log : raw);
  } catch (error) {
    return refused(`this is not a game log (${messageOf(error)})`);
  }
  return verifyGameLog(log, commitment, served, progress);
}

async function verifyGameLog(log: GameLog, commitment: string, served: FinishedLog | null, progress: (done: number, total: number) => void): Promise<Verdict> {
  if (!matchesCommitment(log.seed, commitment)) {
    return refused(`the seed in this log is not the one committed to when the table opened (${commitment.slice(0, 16)}…), so its draws cannot be trusted`);
  }
  let audit: AuditedLog | null = null;
  if (served?.record) {
    try {
      audit = new AuditedLog(log, AuditedLog.readParts(served).moves ?? [], served.record);
      audit.checkEntries();
    } catch (error) {
      return refused(messageOf(error));
    }
  }
  let game: AnyGame;
  try {
    game = defaultGames().forTable(log.tableId, log.gameId, log.rulesVersion);
  } catch (error) {
    return refused(messageOf(error));
  }
  const header = log.header();
  const total = log.revision;
  let state: GameState<unknown>;
  try {
    state = engine.setup(game, header);
  } catch (error) {
    return refused(`its opening does not set up: ${messageOf(error)}`);
  }
  const every = Math.max(1, Math.ceil(total / CHECKPOINTS));
  const checkpoints = new Map<number, string>([[0, JSON.stringify(stateToArray(game, state))]]);
  let done = 0;
  progress(0, total);
  while (done < total) {
    const sliceEnd = performance.now() + SLICE_MS;
    while (done < total && performance.now() < sliceEnd) {
      const to = Math.min(total, (Math.floor(done / every) + 1) * every);
      try {
        const slice = log.moves.slice(done, to);
        engine.advance(game, header, state, audit ? audit.checked(game, state, slice) : slice);
      } catch (error) {
        return refused(`the moves after move ${done} do not replay: ${messageOf(error)}`);
      }
      done = to;
      if (done < total) checkpoints.set(done, JSON.stringify(stateToArray(game, state)));
    }
    progress(done, total);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const reached = stateHash(game, state);
  const against = audit?.recordedHash(total) ? 'the state its last move recorded' : 'a final state (the log recorded no state hash to compare)';
  const stored = audit
    ? `, each the move the log service stored (${audit.record.treeSize} entries, tree root ${audit.record.rootHash.slice(0, 16)}…)`
    : ' (not checked against the log service: it kept no record of this table\'s entries)';
  return {
    verified: true,
    reason: `the seed matches the commitment and all ${total} moves replay to ${against} (${reached.slice(0, 16)}…)${stored}`,
    replay: new Replayed(game, header, log, checkpoints, state),
  };
}

/** A verified log, for stepping: the state after any move, from the nearest checkpoint. */
export class Replayed {
  constructor(
    readonly game: AnyGame,
    private readonly header: GameHeader,
    readonly log: GameLog,
    private readonly checkpoints: Map<number, string>,
    readonly final: GameState<unknown>,
  ) {}

  get moves(): number {
    return this.log.revision;
  }

  stateAt(move: number): GameState<unknown> {
    if (move >= this.log.revision) return this.final;
    const from = Math.max(...[...this.checkpoints.keys()].filter((k) => k <= move));
    const state = stateFromArray(this.game, JSON.parse(this.checkpoints.get(from)!));
    return engine.advance(this.game, this.header, state, this.log.moves.slice(from, move));
  }
}

/** A finished chapter of a world as the web service serves it: its table, the commitment published when it opened, its log. */
export interface WorldChapter {
  tableId: string;
  commitment: string;
  finished: FinishedLog;
}

const LINK_FIELDS = { tableId: 'table', commitment: 'commitment', revision: 'final revision', stateHash: 'final state hash' } as const;

/**
 * Checks a world's finished chapters in order, as `chronicle verify-world` does: each one
 * verified as `verifyLog` does, replayed from the final state of the chapter before as
 * replayed here (never the opening the log carries), and every link between them — the
 * chapter numbers without a gap, each link naming the chapter before exactly as it ended
 * (table, commitment, final revision, final state hash) after a chapter that ended as one,
 * the same game, its rules never older.
 */
export async function verifyWorld(world: string, chapters: readonly WorldChapter[], progress: (chapter: number, done: number, total: number) => void): Promise<{ verified: boolean; reason: string }> {
  let before: { link: ChapterLink; final: GameState<unknown>; game: AnyGame; rulesVersion: string } | null = null;
  let moves = 0;
  for (const [index, chapter] of chapters.entries()) {
    const at = `chapter ${index + 1} (table ${chapter.tableId})`;
    let log: GameLog;
    try {
      log = GameLog.fromArray(chapter.finished.log);
    } catch (error) {
      return refused(`${at} is not a game log (${messageOf(error)})`);
    }
    const number = readChapter(log.options)?.number ?? 1;
    if (number !== index + 1) return refused(`${at} is chapter ${number} of its world: chapter ${index + 1} is missing`);
    const link = readChapter(log.options)?.previous ?? null;
    if (!before && link) return refused(`${at} links to table ${link.tableId}, but it is the first chapter`);
    if (before) {
      if (!link) return refused(`${at} names no chapter before it`);
      if (!before.final.outcome?.continues) return refused(`${at} follows ${before.link.tableId}, which did not end as a chapter`);
      for (const key of ['tableId', 'commitment', 'revision', 'stateHash'] as const) {
        if (link[key] !== before.link[key]) return refused(`${at}: its link to ${before.link.tableId} is broken: its ${LINK_FIELDS[key]} is ${link[key]}, the chapter before ended with ${before.link[key]}`);
      }
      if (before.game.id !== log.gameId) return refused(`${at} plays ${log.gameId}, the chapter before ${before.game.id}`);
      const versions = defaultGames().versions(log.gameId);
      if (versions.indexOf(log.rulesVersion) < versions.indexOf(before.rulesVersion)) return refused(`${at} ran under rules ${log.rulesVersion}, older than the chapter before's ${before.rulesVersion}`);
      // The opening is the chapter before's final state as replayed here.
      log = log.withOptions(withOpening(log.options, stateToArray(before.game, before.final) as JsonObject));
    }
    const verdict = await verifyGameLog(log, chapter.commitment, chapter.finished, (done, total) => progress(index + 1, done, total));
    if (!verdict.verified) return refused(`${at}: ${verdict.reason}`);
    const { game, final } = verdict.replay;
    before = { link: { tableId: log.tableId, commitment: chapter.commitment, revision: log.revision, stateHash: stateHash(game, final) }, final, game, rulesVersion: log.rulesVersion };
    moves += log.revision;
  }
  if (chapters.length === 0) return refused(`world ${world} has no finished chapter yet: nothing to verify`);
  return { verified: true, reason: `world ${world}: ${chapters.length} finished chapter${chapters.length === 1 ? '' : 's'}, ${moves} moves, each replayed from the one before, every link holding (commitment, final revision, final state hash, rules version)` };
}

function refused(reason: string): Verdict & { verified: false } {
  return { verified: false, reason };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
