import { withChapterOpening, type LogSource, type RequestClient } from '@chronicle/bus';
import { decodeSnapshot, SnapshotSubjects, type HeaderV1, type SnapshotV1 } from '@chronicle/contracts';
import {
  engine, InvalidGame, Snapshot, type AnyGame, type GameHeader, type GameState, type LoggedMove,
} from '@chronicle/engine';
import type { GameRegistry } from '@chronicle/games';

/** A table as this replica holds it: the state at the log's revision, and what stepping it needs. */
export interface HeldTable {
  readonly tableId: string;
  readonly game: AnyGame;
  /** The seed included (opened from the sealed seed); `moves` = the state's revision. */
  header: GameHeader;
  state: GameState<unknown>;
  /** The log's last move (undo rules need it), when the state has one. */
  lastMove: LoggedMove | undefined;
  /** When this replica last appended a move of it with a state hash (epoch ms; 0: not yet). */
  hashedAt: number;
}

export type LoadedFrom = 'cache' | 'snapshot' | 'log';

export interface TableStatesOptions {
  capacity: number;
  timeoutMs: number;
  /** How each `get` was served. */
  loaded(from: LoadedFrom): void;
}

/**
 * Table states, brought to the log's revision from the cheapest source: this replica's own
 * cache, else the snapshot service's snapshot (checked to be of the log's history) plus the
 * moves since, else a replay of the log (a later chapter's from the previous chapter's final
 * state, `withChapterOpening`). The seed comes only through the sealed-seed request.
 * A state that stepped a move which was then not appended must be dropped (`drop`).
 */
export class TableStates {
  private readonly tables = new Map<string, HeldTable>();
  private readonly quarantined = new Map<string, string>();

  constructor(
    private readonly log: LogSource,
    private readonly requests: RequestClient,
    private readonly games: GameRegistry,
    private readonly options: TableStatesOptions,
  ) {}

  async get(tableId: string): Promise<HeldTable> {
    const held = this.tables.get(tableId);
    if (held) {
      this.tables.delete(tableId);
      this.tables.set(tableId, held);
      this.options.loaded('cache');
      return held;
    }
    const loaded = await this.load(tableId);
    this.tables.set(tableId, loaded);
    while (this.tables.size > this.options.capacity) this.tables.delete(this.tables.keys().next().value as string);
    return loaded;
  }

  drop(tableId: string): void {
    this.tables.delete(tableId);
  }

  /** Why the table is quarantined (its log does not replay to what was recorded), or undefined. */
  quarantine(tableId: string): string | undefined {
    return this.quarantined.get(tableId);
  }

  markQuarantined(tableId: string, reason: string): void {
    this.quarantined.set(tableId, reason);
  }

  /**
   * An operator lifted the quarantine and the snapshot service found the whole log sound:
   * the table takes moves again, from a state loaded afresh (what this replica held may be
   * the very state that was doubted).
   */
  markReleased(tableId: string): void {
    this.quarantined.delete(tableId);
    this.tables.delete(tableId);
  }

  get quarantinedTables(): string[] {
    return [...this.quarantined.keys()];
  }

  /**
   * The table as its log replays without its last move — what an undo leaves, whose state
   * hash the undo records (the snapshot service's rebuild checks it): a replay of the whole
   * log, which only the short games that allow undo ask for.
   */
  async withoutLastMove(table: HeldTable): Promise<{ state: GameState<unknown>; lastMove: LoggedMove | undefined }> {
    const state = await this.opening(table.game, table.header);
    const lastMove = await this.follow(table.tableId, table.game, table.header, state, table.state.revision - 1);
    return { state, lastMove };
  }

  private async load(tableId: string): Promise<HeldTable> {
    const header = await this.log.header(tableId);
    const game = this.games.forTable(tableId, header.gameId, header.rulesVersion);
    const seeded: GameHeader = {
      tableId, gameId: header.gameId, rulesVersion: header.rulesVersion, seed: await this.log.seed(tableId),
      seats: header.seats, options: header.options, moves: 0,
    };
    const snapshot = await this.snapshot(tableId, header, game);
    const state = snapshot ?? await this.opening(game, seeded);
    const lastMove = await this.follow(tableId, game, seeded, state, Infinity);
    this.options.loaded(snapshot ? 'snapshot' : 'log');
    return { tableId, game, header: { ...seeded, moves: state.revision }, state, lastMove, hashedAt: 0 };
  }

  /**
   * The state before the table's first move (a later chapter's: the previous chapter's final
   * state), with the documents its options name attached; the header kept names them only.
   */
  private async opening(game: AnyGame, seeded: GameHeader): Promise<GameState<unknown>> {
    const options = await withChapterOpening(this.requests, seeded.options, this.options.timeoutMs);
    return engine.setup(game, { ...seeded, moves: 0, options: await this.log.withDocuments(options) });
  }

  /** Plays the log's moves above the state's revision up to move `until`; the last move read up to there. */
  private async follow(tableId: string, game: AnyGame, seeded: GameHeader, state: GameState<unknown>, until: number): Promise<LoggedMove | undefined> {
    let lastMove: LoggedMove | undefined;
    for await (const page of this.log.pages(tableId, Math.max(0, state.revision - 1))) {
      for (const { number, seat, payload, random } of page.moves) {
        if (number > until) return lastMove;
        lastMove = { number, seat, payload, random };
        if (number > state.revision) engine.advance(game, { ...seeded, moves: number }, state, [lastMove]);
      }
    }
    return lastMove;
  }

  /**
   * The snapshot service's state, when it is of this log's history: its last move must
   * still be the log's move of that number (an undo since would have replaced it). Any
   * doubt (no service, unreadable, another history) falls back to a replay.
   */
  private async snapshot(tableId: string, header: HeaderV1, game: AnyGame): Promise<GameState<unknown> | undefined> {
    let reply: SnapshotV1;
    try {
      reply = await this.requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId }, this.options.timeoutMs);
    } catch {
      return undefined;
    }
    if (reply.quarantined) this.markQuarantined(tableId, reply.quarantined);
    try {
      const snapshot = Snapshot.fromArray(decodeSnapshot(reply.snapshot), { tableId, commitment: header.commitment, maxRevision: header.revision });
      if (snapshot.revision > 0) {
        const page = await this.log.pages(tableId, snapshot.revision - 1).next();
        const same = page.done ? undefined : page.value.moves[0];
        if (!same || same.number !== snapshot.revision || same.seq > reply.seq) return undefined;
      }
      return snapshot.restore(game);
    } catch (error) {
      if (error instanceof InvalidGame) return undefined;
      throw error;
    }
  }
}
