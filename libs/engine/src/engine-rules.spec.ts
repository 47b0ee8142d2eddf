import { diceRace, journal, ticTacToe } from './examples';
import { ConcurrentMove, GameOver, IllegalMove, InvalidGame } from './errors';
import type { Game } from './game';
import { GameLog } from './game-log';
import { engine } from './engine';
import { Snapshot } from './snapshot';
import { clone, openLog, play, race, withMoves } from './spec-helpers';

// Pins what mutation testing found loose in the engine's rules: the exact refusals (a
// player and an operator read them) and the branches no other test took.

describe("the engine's refusals, word for word", () => {
  it('step says which state, table and revision it refused', () => {
    const log = openLog(journal, ['a'], {}, '11'.repeat(32));
    const state = engine.replay(journal, log);
    const other = { ...state, tableId: 'table-2' };
    expect(() => engine.step(journal, log.header(), other, 'a', { text: 'x' })).toThrow(
      new InvalidGame('a state of table table-2 cannot step table table-1'),
    );
    expect(() => engine.step(journal, { ...log.header(), moves: 4 }, state, 'a', { text: 'x' })).toThrow(
      new ConcurrentMove('the state is at revision 0 but table table-1 has 4 moves: reload and retry'),
    );
    const full = { ...log.header(), moves: GameLog.MAX_MOVES };
    expect(() => engine.step(journal, full, { ...state, revision: GameLog.MAX_MOVES }, 'a', { text: 'x' })).toThrow(
      new IllegalMove('table table-1 is full: a log holds at most 100000 moves'),
    );
    expect(() => engine.step(journal, { ...log.header(), moves: GameLog.MAX_MOVES - 1 }, { ...state, revision: GameLog.MAX_MOVES - 1 }, 'a', { text: 'x' }))
      .not.toThrow();
  });

  it('step refuses every move once the game is over, saying how it ended', () => {
    const log = openLog(ticTacToe, ['x', 'o'], {}, '12'.repeat(32));
    const state = play(ticTacToe, log, [['x', { cell: 0 }], ['o', { cell: 3 }], ['x', { cell: 1 }], ['o', { cell: 4 }], ['x', { cell: 2 }]]);
    expect(() => engine.step(ticTacToe, log.header(), state, 'o', { cell: 5 })).toThrow(
      new IllegalMove('table table-1 is over (x made a line): no more moves'),
    );
  });

  it('replay refuses a move after the end of the game', () => {
    const log = openLog(ticTacToe, ['x', 'o'], {}, '13'.repeat(32));
    play(ticTacToe, log, [['x', { cell: 0 }], ['o', { cell: 3 }], ['x', { cell: 1 }], ['o', { cell: 4 }], ['x', { cell: 2 }]]);
    const extended = withMoves(log, (moves) => moves.push({ number: 6, seat: 'o', payload: { cell: 5 }, random: false }));
    expect(() => engine.replay(ticTacToe, extended)).toThrow(new InvalidGame('move 6 comes after the end of the game'));
  });

  it("replay passes on a check's own failure as it is, and names a failure that is not an Error", () => {
    const broken: Game<{ notes: number; last: string }, { text: string }> = { ...journal, check: () => { throw new RangeError('bug in check'); } };
    const log = openLog(journal, ['a'], {}, '14'.repeat(32));
    log.append({ number: 1, seat: 'a', payload: { text: 'x' }, random: false });
    expect(() => engine.replay(broken, log)).toThrow(new RangeError('bug in check'));
    const throwsText: Game<{ notes: number; last: string }, { text: string }> = { ...journal, apply: () => { throw 'text'; } };
    expect(() => engine.replay(throwsText, log)).toThrow(
      /^journal failed while applying checked move 1 \(text\); the state may be half-changed: rebuild it from the log$/,
    );
  });

  it('keeps the refusal or failure behind a replay error as its cause', () => {
    const log = openLog(journal, ['a'], {}, '1a'.repeat(32));
    log.append({ number: 1, seat: 'a', payload: { text: 'x' }, random: false });
    const causeOf = (game: Game<{ notes: number; last: string }, { text: string }>) => {
      try {
        engine.replay(game, log);
      } catch (error) {
        return (error as Error).cause;
      }
      return undefined;
    };
    const refusal = new IllegalMove('no more notes');
    expect(causeOf({ ...journal, check: () => { throw refusal; } })).toBe(refusal);
    const failure = new Error('half done');
    expect(causeOf({ ...journal, apply: () => { throw failure; } })).toBe(failure);
  });

  it("a game without streams of its own takes labelled streams from the engine's derivation", () => {
    const drawn: number[] = [];
    const labelled: Game<{ notes: number; last: string }, { text: string }> = {
      ...journal, apply: (state, seat, move, random) => { journal.apply(state, seat, move, random); drawn.push(random.stream('monthly', 190, 3).int(1, 100)); },
    };
    const log = openLog(journal, ['a'], {}, '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
    const step = engine.step(labelled, log.header(), engine.replay(labelled, log), 'a', { text: 'x' });
    expect(step.move.random).toBe(true);
    expect(drawn).toEqual([65]); // the README's vector for this seed and stream
  });

  it('a setup without an outcome starts with none; one with an outcome keeps it', () => {
    const log = openLog(journal, ['a'], {}, '15'.repeat(32));
    expect(engine.setup(journal, log.header()).outcome).toBeNull();
    const over: Game<{ notes: number; last: string }, { text: string }> = {
      ...journal, setup: (context) => ({ ...journal.setup(context), outcome: { winners: [], result: 'nothing to play' } }),
    };
    expect(engine.setup(over, log.header()).outcome).toEqual({ winners: [], result: 'nothing to play' });
  });

  it('verify names the table whose seed is not the committed one', () => {
    const log = openLog(diceRace, ['ann', 'bob'], { finish: 10 }, '16'.repeat(32));
    race(diceRace, log);
    expect(() => engine.verify(diceRace, log, openLog(diceRace, ['ann'], {}, '17'.repeat(32)).commitment())).toThrow(
      new InvalidGame('the seed of table table-1 is not the one committed to at the opening'),
    );
  });

  it('undo says what it refused', () => {
    const log = openLog(ticTacToe, ['x', 'o'], {}, '18'.repeat(32));
    const state = play(ticTacToe, log, [['x', { cell: 0 }], ['o', { cell: 3 }]]);
    expect(() => engine.checkUndo(ticTacToe, state, log.moves[0], 'x')).toThrow(
      new ConcurrentMove('move 1 is not the last move of the state at revision 2'),
    );
    expect(() => engine.checkUndo(ticTacToe, state, undefined, 'x')).toThrow(new IllegalMove('table table-1 has no move to take back'));
    expect(() => engine.checkUndo(ticTacToe, { ...state, outcome: { winners: ['x'], result: 'x made a line' } }, log.lastMove, 'o')).toThrow(
      new GameOver('table table-1 is over (x made a line): no move can be taken back'),
    );
    expect(() => engine.checkUndo(ticTacToe, state, log.lastMove, 'x')).toThrow(new IllegalMove('seat x cannot take back move 2, made by o'));
    expect(() => engine.checkUndo(ticTacToe, state, { ...log.lastMove!, seat: null }, 'x')).toThrow(
      new IllegalMove('seat x cannot take back move 2, made by the table'),
    );
    const onlyEven = { ...ticTacToe, undoable: (_state: unknown, move: { number: number }) => move.number % 2 === 0 };
    expect(() => engine.checkUndo(onlyEven, state, log.lastMove, 'o')).not.toThrow();
    expect(() => engine.checkUndo({ ...ticTacToe, undoable: false }, state, log.lastMove, 'o')).toThrow(
      new IllegalMove('tic-tac-toe does not allow taking back move 2'),
    );
    expect(() => engine.checkUndo({ ...ticTacToe, undoable: undefined }, state, log.lastMove, 'o')).toThrow(IllegalMove);
  });

  it('resume replays when nothing is cached, and passes on what is not a refusal', () => {
    const log = openLog(diceRace, ['ann', 'bob'], { finish: 100 }, '19'.repeat(32));
    race(diceRace, log, 5);
    for (const cached of [null, undefined]) {
      const resumed = engine.resume(diceRace, log, cached);
      expect(resumed).toEqual({ state: engine.replay(diceRace, log), from: 'replay' });
    }
    const snapshot = clone(Snapshot.of(diceRace, engine.replay(diceRace, log), log.commitment()).toArray());
    const exploding = { ...diceRace, readData: () => { throw new TypeError('reader bug'); } };
    expect(() => engine.resume(exploding, log, snapshot)).toThrow(TypeError);
  });
});
