import type { LogEntry } from '../world/types';

/** A log line as a viewer gets it, as the world writes it: its month, scope and subject, its words, the move that wrote it. */
export type LineView = {
  year: number;
  month: number;
  scope: LogEntry['scope'];
  subject: number;
  text: string;
  move: number;
}

export function lineView(e: LogEntry): LineView {
  return { year: e.year, month: e.month, scope: e.scope, subject: e.subject, text: e.text, move: e.move };
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
