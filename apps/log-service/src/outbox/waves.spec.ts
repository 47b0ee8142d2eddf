import { waves } from './outbox-relay';

describe('waves', () => {
  const row = (subject: string, id: number) => ({ subject, id });

  it('puts at most one row per subject in a wave, keeping each subject in id order', () => {
    const rows = [row('moves.a', 1), row('moves.b', 2), row('moves.a', 3), row('tables.a', 4), row('moves.a', 5), row('moves.b', 6)];
    expect(waves(rows).map((w) => w.map((r) => r.id))).toEqual([[1, 2, 4], [3, 6], [5]]);
  });

  it('publishes many tables in one wave and one table one row at a time', () => {
    expect(waves([row('a', 1), row('b', 2), row('c', 3)])).toHaveLength(1);
    expect(waves([row('a', 1), row('a', 2), row('a', 3)])).toHaveLength(3);
    expect(waves([])).toEqual([]);
  });
});
