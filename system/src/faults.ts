import type { Subjects, TableEventV1 } from '@chronicle/contracts';
import { waitUntil } from '@chronicle/testing';
import type { NatsConnection } from '@nats-io/nats-core';

/** A seeded stream of numbers in [0, 1) (mulberry32): the same seed, the same faults at the same moments. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The same items in an order the random stream picks. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Watches a world move, as an outsider would (core subscriptions to `moves.>` and
 * `tables.>`, which the client takes up again after a NATS restart): when each of its
 * chapters last received an entry, and each chapter's end. A fault's resume time is from
 * the moment the system was whole again (a surviving replica: the kill itself) to the
 * world's next entry.
 */
export class WorldWatch {
  private lastEntryAt = 0;
  private readonly finished: string[] = [];

  constructor(nc: NatsConnection, subjects: Subjects, private readonly worldTables: RegExp) {
    nc.subscribe(subjects.of('moves.>'), {
      callback: (error, msg) => {
        if (!error && this.worldTables.test(msg.subject.split('.').at(-1)!)) this.lastEntryAt = Date.now();
      },
    });
    nc.subscribe(subjects.of('tables.>'), {
      callback: (error, msg) => {
        if (error) return;
        const event = msg.json<TableEventV1>();
        if (event.kind === 'finished' && this.worldTables.test(event.tableId)) this.finished.push(event.tableId);
      },
    });
  }

  /** Milliseconds from `since` to the world's first entry after it. */
  async resumedAfter(since: number, what: string): Promise<number> {
    const at = await waitUntil(() => (this.lastEntryAt > since ? this.lastEntryAt : undefined), 180_000, `the world to move again after ${what}`);
    return at - since;
  }

  /** Resolves when one of the world's chapters ends after this call (its `finished` event). */
  async nextChapterEnd(timeoutMs: number): Promise<string> {
    const seen = this.finished.length;
    return waitUntil(() => this.finished[seen], timeoutMs, "a chapter's end");
  }
}
