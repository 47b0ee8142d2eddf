import { openingsFromSnapshots, type ChapterOpenings, type LoggedTable, type RequestClient, type TableReplayer } from '@chronicle/bus';
import { decodeSnapshot, SnapshotSubjects, type SnapshotV1 } from '@chronicle/contracts';
import { InvalidGame, Snapshot, type AnyGame, type GameHeader, type GameState, type LoggedMove } from '@chronicle/engine';

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
 * moves since, else a replay of the log (`TableReplayer`; a later chapter's from the previous
 * chapter's final state, which the snapshot service holds). The seed comes only through the
 * sealed-seed request. A state that stepped a move which was then not appended must be
 * dropped (`drop`).
 */
export class TableStates {
  private readonly tables = new Map<string, HeldTable>();
  private readonly quarantined = new Map<string, string>();
  private readonly openings: ChapterOpenings;

  constructor(
    private readonly replayer: TableReplayer,
    private readonly requests: RequestClient,
    private readonly options: TableStatesOptions,
  ) {
    this.openings = openingsFromSnapshots(requests, options.timeoutMs);
  }

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
    const state = await this.replayer.opening(table, this.openings);
    const { lastMove } = await this.replayer.follow(table, state, { through: table.state.revision - 1 });
    return { state, lastMove };
  }

  private async load(tableId: string): Promise<HeldTable> {
    const table = await this.replayer.table(tableId);
    const snapshot = await this.snapshot(table);
    if (snapshot) {
      const followed = await this.replayer.follow(table, snapshot.state, { same: (move) => move.seq <= snapshot.seq });
      if (!followed.diverged) return this.held(table, snapshot.state, followed.lastMove, 'snapshot');
    }
    const state = await this.replayer.opening(table, this.openings);
    return this.held(table, state, (await this.replayer.follow(table, state)).lastMove, 'log');
  }

  private held({ tableId, game, header }: LoggedTable, state: GameState<unknown>, lastMove: LoggedMove | undefined, from: LoadedFrom): HeldTable {
    this.options.loaded(from);
    return { tableId, game, header: { ...header, moves: state.revision }, state, lastMove, hashedAt: 0 };
  }

  /**
   * The snapshot service's state and the entry it includes, when it can be of this log's
   * history (`load` then checks that the log's move at its revision is still one it included:
   * an undo since would have replaced it). Any doubt (no service, unreadable, another history)
   * falls back to a replay.
   */
  private async snapshot(table: LoggedTable): Promise<{ state: GameState<unknown>; seq: number } | undefined> {
    const { tableId, log, game } = table;
    let reply: SnapshotV1;
    try {
      reply = await this.requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId }, this.options.timeoutMs);
    } catch {
      return undefined;
    }
    if (reply.quarantined) this.markQuarantined(tableId, reply.quarantined);
    try {
      const snapshot = Snapshot.fromArray(decodeSnapshot(reply.snapshot), { tableId, commitment: log.commitment, maxRevision: log.revision });
      return { state: snapshot.restore(game), seq: reply.seq };
    } catch (error) {
      if (error instanceof InvalidGame) return undefined;
      throw error;
    }
  }
}
