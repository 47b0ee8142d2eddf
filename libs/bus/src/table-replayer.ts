import { unsealSeed, type HeaderV1, type LoggedMoveV1, type MovesPageV1 } from '@chronicle/contracts';
import { engine, InvalidGame, type AnyGame, type GameHeader, type GameState, type LoggedMove } from '@chronicle/engine';
import type { GameRegistry } from '@chronicle/games';
import { withChapterOpening, type ChapterOpenings } from './chapter-opening';
import type { LogClient } from './log-client';

/** What a replay plays: the table's game, and its game header with the seed. */
export interface ReplayTable {
  readonly tableId: string;
  readonly game: AnyGame;
  /** The seed included; each move is played with `moves` at its own number, as when it was first played. */
  readonly header: GameHeader;
}

/** A table as its log service has it when a replay starts: the log's header beside what the replay plays. */
export interface LoggedTable extends ReplayTable {
  readonly log: HeaderV1;
}

export interface FollowOptions {
  /** The last move to play; the log's end when absent. */
  through?: number;
  /**
   * Whether the log's move at the state's revision is the one the state played: an undo since
   * may have replaced it. When it is not (or the log no longer has it) nothing is played and
   * the follow says `diverged`. Not asked for a state before any move.
   */
  same?(move: LoggedMoveV1): boolean;
  /** Told each move once the state holds it (to check a recorded hash, to tell it); `false` stops there. */
  played?(move: LoggedMoveV1): boolean | void | Promise<boolean | void>;
  /** A move the game refuses (`InvalidGame`): the follow stops there. Without it the refusal is thrown. */
  refused?(move: LoggedMoveV1, error: InvalidGame): void | Promise<void>;
  /** Told each page once all its moves are played (not the page where the follow stopped). */
  paged?(page: MovesPageV1): void;
}

export interface Followed {
  /** The moves played. */
  played: number;
  /** The last move read up to where the follow stopped: the state's own last move when none was above it. */
  lastMove: LoggedMove | undefined;
  /** The log's move at the state's revision is not the one `same` expected: nothing was played. */
  diverged: boolean;
}

/**
 * A table's replay from the log service, done one way by every service that holds tables
 * (turn executors, snapshot service) and by the operator's end-of-run check: the log's header,
 * the seed (sealed on the wire to the trusted services' key, opened only here, in memory), the
 * state before the first move (a later chapter's from the previous chapter's final state, from
 * the caller's `ChapterOpenings`), then the log's moves page by page, each played with
 * `engine.advance` ({@link playMoves}).
 */
export class TableReplayer {
  constructor(
    readonly log: LogClient,
    private readonly seedKey: Buffer,
    private readonly games: GameRegistry,
  ) {}

  /** The table's seed: it crosses the bus sealed, and is opened only here, in memory. */
  async seed(tableId: string): Promise<string> {
    const { sealedSeed } = await this.log.sealedSeed({ tableId });
    return unsealSeed(this.seedKey, tableId, sealedSeed);
  }

  /** The table as the log has it now (or as `header`, already read, says), with its game and seed. */
  async table(tableId: string, header?: HeaderV1): Promise<LoggedTable> {
    const log = header ?? await this.log.header({ tableId });
    const game = this.games.forTable(tableId, log.gameId, log.rulesVersion);
    const seeded: GameHeader = {
      tableId, gameId: log.gameId, rulesVersion: log.rulesVersion, seed: await this.seed(tableId), seats: log.seats, options: log.options, moves: 0,
    };
    return { tableId, game, header: seeded, log };
  }

  /**
   * The state before the table's first move: the game's setup (a first chapter's with the
   * documents its options name, fetched and checked against their hashes: the header names
   * them only), or for a later chapter of a world the final state of the chapter before, from
   * `openings` (the setup checks it against the chapter's link).
   */
  async opening(table: ReplayTable, openings: ChapterOpenings): Promise<GameState<unknown>> {
    const options = await this.log.withDocuments(await withChapterOpening(table.header.options, openings));
    return engine.setup(table.game, { ...table.header, moves: 0, options });
  }

  /** The table replayed from its opening to the log's end. */
  async replay(tableId: string, openings: ChapterOpenings, options: Omit<FollowOptions, 'same'> = {}): Promise<{ table: LoggedTable; state: GameState<unknown>; followed: Followed }> {
    const table = await this.table(tableId);
    const state = await this.opening(table, openings);
    return { table, state, followed: await this.follow(table, state, options) };
  }

  /**
   * Plays the log's moves above the state's revision on it, in place, to the log's end or
   * `through`. The log is read from the state's own last move (which `same` checks, and which
   * is the last move when none is above it).
   */
  async follow(table: ReplayTable, state: GameState<unknown>, options: FollowOptions = {}): Promise<Followed> {
    const { through = Infinity, same, played, refused, paged } = options;
    const from = state.revision;
    const followed: Followed = { played: 0, lastMove: undefined, diverged: false };
    // The state's own last move, when `same` is to check it: until it is read, nothing is played.
    let own = from === 0 || !same;
    for await (const page of this.log.pages(table.tableId, Math.max(0, from - 1))) {
      for (const move of page.moves) {
        if (move.number > through) return followed;
        if (move.number <= from) {
          if (move.number === from && same) {
            if (!same(move)) return { ...followed, diverged: true };
            own = true;
          }
          followed.lastMove = logged(move);
          continue;
        }
        if (!own) return { ...followed, diverged: true };
        try {
          playMoves(table, state, [logged(move)]);
        } catch (error) {
          if (!(error instanceof InvalidGame) || !refused) throw error;
          await refused(move, error);
          return followed;
        }
        followed.played++;
        followed.lastMove = logged(move);
        const told = played?.(move);
        if ((told instanceof Promise ? await told : told) === false) return followed;
      }
      paged?.(page);
    }
    return own ? followed : { ...followed, diverged: true };
  }

  /**
   * The log's moves through `through` (else to its end), read in pages, `paged` told the count
   * read after each: for a reader that checks them whole before playing them, as an audit does.
   */
  async moves(tableId: string, through = Infinity, paged?: (read: number) => void): Promise<LoggedMoveV1[]> {
    const moves: LoggedMoveV1[] = [];
    for await (const page of this.log.pages(tableId, 0)) {
      moves.push(...page.moves.filter((move) => move.number <= through));
      paged?.(moves.length);
      if (moves.length >= through) break;
    }
    return moves;
  }
}

/**
 * Plays logged moves on the state, in place, with `engine.advance`: each with the header at its
 * own number, as when it was first played. `after` is told each move once the state holds it.
 * The one place a table's logged moves are played, whether from the log service or a file.
 */
export function playMoves(table: ReplayTable, state: GameState<unknown>, moves: Iterable<LoggedMove>, after?: (move: LoggedMove) => void): void {
  for (const move of moves) {
    engine.advance(table.game, { ...table.header, moves: move.number }, state, [move]);
    after?.(move);
  }
}

function logged({ number, seat, payload, random }: LoggedMoveV1): LoggedMove {
  return { number, seat, payload, random };
}
