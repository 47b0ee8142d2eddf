import { createHash } from 'node:crypto';
import { diceRace } from './examples';
import { IllegalMove, InvalidGame } from './errors';
import { GameLog } from './game-log';
import { commitmentOf, isSeed, newSeed } from './seed';
import { clone, openLog, race } from './spec-helpers';

describe('GameLog', () => {
  it('numbers moves from 1 and records whether each drew randomness', () => {
    const log = openLog(diceRace, ['ann', 'bob']);
    race(diceRace, log, 3);
    expect(log.moves.map((m) => [m.number, m.random])).toEqual([[1, true], [2, true], [3, true]]);
  });

  it('draws a 64-hex-digit seed from the secure source for each new table', () => {
    const seeds = new Set(Array.from({ length: 50 }, () => newSeed()));
    expect(seeds.size).toBe(50);
    for (const seed of seeds) expect(isSeed(seed)).toBe(true);
    expect(isSeed(openLog(diceRace, ['a', 'b']).seed)).toBe(true);
  });

  it('commits to the seed with SHA-256', () => {
    const log = openLog(diceRace, ['ann', 'bob']);
    expect(log.commitment()).toBe(createHash('sha256').update(log.seed).digest('hex'));
    expect(commitmentOf(log.seed)).toBe(log.commitment());
  });

  it('round-trips through toArray and JSON', () => {
    const log = openLog(diceRace, ['ann', 'bob', 'cid'], { finish: 12 });
    race(diceRace, log);
    const back = GameLog.fromArray(clone(log.toArray()));
    expect(back.toArray()).toEqual(log.toArray());
    expect(back.header()).toEqual(log.header());
  });

  it('refuses the 100,001st move', () => {
    const full = openLog(diceRace, ['ann', 'bob'], { finish: 1e9 });
    const array = full.toArray() as { moves: unknown[] };
    array.moves = Array.from({ length: GameLog.MAX_MOVES }, (_, i) => ({ number: i + 1, seat: 'ann', payload: { type: 'roll' }, random: true }));
    const log = GameLog.fromArray(array);
    expect(log.revision).toBe(100_000);
    expect(() => log.append({ number: 100_001, seat: 'ann', payload: { type: 'roll' }, random: true })).toThrow(IllegalMove);
    expect(() => log.append({ number: 100_001, seat: 'ann', payload: { type: 'roll' }, random: true })).toThrow('at most 100000 moves');
    array.moves.push({ number: 100_001, seat: 'ann', payload: { type: 'roll' }, random: true });
    expect(() => GameLog.fromArray(array)).toThrow(new InvalidGame('log.moves holds 100001 moves; a log holds at most 100000'));
  });

  it.each([
    ['tableId', 7],
    ['gameId', null],
    ['rulesVersion', 1],
    ['seed', 'not-hex'],
    ['seed', 12],
    ['seats', 'ann'],
    ['seats', ['ann', 3]],
    ['options', []],
    ['options', { when: undefined }],
    ['moves', {}],
  ])('refuses a header field %s of the wrong type (%p)', (field, value) => {
    const array = clone(openLog(diceRace, ['ann', 'bob']).toArray()) as Record<string, unknown>;
    array[field] = value;
    expect(() => GameLog.fromArray(array)).toThrow(InvalidGame);
  });

  it.each([
    ['number', '1'],
    ['number', 2],
    ['seat', 5],
    ['payload', Number.NaN],
    ['random', 'yes'],
  ])('refuses a move field %s of the wrong type (%p)', (field, value) => {
    const log = openLog(diceRace, ['ann', 'bob']);
    race(diceRace, log, 1);
    const array = clone(log.toArray()) as { moves: Record<string, unknown>[] };
    array.moves[0]![field] = value;
    expect(() => GameLog.fromArray(array)).toThrow(InvalidGame);
  });
});
