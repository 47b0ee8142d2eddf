import type { AnyGame, GameLog, GameState } from '@chronicle/engine';

/** What the log service stores beside each move of the game log. */
export interface MoveExtras {
  seq: number;
  stateHash: string | null;
  nextDueAt: string | null;
}

/** A table's game log and state as of entry `seq`: a cache the entries can always rebuild. */
export interface CachedTable {
  game: AnyGame;
  log: GameLog;
  state: GameState<unknown>;
  seq: number;
  /** `extras[i]` belongs to move `i + 1`. */
  extras: MoveExtras[];
}

/** Least-recently-used tables are dropped first; a dropped table is rebuilt from its log. */
export class TableCache {
  private readonly tables = new Map<string, CachedTable>();

  constructor(private readonly capacity: number) {}

  get(tableId: string): CachedTable | undefined {
    const table = this.tables.get(tableId);
    if (table) {
      this.tables.delete(tableId);
      this.tables.set(tableId, table);
    }
    return table;
  }

  set(tableId: string, table: CachedTable): void {
    this.tables.delete(tableId);
    this.tables.set(tableId, table);
    while (this.tables.size > this.capacity) {
      const oldest = this.tables.keys().next().value as string;
      this.tables.delete(oldest);
    }
  }

  delete(tableId: string): void {
    this.tables.delete(tableId);
  }
}
