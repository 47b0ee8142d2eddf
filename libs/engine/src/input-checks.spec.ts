import fc from 'fast-check';
import { diceRace, journal } from './examples';
import { IllegalMove, InvalidGame } from './errors';
import { GameLog } from './game-log';
import { stateFromArray } from './game-state';
import { engine } from './engine';
import { asArray, asJson, asPayload, type Json, type JsonObject } from './json';
import { Snapshot } from './snapshot';
import { clone, openLog, propertyRuns, race } from './spec-helpers';

// Values a caller can hand the engine that JSON cannot carry: NaN, ±Infinity, undefined,
// holes, sparse arrays, Maps, Dates, boxed values, null-prototype objects.
const anything = fc.anything({
  withSparseArray: true,
  withNullPrototype: true,
  withMap: true,
  withSet: true,
  withDate: true,
  withBoxedValues: true,
  withTypedArray: true,
  withBigInt: true,
  maxDepth: 4,
});

// ...and what only code can build: getters (steady, changing, throwing), other prototypes,
// proxies, arrays with extra keys, and nesting deeper than the engine takes.
const jsonish: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, anything, tie('built')),
  built: fc.oneof(
    fc.tuple(fc.string(), tie('value')).map(([key, v]) => Object.defineProperty({}, key, { enumerable: true, get: () => v })),
    fc.tuple(tie('value'), anything).map(([first, later]) => {
      let reads = 0;
      return Object.defineProperty({}, 'v', { enumerable: true, get: () => (reads++ === 0 ? first : later) });
    }),
    fc.string().map((message) => Object.defineProperty({}, 'v', { enumerable: true, get: () => { throw new Error(message); } })),
    fc.tuple(fc.dictionary(fc.string(), tie('value')), anything).map(([own, inherited]) => Object.assign(Object.create({ inherited }) as object, own)),
    tie('value').map((v) => new Proxy({ v }, {})),
    tie('value').map((v) => new Proxy({ v }, { ownKeys: () => { throw new RangeError('trap'); } })),
    fc.tuple(fc.array(tie('value'), { maxLength: 3 }), tie('value')).map(([items, extra]) => Object.assign([...items], { extra })),
    fc.tuple(fc.integer({ min: 1, max: 200 }), fc.boolean(), tie('value')).map(([levels, arrays, leaf]) => {
      let v = leaf;
      for (let i = 0; i < levels; i++) v = arrays ? [v] : { v };
      return v;
    }),
  ),
})).value;

function sparse(...items: Json[]): Json[] {
  const array: Json[] = [];
  items.forEach((item, i) => {
    if (i !== 1) array[i] = item;
  });
  array.length = items.length;
  return array;
}

/** Runs `act` and fails the property unless it either succeeds or throws exactly `expected`. */
function onlyThrows(expected: typeof IllegalMove | typeof InvalidGame, act: () => void): boolean {
  try {
    act();
    return true;
  } catch (error) {
    if (error instanceof expected) return false;
    throw new Error(`threw ${String(error)} instead of ${expected.name}`);
  }
}

describe('the engine refuses values JSON cannot carry', () => {
  const notes = () => openLog(journal, ['a', 'b'], {}, 'cd'.repeat(32));

  it.each([
    ['NaN', { text: 'x', n: NaN }, 'payload.n must be a finite number, got NaN'],
    ['Infinity', { text: 'x', deep: [1, { n: -Infinity }] }, 'payload.deep[1].n must be a finite number, got -Infinity'],
    ['undefined', { text: 'x', u: undefined }, 'payload.u must be a JSON value, got undefined'],
    ['a hole', { text: 'x', list: sparse(1, 2, 3) }, 'payload.list[1] is missing: an array may not have holes'],
    ['a Map', { text: 'x', m: new Map() }, 'payload.m must be a JSON value, got an object of type Map'],
  ])('step refuses a payload with %s and says where', (_name, payload, message) => {
    const log = notes();
    const state = engine.replay(journal, log);
    expect(() => engine.step(journal, log.header(), state, 'a', payload as unknown as Json)).toThrow(new IllegalMove(message));
    expect(state.revision).toBe(0);
    expect(state.data.notes).toBe(0);
  });

  it('append refuses such a payload and leaves the log as it was', () => {
    const log = notes();
    expect(() => log.append({ number: 1, seat: 'a', payload: { text: 'x', n: NaN }, random: false })).toThrow(IllegalMove);
    expect(() => log.append({ number: 1, seat: 'a', payload: sparse(1, 2), random: false })).toThrow(
      "move 1's payload[1] is missing: an array may not have holes",
    );
    expect(log.revision).toBe(0);
  });

  it('open refuses options JSON cannot carry and seats with holes', () => {
    const open = (seats: string[], options: Record<string, Json>) =>
      GameLog.open({ tableId: 't', gameId: 'journal', rulesVersion: '1', seats, options });
    expect(() => open(['a'], { n: NaN })).toThrow(new InvalidGame('options.n must be a finite number, got NaN'));
    expect(() => open(sparse('a', 'b', 'c') as string[], {})).toThrow(new InvalidGame('seats[1] is missing: an array may not have holes'));
  });

  it.each([
    ['log moves', (doc: Record<string, unknown>) => { doc.moves = sparse(...(doc.moves as Json[])); }, 'log.moves[1] is missing'],
    ['seats', (doc: Record<string, unknown>) => { doc.seats = sparse('a', 'b', 'c'); }, 'log.seats[1] is missing'],
  ])('fromArray refuses %s with holes as InvalidGame', (_name, edit, message) => {
    const log = notes();
    const state = race(journal, log, 0);
    for (const text of ['one', 'two', 'three']) log.append(engine.step(journal, log.header(), state, 'a', { text }).move);
    const doc = clone(log.toArray()) as Record<string, unknown>;
    edit(doc);
    expect(() => GameLog.fromArray(doc)).toThrow(InvalidGame);
    expect(() => GameLog.fromArray(doc)).toThrow(message);
  });

  it("fromArray refuses a state's turn order with holes as InvalidGame", () => {
    const state = { tableId: 't', revision: 0, phase: 'open', turn: 1, order: { seats: sparse('a', 'b', 'c'), acting: null, pending: [] as Json[] }, data: { notes: 0, last: '' }, outcome: null };
    expect(() => stateFromArray(journal, state)).toThrow(new InvalidGame('state.order.seats[1] is missing: an array may not have holes'));
    state.order = { seats: ['a', 'b'], acting: null, pending: sparse('a', 'b') };
    expect(() => stateFromArray(journal, state)).toThrow(new InvalidGame('state.order.pending[1] is missing: an array may not have holes'));
  });

  it('the readers tell the two kinds of refusal apart', () => {
    expect(() => asJson({ n: NaN }, 'doc')).toThrow(InvalidGame);
    expect(() => asPayload({ n: NaN })).toThrow(IllegalMove);
    expect(() => asArray(sparse(1, 2), 'doc')).toThrow(InvalidGame);
  });
});

describe('a payload is read once, and what was read is what is played and logged', () => {
  /** An object whose `key` answers each read with the next of `answers` (the last one again at the end). */
  function changing(base: Record<string, unknown>, key: string, ...answers: unknown[]): Json {
    let reads = 0;
    return Object.defineProperty({ ...base }, key, { enumerable: true, get: () => answers[Math.min(reads++, answers.length - 1)] }) as unknown as Json;
  }

  it('a getter that answers differently each time cannot split the played move from the logged one', () => {
    const log = openLog(journal, ['a'], {}, '06'.repeat(32));
    const state = engine.replay(journal, log);
    log.append(engine.step(journal, log.header(), state, 'a', changing({}, 'text', 'played', 'logged', 'later')).move);
    expect(state.data.last).toBe('played');
    expect(engine.replay(journal, GameLog.fromArray(clone(log.toArray()))).data).toEqual(state.data);
  });

  it('a getter that turns NaN after its first read leaves the first answer in the log', () => {
    const log = openLog(journal, ['a'], {}, '07'.repeat(32));
    const state = engine.replay(journal, log);
    log.append(engine.step(journal, log.header(), state, 'a', changing({ text: 'x' }, 'n', 1, NaN)).move);
    expect(() => log.append({ number: 2, seat: 'a', payload: changing({ text: 'x' }, 'n', 1, NaN), random: false })).not.toThrow();
    expect(GameLog.fromArray(clone(log.toArray())).moves.map((m) => m.payload)).toEqual([{ text: 'x', n: 1 }, { text: 'x', n: 1 }]);
  });

  it.each([
    ['a getter that throws', Object.defineProperty({ text: 'x' }, 'n', { enumerable: true, get: () => { throw new TypeError('no'); } })],
    ['a proxy whose keys cannot be listed', new Proxy({ text: 'x' }, { ownKeys: () => { throw new TypeError('no keys'); } })],
    ['a revoked proxy', (() => { const { proxy, revoke } = Proxy.revocable({ text: 'x' }, {}); revoke(); return proxy; })()],
  ])('%s in a payload is an illegal move, in a log document an invalid game', (_name, hostile) => {
    const log = openLog(journal, ['a'], {}, '08'.repeat(32));
    const state = engine.replay(journal, log);
    expect(() => engine.step(journal, log.header(), state, 'a', hostile as unknown as Json)).toThrow(/^payload could not be read: /);
    expect(() => engine.step(journal, log.header(), state, 'a', { list: [hostile] } as unknown as Json)).toThrow(IllegalMove);
    expect(() => log.append({ number: 1, seat: 'a', payload: hostile as unknown as Json, random: false })).toThrow(IllegalMove);
    expect(state.revision).toBe(0);
    const doc = { ...clone(log.toArray()), options: { o: hostile } };
    expect(() => GameLog.fromArray(doc)).toThrow(InvalidGame);
    expect(() => GameLog.fromArray(doc)).toThrow(/^log\.options could not be read: /);
  });
});

describe('toArray shares nothing with the live log', () => {
  it('changing the result changes neither payloads, options nor seats', () => {
    const log = openLog(journal, ['a', 'b'], { rule: { limit: [1, 2] } }, 'ef'.repeat(32));
    const payload = { text: 'hello', meta: { tags: ['x'] } };
    const state = engine.replay(journal, log);
    log.append(engine.step(journal, log.header(), state, 'a', payload).move);
    const before = clone(log.toArray());

    const out = log.toArray() as { options: { rule: { limit: number[] } }; seats: string[]; moves: Array<{ payload: { meta: { tags: string[] } } }> };
    out.options.rule.limit.push(3);
    out.seats.push('c');
    out.moves[0]!.payload.meta.tags.push('y');
    payload.meta.tags.push('z');

    expect(log.toArray()).toEqual(before);
    expect(log.moves[0]!.payload).toEqual({ text: 'hello', meta: { tags: ['x'] } });
    expect(log.header().options).toEqual({ rule: { limit: [1, 2] } });
  });

  it('the log of fromArray does not change with the document it was read from', () => {
    const doc = {
      tableId: 't', gameId: 'journal', rulesVersion: '1', seed: '01'.repeat(32), seats: ['a'], options: { o: [1] },
      moves: [{ number: 1, seat: 'a', payload: { text: 'hi', list: [1] }, random: false }],
    };
    const log = GameLog.fromArray(doc);
    doc.options.o.push(2);
    doc.moves[0]!.payload.list.push(2);
    expect(log.toArray()).toEqual({ ...doc, options: { o: [1] }, moves: [{ number: 1, seat: 'a', payload: { text: 'hi', list: [1] }, random: false }] });
  });

  it('a "__proto__" key in a payload stays a key', () => {
    const log = openLog(journal, ['a'], {}, '02'.repeat(32));
    const payload = JSON.parse('{"text":"x","__proto__":{"polluted":1}}') as Json;
    log.append(engine.step(journal, log.header(), engine.replay(journal, log), 'a', payload).move);
    expect(JSON.stringify(log.toArray().moves)).toContain('"__proto__":{"polluted":1}');
  });
});

describe('properties: arbitrary JSON-ish values meet only typed errors', () => {
  it('step takes or refuses (IllegalMove) any payload, and what it takes reads back', () => {
    fc.assert(
      fc.property(jsonish, fc.boolean(), (value, wrap) => {
        const log = openLog(journal, ['a'], {}, '03'.repeat(32));
        const state = engine.replay(journal, log);
        const payload = (wrap ? { text: 'w', value } : value) as Json;
        const taken = onlyThrows(IllegalMove, () => log.append(engine.step(journal, log.header(), state, 'a', payload).move));
        if (!taken) {
          expect(log.revision).toBe(0);
          return;
        }
        const back = GameLog.fromArray(JSON.parse(JSON.stringify(log.toArray())));
        expect(engine.replay(journal, back).data).toEqual(state.data);
      }),
      { numRuns: propertyRuns(400) },
    );
  });

  it('append and open take or refuse any value with a typed error', () => {
    fc.assert(
      fc.property(jsonish, jsonish, (payload, options) => {
        const log = openLog(journal, ['a'], {}, '04'.repeat(32));
        onlyThrows(IllegalMove, () => log.append({ number: 1, seat: 'a', payload: payload as Json, random: false }));
        onlyThrows(InvalidGame, () =>
          GameLog.open({ tableId: 't', gameId: 'journal', rulesVersion: '1', seats: ['a'], options: options as Record<string, Json> }),
        );
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  /** A copy of `valid` with `value` put at the place `path` picks (a key at each level). */
  function putAnywhere(valid: JsonObject, path: number[], value: unknown): Record<string, unknown> {
    const doc = structuredClone(valid) as Record<string, unknown>;
    let node: Record<string, unknown> = doc;
    for (const step of path) {
      const keys = Object.keys(node);
      const key = keys[step % keys.length]!;
      const child = node[key];
      if (typeof child !== 'object' || child === null || step % 3 === 0) {
        node[key] = value;
        break;
      }
      node = child as Record<string, unknown>;
    }
    return doc;
  }
  const paths = fc.array(fc.nat(), { minLength: 1, maxLength: 5 });

  it('fromArray refuses with InvalidGame a valid log with any JSON-ish value put anywhere', () => {
    const log = openLog(diceRace, ['a', 'b'], { finish: 30 }, '05'.repeat(32));
    race(diceRace, log, 8);
    const valid = log.toArray();
    fc.assert(
      fc.property(paths, jsonish, (path, value) => {
        onlyThrows(InvalidGame, () => engine.replay(diceRace, GameLog.fromArray(putAnywhere(valid, path, value))));
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it('a snapshot with any JSON-ish value put anywhere restores or is refused with InvalidGame', () => {
    const log = openLog(diceRace, ['a', 'b'], { finish: 30 }, '09'.repeat(32));
    const valid = Snapshot.of(diceRace, race(diceRace, log, 6), log.commitment()).toArray();
    fc.assert(
      fc.property(paths, jsonish, (path, value) => {
        onlyThrows(InvalidGame, () =>
          Snapshot.fromArray(putAnywhere(valid, path, value), { tableId: log.tableId, commitment: log.commitment() }).restore(diceRace),
        );
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
