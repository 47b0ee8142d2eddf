import type { HeaderRecord } from './log.repository';

/**
 * Table headers as this process last wrote or read them (least-recently-used dropped first).
 * Only a shortcut: an append checks its header by its conditional write.
 */
export class TableCache {
  private readonly tables = new Map<string, HeaderRecord>();

  constructor(private readonly capacity: number) {}

  get(tableId: string): HeaderRecord | undefined {
    const table = this.tables.get(tableId);
    if (table) {
      this.tables.delete(tableId);
      this.tables.set(tableId, table);
    }
    return table;
  }

  set(tableId: string, table: HeaderRecord): void {
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
