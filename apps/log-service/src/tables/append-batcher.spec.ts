import type { DataSource } from 'typeorm';
import { AppendBatcher } from './append-batcher';
import type { LogRepository, PendingAppend } from './log.repository';

// The batching logic on its own, over a repository that records what it was asked; the
// SQL itself runs against PostgreSQL in table-store.int.spec.ts.
function recorder(failBatches: boolean, refuse = new Set<string>()) {
  const batches: string[][] = [];
  const singles: string[] = [];
  const slow = () => new Promise((resolve) => setTimeout(resolve, 5));
  const repository = {
    async appendManyIfLast(_em: unknown, appends: PendingAppend[]) {
      batches.push(appends.map((a) => a.tableId));
      await slow();
      if (failBatches) throw new Error('duplicate key value violates unique constraint');
      return new Set(appends.map((a) => a.tableId).filter((t) => !t.startsWith('stale')));
    },
    async appendIfLast(_em: unknown, tableId: string) {
      singles.push(tableId);
      await slow();
      if (refuse.has(tableId)) throw new Error(`refused ${tableId}`);
      return !tableId.startsWith('stale');
    },
  } as unknown as LogRepository;
  return { repository, batches, singles };
}

const pending = (tableId: string) => ({ tableId }) as PendingAppend;
const db = { manager: {} } as unknown as DataSource;

describe('AppendBatcher', () => {
  it('writes the appends of one event-loop turn together, a lone one alone, and what arrives meanwhile in the next', async () => {
    const { repository, batches, singles } = recorder(false);
    const batcher = new AppendBatcher(db, repository, { maxBatch: 100, concurrency: 1 });
    const together = Promise.all(['a', 'b', 'c', 'stale-d'].map((t) => batcher.append(pending(t))));
    await new Promise((resolve) => setImmediate(resolve));
    const meanwhile = Promise.all(['e', 'f'].map((t) => batcher.append(pending(t))));
    expect(await together).toEqual([true, true, true, false]);
    expect(await meanwhile).toEqual([true, true]);
    expect(await batcher.append(pending('alone'))).toBe(true);
    expect(batches).toEqual([['a', 'b', 'c', 'stale-d'], ['e', 'f']]);
    expect(singles).toEqual(['alone']);
  });

  it('never puts more than maxBatch appends in one statement', async () => {
    const { repository, batches, singles } = recorder(false);
    const batcher = new AppendBatcher(db, repository, { maxBatch: 3, concurrency: 1 });
    await Promise.all(Array.from({ length: 8 }, (_, i) => batcher.append(pending(`t${i}`))));
    expect(batches).toEqual([['t0', 't1', 't2'], ['t3', 't4', 't5'], ['t6', 't7']]);
    expect(singles).toEqual([]);
  });

  it('answers each append on its own when its batch fails', async () => {
    const { repository, singles } = recorder(true, new Set(['bad']));
    const batcher = new AppendBatcher(db, repository, { maxBatch: 100, concurrency: 1 });
    const results = await Promise.allSettled(['first', 'good', 'bad', 'stale-x'].map((t) => batcher.append(pending(t))));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([true, true, 'refused bad', false]);
    expect(singles).toEqual(['first', 'good', 'bad', 'stale-x']);
  });
});
