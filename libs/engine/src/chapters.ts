import { gunzipSync, gzipSync } from 'node:zlib';
import { hashJson, stateHash } from './canonical';
import { IllegalMove, InvalidGame } from './errors';
import type { Game } from './game';
import type { GameHeader, GameLog, TableDefinition } from './game-log';
import { stateFromArray, stateToArray, type GameState } from './game-state';
import { asInteger, asObject, asString, type JsonObject } from './json';

/**
 * A world that outlives one log (at most 100,000 moves) is a chain of chapters: each a
 * table with its own seed, commitment and log. A chapter ends when the game says so (an
 * outcome with `continues`); the next one starts from that final state, carried in its own
 * options, so that every chapter replays and verifies on its own, and its header links back
 * to the one before, so that the chain can be checked link by link ({@link verifyChain}).
 */

/** What a chapter's header says of the chapter before it: enough to check the link. */
export interface ChapterLink {
  readonly tableId: string;
  /** The commitment published when the previous chapter opened. */
  readonly commitment: string;
  /** Its final revision (its number of moves). */
  readonly revision: number;
  /** The `stateHash` of its final state, the state this chapter starts from. */
  readonly stateHash: string;
}

/** A table's place in its world: `options.chapter`. */
export interface Chapter {
  /** The world's id, the same in every chapter. */
  readonly world: string;
  /** 1 for the world's first chapter. */
  readonly number: number;
  /** Null for the first chapter. */
  readonly previous: ChapterLink | null;
  /**
   * The previous chapter's final state (`stateToArray`) as gzipped canonical JSON in base64,
   * null for the first chapter. Compressed because a strategy world's state is megabytes of
   * JSON while its options travel in open requests and table events.
   */
  readonly opening: string | null;
}

const HEX_64 = /^[0-9a-f]{64}$/;

/** The options of a world's first chapter: merge them into the table's options. */
export function firstChapter(world: string): { chapter: JsonObject } {
  return { chapter: { world, number: 1, previous: null, opening: null } };
}

/** A conventional table id for a world's chapter. */
export function chapterTableId(world: string, number: number): string {
  return `${world}-c${number}`;
}

/** `options.chapter`, checked; null for a table that is not a chapter of a world. */
export function readChapter(options: Readonly<JsonObject>): Chapter | null {
  if (options.chapter === undefined) return null;
  const o = asObject(options.chapter, 'options.chapter');
  const number = asInteger(o.number, 'options.chapter.number', 1);
  const chapter: Chapter = {
    world: asString(o.world, 'options.chapter.world'),
    number,
    previous: o.previous === null ? null : readLink(o.previous),
    opening: o.opening === null ? null : asString(o.opening, 'options.chapter.opening'),
  };
  if ((number === 1) !== (chapter.previous === null) || (chapter.previous === null) !== (chapter.opening === null)) {
    throw new InvalidGame('options.chapter: the first chapter has no previous link and no opening state; every later one has both');
  }
  return chapter;
}

function readLink(value: unknown): ChapterLink {
  const p = 'options.chapter.previous';
  const o = asObject(value, p);
  const commitment = asString(o.commitment, `${p}.commitment`);
  const hash = asString(o.stateHash, `${p}.stateHash`);
  if (!HEX_64.test(commitment) || !HEX_64.test(hash)) throw new InvalidGame(`${p}: commitment and stateHash are 64 lowercase hex digits`);
  return { tableId: asString(o.tableId, `${p}.tableId`), commitment, revision: asInteger(o.revision, `${p}.revision`, 0), stateHash: hash };
}

/**
 * The state a later chapter starts from: the previous chapter's final state, checked
 * against the link's hash, under this table's id at revision 0, its chapter-ending outcome
 * cleared. The game then prepares it (`Game.continueChapter`).
 */
export function openingState<G>(game: Pick<Game<G, unknown, unknown>, 'readData' | 'writeData'>, header: GameHeader, chapter: Chapter): GameState<G> {
  const link = chapter.previous!;
  let opening: JsonObject;
  try {
    opening = JSON.parse(gunzipSync(Buffer.from(chapter.opening!, 'base64')).toString('utf8')) as JsonObject;
  } catch (error) {
    throw new InvalidGame(`table ${header.tableId}: options.chapter.opening is not gzipped JSON in base64`, { cause: error });
  }
  if (hashJson(opening) !== link.stateHash) {
    throw new InvalidGame(`table ${header.tableId}: the opening state is not the final state of ${link.tableId} its header links to (hash differs)`);
  }
  const final = stateFromArray(game, opening);
  if (final.tableId !== link.tableId || final.revision !== link.revision) {
    throw new InvalidGame(`table ${header.tableId}: the opening state is ${final.tableId} at ${final.revision}, the link says ${link.tableId} at ${link.revision}`);
  }
  if (!final.outcome?.continues) throw new InvalidGame(`table ${header.tableId}: chapter ${link.tableId} did not end as a chapter`);
  return { ...final, tableId: header.tableId, revision: 0, outcome: null };
}

/**
 * A table that ended a chapter, as its header tells it: what the next chapter copies and
 * links to. A log service's header reply has these fields; {@link endedChapter} reads a log.
 */
export interface EndedChapter {
  readonly tableId: string;
  readonly gameId: string;
  readonly rulesVersion: string;
  readonly seats: readonly string[];
  readonly options: Readonly<JsonObject>;
  readonly commitment: string;
  readonly revision: number;
}

export function endedChapter(log: GameLog): EndedChapter {
  return { ...log.header(), commitment: log.commitment(), revision: log.revision };
}

/**
 * The next chapter of a world whose chapter `ended` ended in `final` (a state whose outcome
 * `continues`): the same game, rules and seats, the previous options with a new `chapter`
 * entry linking back. Its seed is drawn anew when it opens, like any table's.
 */
export function nextChapter<G>(
  game: Pick<Game<G, unknown, unknown>, 'readData' | 'writeData'>, ended: EndedChapter, final: Readonly<GameState<G>>, tableId?: string,
): TableDefinition {
  if (!final.outcome?.continues) {
    throw new IllegalMove(`table ${ended.tableId} has not ended a chapter${final.outcome ? ` (its game is over: ${final.outcome.result})` : ''}`);
  }
  if (final.tableId !== ended.tableId || final.revision !== ended.revision) {
    throw new InvalidGame(`the final state is ${final.tableId} at ${final.revision}, not the end of ${ended.tableId} at ${ended.revision}`);
  }
  const previous = readChapter(ended.options) ?? { world: ended.tableId, number: 1 };
  const number = previous.number + 1;
  const chapter = {
    world: previous.world,
    number,
    previous: { tableId: ended.tableId, commitment: ended.commitment, revision: ended.revision, stateHash: stateHash(game, final) },
    opening: gzipSync(JSON.stringify(stateToArray(game, final))).toString('base64'),
  };
  return {
    tableId: tableId ?? chapterTableId(previous.world, number),
    gameId: ended.gameId,
    rulesVersion: ended.rulesVersion,
    seats: ended.seats,
    options: { ...ended.options, chapter },
  };
}
