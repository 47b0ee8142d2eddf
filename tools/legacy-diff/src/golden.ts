import { firstDifference } from './compare';
import type { Area } from './areas';

/** A recorded legacy answer: the case and what the legacy PHP returned (or threw). */
export interface GoldenCase {
  input: unknown;
  legacy: { ok: unknown } | { error: string };
}

export interface GoldenFile {
  area: string;
  about: string;
  made: string;
  cases: GoldenCase[];
}

export interface Mismatch {
  index: number;
  difference: string;
}

/** What libs/sammo answers differently from the recorded legacy, case by case. */
export function mismatches(area: Area, cases: readonly GoldenCase[]): Mismatch[] {
  const out: Mismatch[] = [];
  cases.forEach((c, index) => {
    let ours: { ok: unknown } | { error: string };
    try {
      ours = { ok: area.sammo(c.input, c.legacy) };
    } catch (error) {
      ours = { error: String(error) };
    }
    if ('error' in c.legacy || 'error' in ours) {
      // Both refusing is agreement; only one refusing is a difference.
      if ('error' in c.legacy && 'error' in ours) return;
      out.push({ index, difference: 'error' in c.legacy ? `legacy threw ${c.legacy.error}` : `sammo threw ${(ours as { error: string }).error}` });
      return;
    }
    const d = firstDifference(c.legacy.ok, ours.ok);
    if (d !== null) out.push({ index, difference: d });
  });
  return out;
}
