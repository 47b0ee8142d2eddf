import { ForgerySuspects } from './forgery-suspects';

describe('ForgerySuspects', () => {
  it('re-checks a table at most once a second until the duplicate window has passed', () => {
    const suspects = new ForgerySuspects(3_000, 1_000);
    suspects.mark('t1', 0);
    expect(suspects.due(500)).toEqual([]);
    expect(suspects.due(1_000)).toEqual(['t1']);
    expect(suspects.due(1_500)).toEqual([]);
    suspects.mark('t2', 1_600);
    expect(suspects.due(2_600)).toEqual(['t1', 't2']);
    expect(suspects.due(3_600)).toEqual(['t2']);
    expect(suspects.due(5_000)).toEqual([]);
  });
});
