import type { TableStatus, TableSummary } from './api';

/** A chapter of a world as the worlds list shows it. */
export interface ChapterSummary {
  number: number;
  tableId: string;
  status: TableStatus;
  date: string | null;
  revision: number;
}

/**
 * A world: what a person follows from chapter to chapter. A table that is no chapter of a
 * world (a game of its own) is a world of one chapter under its table's id.
 */
export interface WorldSummary {
  worldId: string;
  gameId: string;
  /** Oldest first, by number (c2 before c10). */
  chapters: ChapterSummary[];
  /** The newest chapter's table: the one in play, or the last one played. */
  current: TableSummary;
}

/** The worlds the tables make, by world id (numerically: w2 before w10). */
export function worldsOf(tables: readonly TableSummary[]): WorldSummary[] {
  const byWorld = new Map<string, TableSummary[]>();
  for (const table of tables) {
    const id = table.chapter?.world ?? table.tableId;
    const list = byWorld.get(id);
    if (list) list.push(table);
    else byWorld.set(id, [table]);
  }
  return [...byWorld].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })).map(([worldId, list]) => {
    const ordered = list.sort((a, b) => (a.chapter?.number ?? 0) - (b.chapter?.number ?? 0));
    const current = ordered.at(-1)!;
    return {
      worldId, gameId: current.gameId, current,
      chapters: ordered.map((t) => ({ number: t.chapter?.number ?? 1, tableId: t.tableId, status: t.status, date: t.date, revision: t.revision })),
    };
  });
}
