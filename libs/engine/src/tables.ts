import { ConcurrentMove, GameInProgress, IllegalMove, UnknownTable } from './errors';
import type { Game, LoggedMove, Seat } from './game';
import { GameLog } from './game-log';
import type { GameState } from './game-state';
import type { Json, JsonObject } from './json';
import { engine } from './engine';

export interface OpenTable {
  tableId: string;
  seats: readonly string[];
  options?: JsonObject;
}

export interface Opened {
  tableId: string;
  /** SHA-256 of the secret seed, to show the players now. */
  commitment: string;
  revision: number;
}

export interface Moved<G> {
  move: LoggedMove;
  revision: number;
  /** The table's state after the move; read-only, valid until the table's next move. */
  state: Readonly<GameState<G>>;
}

/**
 * Where tables live when one process both keeps their logs and runs their rules:
 * {@link InMemoryTables}, for tests and the CLI's dice demo. The deployed system splits the
 * two and implements no `Tables`: the log service stores logs and never runs the rules (a
 * store), the turn executors decide moves and append them there.
 */
export interface Tables<G> {
  open(request: OpenTable): Promise<Opened>;
  /** Plays a move; with `expectedRevision`, refuses with `ConcurrentMove` when the table moved on. */
  move(tableId: string, seat: Seat, payload: Json, expectedRevision?: number): Promise<Moved<G>>;
  undo(tableId: string, seat: Seat): Promise<{ revision: number }>;
  state(tableId: string): Promise<Readonly<GameState<G>>>;
  commitment(tableId: string): Promise<string>;
  /** The log with its seed, once the game is over; never the seed of a table still in play. */
  finishedLog(tableId: string): Promise<GameLog>;
}

interface Entry<G> {
  log: GameLog;
  state: GameState<G>;
}

/** Tables in this process's memory: one log and one live state per table. */
export class InMemoryTables<G, P, S> implements Tables<G> {
  private readonly tables = new Map<string, Entry<G>>();

  constructor(private readonly game: Game<G, P, S>) {}

  async open(request: OpenTable): Promise<Opened> {
    const log = GameLog.open({
      tableId: request.tableId,
      gameId: this.game.id,
      rulesVersion: this.game.version,
      seats: request.seats,
      options: request.options ?? {},
    });
    const state = engine.setup(this.game, log.header());
    this.tables.set(request.tableId, { log, state });
    return { tableId: request.tableId, commitment: log.commitment(), revision: 0 };
  }

  async move(tableId: string, seat: Seat, payload: Json, expectedRevision?: number): Promise<Moved<G>> {
    const entry = this.entry(tableId);
    if (expectedRevision !== undefined && expectedRevision !== entry.log.revision) {
      throw new ConcurrentMove(`table ${tableId} is at revision ${entry.log.revision}, not ${expectedRevision}: reload and retry`);
    }
    try {
      const { move, state } = engine.step(this.game, entry.log.header(), entry.state, seat, payload);
      entry.log.append(move);
      return { move, revision: entry.log.revision, state };
    } catch (error) {
      // A refusal changed nothing; anything else may have half-changed the cached state,
      // which the log (untouched) rebuilds.
      if (!(error instanceof IllegalMove)) entry.state = engine.replay(this.game, entry.log);
      throw error;
    }
  }

  async undo(tableId: string, seat: Seat): Promise<{ revision: number }> {
    const entry = this.entry(tableId);
    const table = engine.undo(this.game, entry, seat);
    entry.log = table.log;
    entry.state = table.state;
    return { revision: entry.log.revision };
  }

  async state(tableId: string): Promise<Readonly<GameState<G>>> {
    return this.entry(tableId).state;
  }

  async commitment(tableId: string): Promise<string> {
    return this.entry(tableId).log.commitment();
  }

  async finishedLog(tableId: string): Promise<GameLog> {
    const state = await this.readState(tableId);
    if (!state.outcome) throw new GameInProgress(`table ${tableId} is still in play: its log (and seed) stays hidden until the end`);
    const log = await this.readLog(tableId);
    if (log.commitment() !== state.commitment || log.revision !== state.revision) {
      throw new ConcurrentMove(`table ${tableId} changed between reading its state and its log; ask again`);
    }
    return log;
  }

  /** The two reads of `finishedLog`, separate because storage may change between them. */
  protected async readState(tableId: string): Promise<{ outcome: GameState<G>['outcome']; revision: number; commitment: string }> {
    const entry = this.entry(tableId);
    return { outcome: entry.state.outcome, revision: entry.state.revision, commitment: entry.log.commitment() };
  }

  protected async readLog(tableId: string): Promise<GameLog> {
    return GameLog.fromArray(this.entry(tableId).log.toArray());
  }

  private entry(tableId: string): Entry<G> {
    const entry = this.tables.get(tableId);
    if (!entry) throw new UnknownTable(`there is no table ${tableId}; open it first`);
    return entry;
  }
}
