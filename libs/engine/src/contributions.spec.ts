import fc from 'fast-check';
import { combinedSeed, contributionHash, CONTRIBUTED, newContribution } from './contributions';
import { engine } from './engine';
import { IllegalMove, InvalidGame } from './errors';
import { diceRace, journal } from './examples';
import type { Game, Seat } from './game';
import { GameLog } from './game-log';
import { stateFromArray, stateToArray, type GameState } from './game-state';
import { asMoveObject, type Json } from './json';
import { RandomSource } from './random-source';
import { stepState, tableSeed } from './randomness';
import { clone, openLog, propertyRuns, withMoves } from './spec-helpers';
import { viewMove } from './views';
import { Xoshiro256StarStar } from './xoshiro';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const ALICE = 'aa'.repeat(32);
const BOB = 'bb'.repeat(32);

/** Rolls dice at every move (never at setup): what a contributed table is for. */
interface Rolls { rolls: number[] }
const roller: Game<Rolls, { n: number }> = {
  id: 'roller',
  version: '1',
  setup: ({ seats }) => ({ phase: 'play', turn: 1, order: { seats: [...seats], acting: null, pending: [] }, data: { rolls: [] } }),
  check(_state, _seat: Seat, payload: Json) {
    const move = asMoveObject(payload, 'a roll is { "n": 0..8 }');
    if (typeof move.n !== 'number' || !Number.isInteger(move.n) || move.n < 0 || move.n > 8) throw new IllegalMove('a roll is { "n": 0..8 }');
    return { n: move.n };
  },
  apply(state, _seat, move, random) {
    for (let i = 0; i < move.n; i++) state.data.rolls.push(random.int(1, 6));
  },
  undoable: true,
  readData: (data) => clone(data) as unknown as Rolls,
};

const commit = (tableId: string, seat: string, value: string): Json => ({ $randomness: 'commit', hash: contributionHash(tableId, seat, value) });
const reveal = (value: string): Json => ({ $randomness: 'reveal', value });

function contributedLog(seed = SEED, seats = ['alice', 'bob']): GameLog {
  return openLog(roller, seats, { randomness: CONTRIBUTED }, seed);
}

function play(log: GameLog, moves: Array<[Seat, Json]>, state = engine.replay(roller, log)): GameState<Rolls> {
  for (const [seat, payload] of moves) log.append(engine.step(roller, log.header(), state, seat, payload).move);
  return state;
}

const CONTRIBUTE: Array<[Seat, Json]> = [
  ['alice', commit('table-1', 'alice', ALICE)],
  ['bob', commit('table-1', 'bob', BOB)],
  ['alice', reveal(ALICE)],
  ['bob', reveal(BOB)],
];

describe('contributed randomness', () => {
  it('derives as the README publishes (test vectors, checked by an independent implementation)', () => {
    expect(contributionHash('table-1', 'alice', ALICE)).toBe('9fd5530e8c95cb06197791693772b8c5d8c63ec103f49c8226fbc3f3a3b5406c');
    expect(contributionHash('table-1', 'bob', BOB)).toBe('ec24eaf24820ca93ed9ecc747e0467848dab6d96d932ba715bfacbfd39214ff6');
    const entropy = { phase: 'fixed' as const, contributions: [{ seat: 'alice', hash: null, value: ALICE }, { seat: 'bob', hash: null, value: BOB }] };
    expect(combinedSeed(SEED, entropy)).toBe('f42a9d404cb829eeefa63206477ae581ef1a99473fca916b82b64b936b971a36');
    expect(stepState(tableSeed(combinedSeed(SEED, entropy)), 5).toString('hex')).toBe('021b1b4ddcb7cc8247bc9972a327c119d1732a568102947b953683fe948268f5');

    const log = contributedLog();
    const state = play(log, [...CONTRIBUTE, ['alice', { n: 8 }]]);
    expect(state.data.rolls).toEqual([5, 4, 6, 5, 6, 5, 1, 6]);
    expect(state.entropy?.phase).toBe('fixed');
    // The seed alone would have drawn otherwise.
    const alone = new RandomSource(new Xoshiro256StarStar(stepState(tableSeed(SEED), 5)));
    expect(Array.from({ length: 8 }, () => alone.int(1, 6))).not.toEqual(state.data.rolls);
  });

  it('records the contributions as moves that draw nothing, and verify replays them with the draws', () => {
    const log = contributedLog();
    const live = play(log, [...CONTRIBUTE, ['alice', { n: 3 }], ['bob', { n: 2 }]]);
    expect(log.moves.slice(0, 4).map((m) => m.random)).toEqual([false, false, false, false]);
    const verified = engine.verify(roller, GameLog.fromArray(clone(log.toArray())), log.commitment());
    expect(stateToArray(roller, verified)).toEqual(stateToArray(roller, live));
    expect(stateToArray(roller, verified)['entropy']).toEqual({
      phase: 'fixed',
      contributions: [
        { seat: 'alice', hash: contributionHash('table-1', 'alice', ALICE), value: ALICE },
        { seat: 'bob', hash: contributionHash('table-1', 'bob', BOB), value: BOB },
      ],
    });
  });

  it('plays no game move until every seat committed and revealed, naming who withholds', () => {
    const log = contributedLog();
    const state = play(log, []);
    expect(() => engine.step(roller, log.header(), state, 'alice', { n: 0 })).toThrow(/waits for the commits of alice, bob/);
    play(log, CONTRIBUTE.slice(0, 1), state);
    expect(() => engine.step(roller, log.header(), state, 'alice', { n: 0 })).toThrow(/waits for the commits of bob to its randomness/);
    play(log, CONTRIBUTE.slice(1, 3), state);
    expect(() => engine.step(roller, log.header(), state, null, { n: 1 })).toThrow(/waits for the contributions of bob to be revealed/);
    expect(state.revision).toBe(3);
    // The table's clock and the operator are held back as any seat is.
    expect(() => engine.step(roller, log.header(), state, 'alice', { n: 0 })).toThrow(IllegalMove);
  });

  it.each<[string, Array<[Seat, Json]>, Seat, Json, RegExp]>([
    ['the table contributing', [], null, { $randomness: 'commit', hash: 'a'.repeat(64) }, /table seat does not contribute/],
    ['a seat not of the table', [], 'carol', commit('table-1', 'carol', ALICE), /carol is not a seat of table table-1: its seats \(alice, bob\) contribute/],
    ['a reveal before every seat committed', [['alice', commit('table-1', 'alice', ALICE)]], 'alice', reveal(ALICE), /waits for the commits of bob .*: reveal once every seat has committed/],
    ['a second commit', [['alice', commit('table-1', 'alice', ALICE)]], 'alice', commit('table-1', 'alice', BOB), /already committed/],
    ['a commit once all are in', [['alice', commit('table-1', 'alice', ALICE)], ['bob', commit('table-1', 'bob', BOB)]], 'bob', commit('table-1', 'bob', ALICE), /already committed/],
    ['another value than committed', [['alice', commit('table-1', 'alice', ALICE)], ['bob', commit('table-1', 'bob', BOB)]], 'alice', reveal(BOB), /not the one seat alice committed to/],
    ['a second reveal', [['alice', commit('table-1', 'alice', ALICE)], ['bob', commit('table-1', 'bob', BOB)], ['alice', reveal(ALICE)]], 'alice', reveal(ALICE), /already revealed/],
    ['another seat\'s commitment, copied', [['alice', commit('table-1', 'alice', ALICE)], ['bob', commit('table-1', 'alice', ALICE)]], 'bob', reveal(ALICE), /not the one seat bob committed to/],
    ['a hash that is not one', [], 'alice', { $randomness: 'commit', hash: 'xyz' }, /payload.hash must be 64/],
    ['an unknown kind', [], 'alice', { $randomness: 'peek' }, /must be "commit" or "reveal"/],
  ])('refuses %s and leaves the table as it was', (_what, before, seat, payload, reason) => {
    const log = contributedLog();
    const state = play(log, before);
    const was = stateToArray(roller, state);
    expect(() => engine.step(roller, log.header(), state, seat, payload)).toThrow(reason);
    expect(stateToArray(roller, state)).toEqual(was);
  });

  it('takes no contribution back', () => {
    const log = contributedLog();
    const state = play(log, [['alice', commit('table-1', 'alice', ALICE)]]);
    expect(() => engine.checkUndo(roller, state, log.lastMove, 'alice')).toThrow(/contribution to the table's randomness: it cannot be taken back/);
  });

  it('refuses a log whose contributions are not as played, naming the move', () => {
    const log = contributedLog();
    play(log, [...CONTRIBUTE, ['alice', { n: 3 }]]);
    const commitment = log.commitment();
    const revealChanged = withMoves(log, (moves) => { moves[3] = { ...moves[3]!, payload: reveal('cc'.repeat(32)) }; });
    expect(() => engine.verify(roller, revealChanged, commitment)).toThrow(/move 4 no longer applies: the value is not the one seat bob committed to/);
    const withheld = withMoves(log, (moves) => { moves.splice(3, 1); moves.forEach((m, i) => { moves[i] = { ...m, number: i + 1 }; }); });
    expect(() => engine.verify(roller, withheld, commitment)).toThrow(/move 4 no longer applies: table table-1 waits for the contributions of bob/);
    const drew = withMoves(log, (moves) => { moves[0] = { ...moves[0]!, random: true }; });
    expect(() => engine.verify(roller, drew, commitment)).toThrow(/move 1 is a contribution .* but the log says it drew/);
  });

  it('opens no contributed table whose setup draws, and no unknown scheme', () => {
    expect(() => engine.replay(diceRace, openLog(diceRace, ['a', 'b'], { randomness: CONTRIBUTED }, SEED))).toThrow(/its setup cannot draw/);
    expect(() => engine.replay(roller, openLog(roller, ['a'], { randomness: 'mine' }, SEED))).toThrow(InvalidGame);
    expect(() => engine.replay(roller, openLog(roller, [], { randomness: CONTRIBUTED }, SEED))).toThrow(/has no seat to contribute/);
  });

  it('leaves tables opened the old way as they were: no entropy, $randomness is the game\'s payload', () => {
    const log = openLog(journal, ['a'], {}, SEED);
    const state = engine.replay(journal, log);
    expect(stateToArray(journal, state)).not.toHaveProperty('entropy');
    expect(() => engine.step(journal, log.header(), state, 'a', { $randomness: 'commit', hash: 'a'.repeat(64) })).toThrow(/a journal move is/);
  });

  it('shows a contribution move whole to every viewer while in play', () => {
    const sealedRoller = { ...roller, views: { seat: () => null, public: () => null, move: () => 'hidden' } };
    const log = contributedLog();
    const state = engine.replay(sealedRoller, log);
    const { move } = engine.step(sealedRoller, log.header(), state, 'alice', commit('table-1', 'alice', ALICE));
    expect(viewMove(sealedRoller, state, move, null)).toMatchObject({ visibility: 'full', payload: { $randomness: 'commit' } });
  });

  describe('properties', () => {
    const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
    const valueArb = seedArb;
    const contributorsArb = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 5 })
      .chain((seats) => fc.tuple(fc.constant(seats), fc.array(valueArb, { minLength: seats.length, maxLength: seats.length })));

    function contributed(seed: string, seats: string[], values: string[], rolls: number): { log: GameLog; state: GameState<Rolls> } {
      const log = contributedLog(seed, seats);
      const state = play(log, [
        ...seats.map((s, i): [Seat, Json] => [s, commit('table-1', s, values[i]!)]),
        ...seats.map((s, i): [Seat, Json] => [s, reveal(values[i]!)]),
        [seats[0]!, { n: rolls }],
      ]);
      return { log, state };
    }

    it('any one contribution changed changes the draws: no one who cannot see all the others can choose them', () => {
      fc.assert(
        fc.property(seedArb, contributorsArb, fc.nat(), valueArb, (seed, [seats, values], pick, other) => {
          const i = pick % seats.length;
          fc.pre(other !== values[i]);
          const changed = values.map((v, k) => (k === i ? other : v));
          const a = contributed(seed, seats, values, 8).state;
          const b = contributed(seed, seats, changed, 8).state;
          expect(combinedSeed(seed, a.entropy!)).not.toBe(combinedSeed(seed, b.entropy!));
          // 8 dice alike by chance: 6^-8; a failure here is a derivation that ignores a contribution.
          expect(b.data.rolls).not.toEqual(a.data.rolls);
        }),
        { numRuns: propertyRuns(100) },
      );
    });

    it('replay and a snapshot read back reach the state played step by step', () => {
      fc.assert(
        fc.property(seedArb, contributorsArb, fc.integer({ min: 0, max: 8 }), (seed, [seats, values], rolls) => {
          const { log, state } = contributed(seed, seats, values, rolls);
          const replayed = engine.verify(roller, GameLog.fromArray(clone(log.toArray())), log.commitment());
          expect(stateToArray(roller, replayed)).toEqual(stateToArray(roller, state));
          const back = stateFromArray(roller, clone(stateToArray(roller, state)));
          expect(stateToArray(roller, back)).toEqual(stateToArray(roller, state));
        }),
        { numRuns: propertyRuns(100) },
      );
    });

    it('whoever withholds is named, and nothing is drawn until they reveal', () => {
      fc.assert(
        fc.property(seedArb, contributorsArb, fc.array(fc.boolean()), (seed, [seats, values], shown) => {
          const revealed = seats.filter((_, i) => shown[i] ?? false);
          fc.pre(revealed.length < seats.length);
          const log = contributedLog(seed, seats);
          const state = play(log, [
            ...seats.map((s, i): [Seat, Json] => [s, commit('table-1', s, values[i]!)]),
            ...seats.flatMap((s, i): Array<[Seat, Json]> => ((shown[i] ?? false) ? [[s, reveal(values[i]!)]] : [])),
          ]);
          const withheld = seats.filter((s) => !revealed.includes(s));
          expect(() => engine.step(roller, log.header(), state, seats[0]!, { n: 1 })).toThrow(`contributions of ${withheld.join(', ')} to be revealed`);
        }),
        { numRuns: propertyRuns(100) },
      );
    });
  });

  it('draws a new contribution from the secure source each time', () => {
    expect(newContribution()).toMatch(/^[0-9a-f]{64}$/);
    expect(newContribution()).not.toBe(newContribution());
  });
});
