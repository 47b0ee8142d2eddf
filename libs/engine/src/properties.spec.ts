import fc from 'fast-check';
import { diceRace, ticTacToe } from './examples';
import { GameOver, InvalidGame } from './errors';
import type { Game } from './game';
import { GameLog } from './game-log';
import { stateFromArray, stateToArray } from './game-state';
import { engine } from './engine';
import { asInteger, asObject, type Json } from './json';
import { commitmentOf } from './seed';
import { Snapshot } from './snapshot';
import { clone, openLog, play, propertyRuns, race } from './spec-helpers';

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const seatsArb = fc.integer({ min: 2, max: 6 }).map((n) => Array.from({ length: n }, (_, i) => `seat-${i}`));

function diceTable(seed: string, seats: string[], finish: number, moves: number) {
  const log = openLog(diceRace, seats, { finish }, seed);
  const live = race(diceRace, log, moves);
  return { log, live };
}

describe('properties', () => {
  it('replay equals the state reached step by step', () => {
    fc.assert(
      fc.property(seedArb, seatsArb, fc.integer({ min: 5, max: 200 }), fc.integer({ min: 0, max: 120 }), (seed, seats, finish, n) => {
        const { log, live } = diceTable(seed, seats, finish, n);
        const replayed = engine.replay(diceRace, GameLog.fromArray(clone(log.toArray())));
        expect(stateToArray(diceRace, replayed)).toEqual(stateToArray(diceRace, live));
      }),
      { numRuns: propertyRuns(150) },
    );
  });

  it('advancing from any snapshot equals a full replay', () => {
    fc.assert(
      fc.property(seedArb, seatsArb, fc.integer({ min: 0, max: 80 }), fc.double({ min: 0, max: 1, noNaN: true }), (seed, seats, n, cut) => {
        const { log } = diceTable(seed, seats, 1000, n);
        const k = Math.floor(cut * log.revision);
        const header = log.header();
        const at = engine.advance(diceRace, header, engine.setup(diceRace, header), log.moves.slice(0, k));
        const cached = clone(Snapshot.of(diceRace, at, log.commitment()).toArray());
        const resumed = engine.resume(diceRace, log, cached);
        expect(resumed.from).toBe('snapshot');
        expect(stateToArray(diceRace, resumed.state)).toEqual(stateToArray(diceRace, engine.replay(diceRace, log)));
      }),
      { numRuns: propertyRuns(150) },
    );
  });

  it('logs and states round-trip through toArray/fromArray', () => {
    const moveArb = fc.record({ seat: fc.option(fc.string(), { nil: null }), payload: fc.jsonValue() as fc.Arbitrary<Json>, random: fc.boolean() });
    fc.assert(
      fc.property(seedArb, fc.uniqueArray(fc.string(), { maxLength: 6 }), fc.dictionary(fc.string(), fc.jsonValue() as fc.Arbitrary<Json>), fc.array(moveArb, { maxLength: 30 }),
        (seed, seats, options, moves) => {
          const log = GameLog.open({ tableId: 't', gameId: 'g', rulesVersion: '1', seats, options, seed });
          moves.forEach((m, i) => log.append({ number: i + 1, ...m }));
          const back = GameLog.fromArray(JSON.parse(JSON.stringify(log.toArray())));
          expect(back.toArray()).toEqual(JSON.parse(JSON.stringify(log.toArray())));
        }),
      { numRuns: propertyRuns(200) },
    );
    fc.assert(
      fc.property(seedArb, seatsArb, fc.integer({ min: 0, max: 60 }), (seed, seats, n) => {
        const { live } = diceTable(seed, seats, 100, n);
        const array = clone(stateToArray(diceRace, live));
        expect(stateToArray(diceRace, stateFromArray(diceRace, array))).toEqual(array);
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  describe('fromArray on arbitrary input throws only InvalidGame', () => {
    // Built in the tests, not while jest collects them: StrykerJS would count what it reaches as static.
    const table = () => diceTable('ab'.repeat(32), ['a', 'b', 'c'], 100, 12);

    const readers: Array<[string, (value: unknown) => unknown]> = [
      ['GameLog.fromArray', (v) => GameLog.fromArray(v)],
      ['stateFromArray', (v) => stateFromArray(diceRace, v)],
      ['Snapshot.fromArray + restore', (v) => Snapshot.fromArray(v, { tableId: 'table-1', commitment: commitmentOf('ab'.repeat(32)) }).restore(diceRace)],
    ];

    const onlyInvalidGame = (read: (value: unknown) => unknown, value: unknown) => {
      try {
        read(value);
      } catch (error) {
        if (!(error instanceof InvalidGame)) throw new Error(`threw ${String(error)} instead of InvalidGame`);
      }
    };

    // Replaces the value at a random path of a valid document with an arbitrary one.
    const mutated = (doc: unknown) =>
      fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), fc.anything()).map(([path, value]) => {
        const copy = clone(doc) as Record<string, unknown>;
        let node: Record<string, unknown> = copy;
        for (const step of path) {
          const keys = Object.keys(node);
          if (keys.length === 0) break;
          const key = keys[step % keys.length]!;
          const child = node[key];
          if (typeof child !== 'object' || child === null || step % 3 === 0) {
            node[key] = value;
            return copy;
          }
          node = child as Record<string, unknown>;
        }
        return copy;
      });

    it.each(readers)('%s on arbitrary values', (_name, read) => {
      fc.assert(fc.property(fc.anything(), (value) => onlyInvalidGame(read, value)), { numRuns: propertyRuns(300) });
      fc.assert(fc.property(fc.jsonValue(), (value) => onlyInvalidGame(read, value)), { numRuns: propertyRuns(300) });
    });

    it('GameLog.fromArray on mutated logs', () => {
      fc.assert(fc.property(mutated(clone(table().log.toArray())), (value) => onlyInvalidGame(readers[0]![1], value)), { numRuns: propertyRuns(400) });
    });

    it('state and snapshot readers on mutated snapshots', () => {
      const { log, live } = table();
      const validSnapshot = clone(Snapshot.of(diceRace, live, log.commitment()).toArray());
      fc.assert(fc.property(mutated(validSnapshot), (value) => {
        onlyInvalidGame(readers[2]![1], value);
        onlyInvalidGame(readers[1]![1], (value as { state?: unknown }).state);
      }), { numRuns: propertyRuns(400) });
    });
  });

  it("a move's draws do not depend on earlier moves' draws", () => {
    // Each move draws as many values as it says and keeps them.
    const lottery: Game<{ draws: number[][] }, number> = {
      id: 'lottery',
      version: '1',
      setup: () => ({ phase: 'draw', turn: 1, order: { seats: ['p'], acting: 'p', pending: [] }, data: { draws: [] } }),
      check: (_state, _seat, payload) => asInteger(asObject(payload, 'move').count, 'move.count', 1, 20),
      apply: (state, _seat, count, random) => {
        state.data.draws.push(Array.from({ length: count }, () => random.int(0, 1_000_000)));
      },
      readData: (value) => value as unknown as { draws: number[][] },
    };
    fc.assert(
      fc.property(seedArb, fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 2, maxLength: 10 }), fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 2, maxLength: 10 }),
        (seed, countsA, countsB) => {
          const n = Math.min(countsA.length, countsB.length);
          const last = countsA[n - 1]!;
          const playCounts = (counts: number[]) => {
            const log = openLog(lottery, ['p'], {}, seed);
            return play(lottery, log, counts.slice(0, n - 1).concat(last).map((count) => ['p', { count }])).data.draws[n - 1];
          };
          expect(playCounts(countsA)).toEqual(playCounts(countsB));
        }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('undo returns the table to the state before the move', () => {
    fc.assert(
      fc.property(seedArb, fc.array(fc.nat(8), { minLength: 1, maxLength: 9 }), (seed, picks) => {
        const log = openLog(ticTacToe, ['x', 'o'], {}, seed);
        let state = engine.setup(ticTacToe, log.header());
        let before = clone(stateToArray(ticTacToe, state));
        for (const pick of picks) {
          if (state.outcome) break;
          const free = state.data.cells.flatMap((c, i) => (c === null ? [i] : []));
          before = clone(stateToArray(ticTacToe, state));
          log.append(engine.step(ticTacToe, log.header(), state, state.order.acting, { cell: free[pick % free.length]! }).move);
        }
        if (state.outcome) {
          expect(() => engine.undo(ticTacToe, { log, state }, null)).toThrow(GameOver);
          return;
        }
        const undone = engine.undo(ticTacToe, { log, state }, log.lastMove!.seat);
        state = undone.state;
        expect(stateToArray(ticTacToe, state)).toEqual(before);
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});
