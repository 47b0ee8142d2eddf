import { stateHash } from './canonical';
import { readChapter, withOpening, type ChapterLink } from './chapters';
import { engine } from './engine';
import { InvalidGame } from './errors';
import type { Game } from './game';
import type { GameLog } from './game-log';
import { stateToArray, type GameState } from './game-state';

/** A published chapter: its log (seed included once finished) and the commitment shown when it opened. */
export interface PublishedChapter {
  readonly log: GameLog;
  readonly commitment: string;
}

export interface VerifiedChain<G> {
  readonly world: string;
  readonly chapters: number;
  /** Moves in every chapter together. */
  readonly moves: number;
  /** The last chapter's state after its last move. */
  readonly final: GameState<G>;
}

/**
 * Checks a world's chapters in order, link by link: each one verifies on its own against
 * its commitment (its opening state, the previous final state when not attached, checked
 * against its header's link by the replay), its
 * link names the previous chapter's table, commitment, final revision and final state hash,
 * and every chapter but the last ended as a chapter. Refuses with `InvalidGame` saying which
 * link broke.
 */
export function verifyChain<G, P, S>(game: Game<G, P, S>, chapters: readonly PublishedChapter[]): VerifiedChain<G> {
  if (chapters.length === 0) throw new InvalidGame('a chain has at least one chapter');
  let world: string | undefined;
  let before: { link: ChapterLink; final: GameState<G> } | undefined;
  let moves = 0;
  for (const [index, { log, commitment }] of chapters.entries()) {
    const chapter = readChapter(log.options) ?? { world: log.tableId, number: 1, previous: null, opening: null };
    world ??= chapter.world;
    const at = `chapter ${index + 1} (table ${log.tableId})`;
    if (chapter.world !== world) throw new InvalidGame(`${at} belongs to world ${chapter.world}, not ${world}`);
    if (chapter.number !== index + 1) throw new InvalidGame(`${at} says it is chapter ${chapter.number}`);
    if (before) {
      if (!before.final.outcome?.continues) throw new InvalidGame(`${at} follows table ${before.link.tableId}, which did not end as a chapter`);
      // readChapter refuses a chapter after the first without a link.
      const mismatch = linkMismatch(chapter.previous!, before.link);
      if (mismatch) throw new InvalidGame(`${at} does not link to table ${before.link.tableId}: ${mismatch}`);
    }
    // A chapter as stored names its opening state; the chain has it: the previous chapter's final state.
    const opened = before && chapter.opening === null ? log.withOptions(withOpening(log.options, stateToArray(game, before.final))) : log;
    const final = engine.verify(game, opened, commitment);
    moves += log.revision;
    before = { link: { tableId: log.tableId, commitment, revision: log.revision, stateHash: stateHash(game, final) }, final };
  }
  return { world: world!, chapters: chapters.length, moves, final: before!.final };
}

function linkMismatch(link: ChapterLink, expected: ChapterLink): string | null {
  for (const key of ['tableId', 'commitment', 'revision', 'stateHash'] as const) {
    if (link[key] !== expected[key]) return `its ${key} is ${link[key]}, the previous chapter's is ${expected[key]}`;
  }
  return null;
}
