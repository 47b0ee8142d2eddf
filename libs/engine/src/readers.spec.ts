import { diceRace, journal } from './examples';
import { ConcurrentMove, IllegalMove, InvalidGame } from './errors';
import { GameLog } from './game-log';
import { stateFromArray, stateToArray } from './game-state';
import { engine } from './engine';
import { asArray, asBoolean, asInteger, asJson, asMoveObject, asNullableString, asObject, asPayload, asString, asStringArray, type Json } from './json';
import { clone, openLog, race } from './spec-helpers';

// Pins what mutation testing found loose in the readers: each refusal names the field it
// refused and says what it got, so a person can find the bad value in a stored document.

const nested = (levels: number, leaf: Json): Json => {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe('the readers say where and what', () => {
  it.each([
    [() => asObject([], 'p'), 'p must be an object, got an array'],
    [() => asObject(null, 'p'), 'p must be an object, got null'],
    [() => asObject('s', 'p'), 'p must be an object, got the string "s"'],
    [() => asArray({}, 'p'), 'p must be an array, got an object of type Object'],
    [() => asString(5, 'p'), 'p must be a string, got number 5'],
    [() => asString(undefined, 'p'), 'p must be a string, got undefined'],
    [() => asBoolean('yes', 'p'), 'p must be a boolean, got the string "yes"'],
    [() => asBoolean(1n, 'p'), 'p must be a boolean, got bigint'],
    [() => asInteger(1.5, 'p'), 'p must be an integer, got number 1.5'],
    [() => asInteger(true, 'p'), 'p must be an integer, got boolean true'],
    [() => asInteger(0, 'p', 1, 3), 'p must be between 1 and 3, got 0'],
    [() => asInteger(4, 'p', 1, 3), 'p must be between 1 and 3, got 4'],
    [() => asInteger(2 ** 53, 'p'), 'p must be between -9007199254740991 and 9007199254740991, got 9007199254740992'],
    [() => asNullableString(7, 'p'), 'p must be a string, got number 7'],
    [() => asStringArray(['a', 2], 'p'), 'p[1] must be a string, got number 2'],
    [() => asBoolean('x'.repeat(41), 'p'), `p must be a boolean, got the string "${'x'.repeat(40)}…"`],
    [() => asString(Object.create(null), 'p'), 'p must be a string, got an object of type null prototype'],
    [() => asString(() => 1, 'p'), 'p must be a string, got function'],
  ])('%#', (read, message) => {
    expect(read).toThrow(new InvalidGame(message));
  });

  it('takes the bounds themselves and a string of exactly 40 characters whole', () => {
    expect(asInteger(1, 'p', 1, 3)).toBe(1);
    expect(asInteger(3, 'p', 1, 3)).toBe(3);
    expect(asNullableString(null, 'p')).toBeNull();
    expect(asNullableString('s', 'p')).toBe('s');
    expect(() => asBoolean(5, 'p')).toThrow(/^p must be a boolean, got number 5$/);
    expect(() => asBoolean('x'.repeat(40), 'p')).toThrow(new InvalidGame(`p must be a boolean, got the string "${'x'.repeat(40)}"`));
  });

  it('takes JSON nested 64 levels deep and refuses one level more, saying where', () => {
    expect(asJson(nested(64, 1), 'doc')).toEqual(nested(64, 1));
    expect(asJson(nested(64, []), 'doc')).toEqual(nested(64, []));
    expect(() => asJson(nested(65, 1), 'doc')).toThrow(new InvalidGame(`doc${'[0]'.repeat(65)} is nested deeper than 64 levels`));
    expect(() => asJson(nested(65, []), 'doc')).toThrow(new InvalidGame(`doc${'[0]'.repeat(65)} is nested deeper than 64 levels`));
    expect(() => asPayload({ a: nested(65, 'x') })).toThrow(new IllegalMove(`payload.a${'[0]'.repeat(64)} is nested deeper than 64 levels`));
    expect(asPayload(nested(64, 'x'))).toEqual(nested(64, 'x'));
  });

  it('checks leaves inside objects and arrays at every depth', () => {
    expect(() => asJson({ a: { b: [1, { c: Number.NaN }] } }, 'doc')).toThrow(new InvalidGame('doc.a.b[1].c must be a finite number, got NaN'));
    expect(() => asPayload([1, 'x', null, true, () => 1])).toThrow(new IllegalMove('payload[4] must be a JSON value, got function'));
    expect(() => asPayload({ ok: 1, bad: Symbol('s') })).toThrow(new IllegalMove('payload.bad must be a JSON value, got symbol'));
    expect(asJson(Object.assign(Object.create(null) as object, { a: 1 }), 'doc')).toEqual({ a: 1 });
  });

  it('turns what a value throws as it is read into the refusal, whatever is thrown', () => {
    const throwsText = Object.defineProperty({}, 'v', { enumerable: true, get: () => { throw 'boom'; } });
    expect(() => asPayload(throwsText)).toThrow(new IllegalMove('payload could not be read: boom'));
    expect(() => asJson(throwsText, 'doc')).toThrow(new InvalidGame('doc could not be read: boom'));
    expect(() => asPayload({ v: throwsText }, 'move 3')).toThrow(new IllegalMove('move 3 could not be read: boom'));
  });

  it("a game's move object is an object, or an illegal move in the game's words", () => {
    expect(asMoveObject({ a: 1 }, 'shape')).toEqual({ a: 1 });
    for (const [payload, got] of [[[1], 'an array'], [null, 'null'], [3, 'number 3']] as const) {
      expect(() => asMoveObject(payload as Json, 'a move is { "a": n }')).toThrow(new IllegalMove(`a move is { "a": n }, got ${got}`));
    }
  });
});

describe('what the log keeps', () => {
  it('keeps deep-frozen payloads and options, taken once: the copy step made is the one logged', () => {
    const log = openLog(journal, ['a'], { rule: { list: [1] } }, '0a'.repeat(32));
    const step = engine.step(journal, log.header(), engine.replay(journal, log), 'a', { text: 'x', deep: { list: [1] } });
    log.append(step.move);
    const payload = log.moves[0]!.payload as { deep: { list: number[] } };
    expect(payload).toBe(step.move.payload);
    expect([Object.isFrozen(payload), Object.isFrozen(payload.deep), Object.isFrozen(payload.deep.list)]).toEqual([true, true, true]);
    const options = log.options as { rule: { list: number[] } };
    expect([Object.isFrozen(options), Object.isFrozen(options.rule), Object.isFrozen(options.rule.list)]).toEqual([true, true, true]);
    expect(Object.isFrozen(log.moves[0])).toBe(true);
    expect(Object.isFrozen(log.seats)).toBe(true);
  });

  it('reads a log document back with every field named in its refusals', () => {
    const log = openLog(diceRace, ['ann', 'bob'], {}, '0b'.repeat(32));
    race(diceRace, log, 2);
    const valid = () => clone(log.toArray()) as Record<string, unknown> & { moves: Array<Record<string, unknown>> };
    const refuses = (edit: (doc: ReturnType<typeof valid>) => void, message: string) => {
      const doc = valid();
      edit(doc);
      expect(() => GameLog.fromArray(doc)).toThrow(new InvalidGame(message));
    };
    expect(() => GameLog.fromArray('log')).toThrow(new InvalidGame('log must be an object, got the string "log"'));
    refuses((d) => { d.tableId = 1; }, 'log.tableId must be a string, got number 1');
    refuses((d) => { d.gameId = null; }, 'log.gameId must be a string, got null');
    refuses((d) => { d.rulesVersion = 1; }, 'log.rulesVersion must be a string, got number 1');
    refuses((d) => { d.seed = 1; }, 'log.seed must be a string, got number 1');
    refuses((d) => { d.seed = 'AB'.repeat(32); }, 'log.seed must be 64 lowercase hexadecimal digits');
    refuses((d) => { d.seats = ['a', 1]; }, 'log.seats[1] must be a string, got number 1');
    refuses((d) => { d.seats = ['a', 'a']; }, 'a seat is listed twice');
    refuses((d) => { d.tableId = ''; }, 'a table needs a non-empty id');
    refuses((d) => { d.options = []; }, 'log.options must be an object, got an array');
    refuses((d) => { (d as Record<string, unknown>).moves = {}; }, 'log.moves must be an array, got an object of type Object');
    refuses((d) => { (d.moves as unknown[])[1] = 5; }, 'log.moves[1] must be an object, got number 5');
    refuses((d) => { d.moves[1]!.number = 3; }, 'log.moves[1].number is 3; moves are numbered from 1 without gaps');
    refuses((d) => { d.moves[0]!.number = 0; }, 'log.moves[0].number must be between 1 and 100000, got 0');
    refuses((d) => { d.moves[1]!.seat = 5; }, 'log.moves[1].seat must be a string, got number 5');
    refuses((d) => { d.moves[1]!.payload = { n: null, m: [Number.NaN] }; }, 'log.moves[1].payload.m[0] must be a finite number, got NaN');
    refuses((d) => { d.moves[1]!.random = 1; }, 'log.moves[1].random must be a boolean, got number 1');
    const table = valid();
    table.moves[0]!.seat = null;
    expect(GameLog.fromArray(table).moves[0]!.seat).toBeNull();
  });

  it('opens a table only with a seed, a non-empty id and seats listed once', () => {
    const open = (over: object) => () => GameLog.open({ tableId: 't', gameId: 'g', rulesVersion: '1', seats: ['a'], ...over });
    expect(open({ tableId: '' })).toThrow(new InvalidGame('a table needs a non-empty id'));
    expect(open({ seed: 'x' })).toThrow(new InvalidGame('a seed must be 64 lowercase hexadecimal digits'));
    expect(open({ seats: ['a', 'b', 'a'] })).toThrow(new InvalidGame('a seat is listed twice'));
    expect(open({ options: 'o' })).toThrow(new InvalidGame('options must be an object, got the string "o"'));
    expect(open({})().options).toEqual({});
  });

  it('appends only the next move, and says which table and revision it is at', () => {
    const log = openLog(journal, ['a'], {}, '0c'.repeat(32));
    expect(() => log.append({ number: 2, seat: 'a', payload: { text: 'x' }, random: false })).toThrow(
      new ConcurrentMove('move 2 does not follow table table-1 at revision 0'),
    );
    log.append({ number: 1, seat: null, payload: { text: 'x' }, random: false });
    expect(log.lastMove).toEqual({ number: 1, seat: null, payload: { text: 'x' }, random: false });
    expect(log.withoutLast().revision).toBe(0);
    expect(log.revision).toBe(1);
    expect(log.header()).toEqual({
      tableId: 'table-1', gameId: 'journal', rulesVersion: '1', seed: '0c'.repeat(32), seats: ['a'], options: {}, moves: 1,
    });
  });

  it('puts other options on a log without changing its moves, refusing what JSON cannot carry', () => {
    const log = openLog(journal, ['a'], { a: 1 }, '0d'.repeat(32));
    log.append({ number: 1, seat: 'a', payload: { text: 'x' }, random: false });
    const other = log.withOptions({ b: [2] });
    expect(other.toArray()).toEqual({ ...log.toArray(), options: { b: [2] } });
    expect(log.options).toEqual({ a: 1 });
    expect(() => log.withOptions({ b: Number.NaN })).toThrow(new InvalidGame('options.b must be a finite number, got NaN'));
  });

  it('a state document names its fields too', () => {
    const state = race(diceRace, openLog(diceRace, ['ann', 'bob'], { finish: 50 }, '0e'.repeat(32)), 3);
    const valid = () => clone(stateToArray(diceRace, state)) as Record<string, unknown> & { order: Record<string, unknown> };
    const refuses = (edit: (doc: ReturnType<typeof valid>) => void, message: string) => {
      const doc = valid();
      edit(doc);
      expect(() => stateFromArray(diceRace, doc)).toThrow(new InvalidGame(message));
    };
    expect(() => stateFromArray(diceRace, [])).toThrow(new InvalidGame('state must be an object, got an array'));
    refuses((d) => { d.tableId = 1; }, 'state.tableId must be a string, got number 1');
    refuses((d) => { d.revision = -1; }, 'state.revision must be between 0 and 9007199254740991, got -1');
    refuses((d) => { d.phase = null; }, 'state.phase must be a string, got null');
    refuses((d) => { d.turn = -1; }, 'state.turn must be between 0 and 9007199254740991, got -1');
    refuses((d) => { (d as Record<string, unknown>).order = []; }, 'state.order must be an object, got an array');
    refuses((d) => { d.order.acting = 5; }, 'state.order.acting must be a string, got number 5');
    refuses((d) => { d.order.acting = 'dan'; }, 'state.order.acting "dan" is not in the turn order');
    refuses((d) => { d.order.pending = ['dan']; }, 'state.order.pending seat "dan" is not in the turn order');
    refuses((d) => { d.order.seats = ['ann', 'ann']; }, 'state.order.seats lists a seat twice');
    refuses((d) => { d.data = { n: Number.NaN }; }, 'state.data.n must be a finite number, got NaN');
    refuses((d) => { d.outcome = 'won'; }, 'state.outcome must be an object, got the string "won"');
    refuses((d) => { d.outcome = { winners: [1], result: 'r' }; }, 'state.outcome.winners[0] must be a string, got number 1');
    refuses((d) => { d.outcome = { winners: 'ann', result: 'r' }; }, 'state.outcome.winners must be an array, got the string "ann"');
    refuses((d) => { d.outcome = { winners: [], result: 1 }; }, 'state.outcome.result must be a string, got number 1');
    refuses((d) => { d.outcome = { winners: [], result: 'r', continues: false }; }, 'state.outcome.continues must be true when present');
    const ended = valid();
    ended.outcome = { winners: ['ann'], result: 'r', continues: true };
    expect(stateToArray(diceRace, stateFromArray(diceRace, ended)).outcome).toEqual({ winners: ['ann'], result: 'r', continues: true });
    ended.outcome = { winners: ['ann'], result: 'r' };
    expect(stateToArray(diceRace, stateFromArray(diceRace, ended)).outcome).toEqual({ winners: ['ann'], result: 'r' });
  });
});
