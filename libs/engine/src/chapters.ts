import { gunzipSync, gzipSync } from 'node:zlib';
import { hashJson, stateHash } from './canonical';
import { IllegalMove, InvalidGame } from './errors';
import type { Game } from './game';
import type { GameHeader, GameLog, TableDefinition } from './game-log';
import { stateFromArray, type GameState } from './game-state';
import { asInteger, asObject, asString, type JsonObject } from './json';

/**
 * A world that outlives one log (at most 100,000 moves) is a chain of chapters: each a
 * table with its own seed, commitment and log. A chapter ends when the game says so (an
 * outcome with `continues`); the next one starts from that final state, and its header
 * links back to the one before (table, commitment, final revision, final state hash), so
 * that the chain can be checked link by link ({@link verifyChain}).
 *
 * The opening state is named by the link, not carried: a strategy world's state is
 * megabytes of JSON while a table's options travel in every open request, header and table
 * event. Whoever replays a chapter attaches it ({@link withOpening}) — the previous
 * chapter's final state, from a snapshot or from replaying that chapter — and the replay
 * checks it against the link's hash. A chapter with its opening attached replays and
 * verifies on its own, without the chapters before it.
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
   * The previous chapter's final state (`stateToArray`) as gzipped JSON in base64, once
   * attached ({@link withOpening}); null for the first chapter, and for a later chapter as
   * it is opened, stored and sent (detached: its link names the state).
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
  if ((number === 1) !== (chapter.previous === null) || (chapter.previous === null && chapter.opening !== null)) {
    throw new InvalidGame('options.chapter: the first chapter has no previous link and no opening state; every later one links to the one before');
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
  if (chapter.opening === null) {
    throw new InvalidGame(
      `table ${header.tableId} is chapter ${chapter.number} of world ${chapter.world}: it starts from the final state of table ${link.tableId} `
      + `at revision ${link.revision} (state hash ${link.stateHash}), which is not attached — attach it (withOpening) from a snapshot of that table or a replay of its log`,
    );
  }
  let opening: JsonObject;
  try {
    opening = JSON.parse(gunzipSync(Buffer.from(chapter.opening, 'base64')).toString('utf8')) as JsonObject;
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
 * A later chapter's options with its opening state attached: `opening` is the previous
 * chapter's final state as `stateToArray` writes it (a snapshot's `state`). Not checked
 * here: the setup checks it against the link's state hash, table and revision.
 */
export function withOpening(options: Readonly<JsonObject>, opening: Readonly<JsonObject>): JsonObject {
  const chapter = asObject(options.chapter, 'options.chapter');
  if (chapter.previous === null) throw new InvalidGame('options.chapter: the first chapter of a world has no opening state to attach');
  return { ...options, chapter: { ...chapter, opening: gzipSync(JSON.stringify(opening)).toString('base64') } } as JsonObject;
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
 * `continues`): the same game, rules and seats (with any seat the chapter's moves added to its turn order), the previous options with a new `chapter`
 * entry linking back, its opening detached. Its seed is drawn anew when it opens, like any table's.
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
    opening: null,
  };
  return {
    tableId: tableId ?? chapterTableId(previous.world, number),
    gameId: ended.gameId,
    rulesVersion: ended.rulesVersion,
    // Seats a game took in during the chapter (players joining a world in play, by moves) are its seats from now on.
    seats: [...ended.seats, ...final.order.seats.filter((seat) => !ended.seats.includes(seat))],
    options: { ...ended.options, chapter },
  };
}
