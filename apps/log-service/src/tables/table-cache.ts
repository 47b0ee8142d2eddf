/**
 * What this process last wrote or read of each table — its header, its tree's right edge —
 * least-recently-used dropped first. Only a shortcut: an append checks its header by its
 * conditional write, and a tree is used only at the size the header says.
 */
export class TableCache<T> {
  private readonly tables = new Map<string, T>();

  constructor(private readonly capacity: number) {}

  get(tableId: string): T | undefined {
    const table = this.tables.get(tableId);
    if (table) {
      this.tables.delete(tableId);
      this.tables.set(tableId, table);
    }
    return table;
  }

  set(tableId: string, table: T): void {
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
