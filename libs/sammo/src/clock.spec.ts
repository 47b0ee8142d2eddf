import { sammo } from './game';
import { SammoTable } from './testing/table';

const SEED = '0f'.repeat(32);
const HOUR = 3_600_000;

describe('the game clock (what services ask of game.clock)', () => {
  const clock = sammo.clock!;

  it('builds the advance move the rules accept, counting general turns as work', () => {
    const table = new SammoTable({ world: 'synthetic', generals: 20, cities: 10, nations: 2, turnterm: 60 }, SEED);
    const due = clock.nextDueTime(table.state)!;
    expect(clock.workDone(table.state)).toBe(0);
    table.play(null, clock.advance(due + 1, 1_000));
    expect(table.log.moves.at(-1)!.payload).toEqual({ type: 'advance', until: due + 1, budget: 1_000 });
    expect(clock.workDone(table.state)).toBe(table.state.data.env.generalTurns);
    expect(clock.workDone(table.state)).toBeGreaterThan(0);
    expect(clock.nextDueTime(table.state)).toBeGreaterThan(due);
  });

  it('stops an advance at its budget; the next one goes on from there', () => {
    const table = new SammoTable({ world: 'synthetic', generals: 20, cities: 10, nations: 2, turnterm: 60 }, SEED);
    const until = clock.nextDueTime(table.state)! + HOUR / 2;
    table.play(null, clock.advance(until, 3));
    expect(clock.workDone(table.state)).toBe(3);
    expect(clock.nextDueTime(table.state)).toBeLessThan(until);
    table.play(null, clock.advance(until, 1_000));
    expect(clock.workDone(table.state)).toBeGreaterThan(3);
    expect(clock.nextDueTime(table.state)).toBeGreaterThanOrEqual(until);
  });

  it('has nothing due once the world is frozen', () => {
    const table = new SammoTable({ world: 'synthetic', generals: 20, cities: 10, nations: 2, turnterm: 60 }, SEED);
    table.state.data.env.isunited = 2;
    expect(clock.nextDueTime(table.state)).toBeNull();
  });

  it('tells the turn length a played changeTurnTerm sets, and none for other moves', () => {
    const table = new SammoTable({ world: 'synthetic', generals: 20, cities: 10, nations: 2, turnterm: 60 }, SEED);
    table.play(null, { type: 'changeTurnTerm', turnterm: 30 });
    expect(table.state.data.env.turnterm).toBe(30);
    expect(clock.turnLengthSetBy!(table.log.moves.at(-1)!.payload)).toBe(HOUR / 2);
    expect(clock.turnLengthSetBy!(clock.advance(1, 1))).toBeUndefined();
    expect(clock.turnLengthSetBy!({ type: 'operatorLog', text: '점검' })).toBeUndefined();
  });
});
