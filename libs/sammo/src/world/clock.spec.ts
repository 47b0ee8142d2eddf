import { addTurn, cutTurn, joinYearMonth, turnDate } from './clock';
import { billOf, dedLevelOf, expLevelOf } from '../stats/levels';

describe('clock', () => {
  const t = Date.UTC(2026, 0, 10, 13, 47, 12);

  it('cuts turn windows laid from 01:00 of the day before', () => {
    // Base 2026-01-09 01:00; 13:47:12 next day is 2206 minutes later; 60-minute windows → 2160.
    expect(cutTurn(t, 60)).toBe(Date.UTC(2026, 0, 10, 13, 0, 0));
    expect(cutTurn(t, 7)).toBe(Date.UTC(2026, 0, 9, 1, 0, 0) + (2206 - (2206 % 7)) * 60_000);
    expect(addTurn(t, 60, 2)).toBe(t + 7_200_000);
  });

  it('dates a time by whole turns since the start', () => {
    const start = Date.UTC(2026, 0, 1, 0, 0, 0);
    expect(turnDate(start, start, 190, 60)).toEqual({ year: 190, month: 1 });
    expect(turnDate(start + 13 * 3_600_000 + 5, start, 190, 60)).toEqual({ year: 191, month: 2 });
    expect(joinYearMonth(190, 3)).toBe(2282);
  });
});

describe('levels', () => {
  it('follows the §1.4 formulas', () => {
    expect(expLevelOf(999)).toBe(9);
    expect(expLevelOf(1000)).toBe(10);
    expect(expLevelOf(4000)).toBe(20);
    expect(dedLevelOf(0)).toBe(0);
    expect(dedLevelOf(101)).toBe(2);
    expect(dedLevelOf(1e9)).toBe(30);
    expect(billOf(101)).toBe(800);
  });
});
