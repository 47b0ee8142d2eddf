import type { HeaderRecord } from './log.repository';
import { TableCache } from './table-cache';

const table = (seq: number) => ({ lastSeq: seq }) as HeaderRecord;

describe('TableCache', () => {
  it('drops the least recently used table beyond its capacity', () => {
    const cache = new TableCache<HeaderRecord>(2);
    cache.set('a', table(1));
    cache.set('b', table(2));
    expect(cache.get('a')?.lastSeq).toBe(1); // a is now the most recent
    cache.set('c', table(3));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.lastSeq).toBe(1);
    expect(cache.get('c')?.lastSeq).toBe(3);
  });

  it('replaces and deletes tables', () => {
    const cache = new TableCache<HeaderRecord>(2);
    cache.set('a', table(1));
    cache.set('a', table(2));
    expect(cache.get('a')?.lastSeq).toBe(2);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
