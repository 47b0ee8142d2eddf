import type { LogEntry } from '../world/types';

/** A log line as a viewer gets it: the move that wrote it (the table's revision), its month, its words. */
export type LineView = {
  move: number;
  year: number;
  month: number;
  text: string;
}

export function lineView(e: LogEntry): LineView {
  return { move: e.move, year: e.year, month: e.month, text: e.text };
}

/**
 * The lines of `entries` that `keep` accepts, oldest first, written after move `since`
 * (all kept ones without it), at most `limit` of the newest. Walks from the newest end, so
 * a short window costs only its own lines.
 */
export function linesSince(entries: readonly LogEntry[], keep: (e: LogEntry) => boolean, since = -1, limit = Infinity): LineView[] {
  const out: LineView[] = [];
  for (let i = entries.length - 1; i >= 0 && out.length < limit; i--) {
    const e = entries[i]!;
    if (e.move <= since) break;
    if (keep(e)) out.push(lineView(e));
  }
  return out.reverse();
}
