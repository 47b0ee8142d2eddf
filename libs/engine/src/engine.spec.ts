import { diceRace, ticTacToe, type DiceRaceData, type TicTacToeData } from './examples';
import { ConcurrentMove, GameOver, IllegalMove, InvalidGame } from './errors';
import type { Game } from './game';
import { GameLog, type GameHeader } from './game-log';
import { stateToArray, type GameState } from './game-state';
import { engine } from './engine';
import { Snapshot } from './snapshot';
import { clone, openLog, play, race, withMoves } from './spec-helpers';

describe('replay', () => {
  it('rebuilds the state a table reached move by move', () => {
    const log = openLog(diceRace, ['ann', 'bob', 'cid']);
    const live = race(diceRace, log);
    expect(stateToArray(diceRace, engine.replay(diceRace, GameLog.fromArray(clone(log.toArray()))))).toEqual(stateToArray(diceRace, live));
  });

  it('refuses a log of another game', () => {
    const log = openLog(ticTacToe, ['x', 'o']);
    expect(() => engine.replay(diceRace, log)).toThrow(InvalidGame);
    expect(() => engine.replay(diceRace, log)).toThrow('is a game of tic-tac-toe, not dice-race');
  });

  it('refuses a log written under another rules version', () => {
    const log = openLog(ticTacToe, ['x', 'o']);
    const v2: Game<TicTacToeData, { cell: number }> = { ...ticTacToe, version: '2' };
    expect(() => engine.replay(v2, log)).toThrow(/played under tic-tac-toe rules 1; these rules are 2/);
  });

  it('refuses a move that no longer applies', () => {
    const log = openLog(ticTacToe, ['x', 'o']);
    play(ticTacToe, log, [['x', { cell: 4 }], ['o', { cell: 0 }]]);
    const tampered = withMoves(log, (moves) => { moves[1] = { ...moves[1]!, payload: { cell: 4 } }; });
    expect(() => engine.replay(ticTacToe, tampered)).toThrow(/move 2 no longer applies: cell 4 is already taken/);
  });

  describe('the randomness flag', () => {
    let drawing = false;
    // A game that is not pure: whether it draws depends on something outside the log.
    const impure: Game<TicTacToeData, { cell: number }> = {
      ...ticTacToe,
      apply(state, seat, move, random) {
        if (drawing) random.int(1, 6);
        ticTacToe.apply(state, seat, move, random);
      },
    };

    it('refuses a move that draws now but did not when played', () => {
      drawing = false;
      const log = openLog(impure, ['x', 'o']);
      play(impure, log, [['x', { cell: 0 }]]);
      drawing = true;
      expect(() => engine.replay(impure, log)).toThrow(/move 1 drew no randomness when it was played but does now/);
    });

    it('refuses a move that drew when played but does not now', () => {
      drawing = true;
      const log = openLog(impure, ['x', 'o']);
      play(impure, log, [['x', { cell: 0 }]]);
      expect(log.moves[0]!.random).toBe(true);
      drawing = false;
      expect(() => engine.replay(impure, log)).toThrow(/move 1 drew randomness when it was played but not now/);
    });
  });
});

describe('advance', () => {
  let log: GameLog;
  let header: GameHeader;
  beforeEach(() => {
    log = openLog(diceRace, ['ann', 'bob'], { finish: 1000 });
    race(diceRace, log, 20);
    header = log.header();
  });

  it('brings a cached state up to date with only the moves made since', () => {
    const cached = engine.advance(diceRace, header, engine.setup(diceRace, header), log.moves.slice(0, 12));
    const brought = engine.advance(diceRace, header, cached, log.moves.slice(12));
    expect(stateToArray(diceRace, brought)).toEqual(stateToArray(diceRace, engine.replay(diceRace, log)));
  });

  it('accepts the moves from any iterable', () => {
    function* lazily() { yield* log.moves; }
    expect(engine.advance(diceRace, header, engine.setup(diceRace, header), lazily()).revision).toBe(20);
  });

  it('refuses a move that does not follow the state', () => {
    expect(() => engine.advance(diceRace, header, engine.setup(diceRace, header), log.moves.slice(1))).toThrow(
      /move 2 does not follow the state at revision 0/,
    );
  });

  it('refuses a move beyond the header', () => {
    const shortHeader = { ...header, moves: 5 };
    expect(() => engine.advance(diceRace, shortHeader, engine.setup(diceRace, shortHeader), log.moves.slice(0, 6))).toThrow(
      /move 6 is beyond the header, which has 5 moves/,
    );
  });

  it('refuses a state of another table', () => {
    const other = openLog(diceRace, ['ann', 'bob']);
    const otherState = { ...engine.setup(diceRace, { ...other.header(), tableId: 'table-2' }) };
    expect(() => engine.advance(diceRace, header, otherState, [])).toThrow(/a state of table table-2 cannot advance table table-1/);
  });
});

describe('step', () => {
  it('returns the move to append with its randomness flag and the state after it', () => {
    const log = openLog(ticTacToe, ['x', 'o']);
    const state = engine.setup(ticTacToe, log.header());
    const step = engine.step(ticTacToe, log.header(), state, 'x', { cell: 4 });
    expect(step.move).toEqual({ number: 1, seat: 'x', payload: { cell: 4 }, random: false });
    expect(step.state.data.cells[4]).toBe('x');
    expect(step.state.revision).toBe(1);
  });

  it('leaves the state and the log unchanged when it refuses a move', () => {
    const log = openLog(ticTacToe, ['x', 'o']);
    const state = play(ticTacToe, log, [['x', { cell: 4 }]]);
    const before = clone(stateToArray(ticTacToe, state));
    const logBefore = clone(log.toArray());
    expect(() => engine.step(ticTacToe, log.header(), state, 'o', { cell: 4 })).toThrow(IllegalMove);
    expect(() => engine.step(ticTacToe, log.header(), state, 'x', { cell: 5 })).toThrow(IllegalMove);
    expect(() => engine.step(ticTacToe, log.header(), state, 'o', { cell: 'four' })).toThrow(IllegalMove);
    expect(stateToArray(ticTacToe, state)).toEqual(before);
    expect(log.toArray()).toEqual(logBefore);
  });

  it('refuses a state that is not at the end of the log', () => {
    const log = openLog(ticTacToe, ['x', 'o']);
    const stale = engine.setup(ticTacToe, log.header());
    play(ticTacToe, log, [['x', { cell: 4 }]]);
    expect(() => engine.step(ticTacToe, log.header(), stale, 'o', { cell: 0 })).toThrow(ConcurrentMove);
  });

  it('refuses every move, from every seat, once the game is over', () => {
    const log = openLog(diceRace, ['ann', 'bob', 'cid'], { finish: 5 });
    const state = race(diceRace, log);
    expect(state.outcome).not.toBeNull();
    for (const seat of ['ann', 'bob', 'cid', null]) {
      expect(() => engine.step(diceRace, log.header(), state, seat, { type: 'roll' })).toThrow(IllegalMove);
      expect(() => engine.step(diceRace, log.header(), state, seat, { type: 'roll' })).toThrow(/is over/);
    }
  });

  it('refuses a move past the 100,000-move limit', () => {
    const log = openLog(ticTacToe, ['x', 'o']);
    const state = engine.setup(ticTacToe, log.header());
    const header = { ...log.header(), moves: GameLog.MAX_MOVES };
    state.revision = GameLog.MAX_MOVES;
    expect(() => engine.step(ticTacToe, header, state, 'x', { cell: 0 })).toThrow(/at most 100000 moves/);
  });

  it('reports a game that throws after accepting a move as InvalidGame', () => {
    const buggy: Game<TicTacToeData, { cell: number }> = { ...ticTacToe, apply() { throw new TypeError('boom'); } };
    const log = openLog(buggy, ['x', 'o']);
    const state = engine.setup(buggy, log.header());
    expect(() => engine.step(buggy, log.header(), state, 'x', { cell: 0 })).toThrow(/failed while applying checked move 1 \(boom\)/);
  });
});

describe('verify', () => {
  let log: GameLog;
  let commitment: string;
  beforeEach(() => {
    log = openLog(diceRace, ['ann', 'bob'], { finish: 20 });
    race(diceRace, log);
    commitment = log.commitment();
  });

  it('replays a finished log whose seed is the committed one', () => {
    expect(engine.verify(diceRace, log, commitment).outcome).toEqual(engine.replay(diceRace, log).outcome);
  });

  it('refuses a log with another seed', () => {
    const array = clone(log.toArray()) as { seed: string };
    array.seed = GameLog.open({ tableId: 't', gameId: 'g', rulesVersion: '1', seats: [] }).seed;
    expect(() => engine.verify(diceRace, GameLog.fromArray(array), commitment)).toThrow(/not the one committed to/);
  });

  it('refuses a commitment that is not a digest', () => {
    expect(() => engine.verify(diceRace, log, 'abc')).toThrow(InvalidGame);
  });

  it('refuses a log that does not replay', () => {
    const tampered = withMoves(log, (moves) => { moves[0] = { ...moves[0]!, seat: 'zed' }; });
    expect(() => engine.verify(diceRace, tampered, commitment)).toThrow(/no longer applies/);
  });
});

describe('undo', () => {
  const table = (moves: Array<[string, number]>) => {
    const log = openLog(ticTacToe, ['x', 'o']);
    const state = play(ticTacToe, log, moves.map(([seat, cell]) => [seat, { cell }]));
    return { log, state };
  };

  it('takes back the seat\'s own last move: the state is the shorter log, replayed', () => {
    const before = table([['x', 4], ['o', 0]]);
    const after = engine.undo(ticTacToe, before, 'o');
    expect(after.log.revision).toBe(1);
    expect(stateToArray(ticTacToe, after.state)).toEqual(stateToArray(ticTacToe, table([['x', 4]]).state));
  });

  it('lets the table (a null seat) take back any such move', () => {
    expect(engine.undo(ticTacToe, table([['x', 4], ['o', 0]]), null).log.revision).toBe(1);
  });

  it('refuses a seat taking back another seat\'s move', () => {
    expect(() => engine.undo(ticTacToe, table([['x', 4], ['o', 0]]), 'x')).toThrow(/seat x cannot take back move 2, made by o/);
  });

  it('refuses when the game definition does not allow it', () => {
    const final = { ...ticTacToe, undoable: false };
    const log = openLog(final, ['x', 'o']);
    const state = play(final, log, [['x', { cell: 4 }]]);
    expect(() => engine.undo(final, { log, state }, 'x')).toThrow(/does not allow taking back/);
  });

  it('refuses a move that drew randomness', () => {
    const randomUndoable = { ...diceRace, undoable: true };
    const log = openLog(randomUndoable, ['ann', 'bob'], { finish: 100 });
    const state = race(randomUndoable, log, 1);
    expect(() => engine.undo(randomUndoable, { log, state }, null)).toThrow(/drew randomness: what it revealed cannot be hidden/);
  });

  it('refuses when there is nothing to take back', () => {
    expect(() => engine.undo(ticTacToe, table([]), null)).toThrow(IllegalMove);
  });

  it('raises GameOver for every seat once the game is over', () => {
    const over = table([['x', 0], ['o', 3], ['x', 1], ['o', 4], ['x', 2]]);
    expect(over.state.outcome?.winners).toEqual(['x']);
    for (const seat of ['x', 'o', null]) {
      expect(() => engine.undo(ticTacToe, over, seat)).toThrow(GameOver);
      expect(() => engine.checkUndo(ticTacToe, over.state, over.log.lastMove, seat)).toThrow(GameOver);
    }
  });

  it('checkUndo applies the same rules to a state and a last move', () => {
    const t = table([['x', 4], ['o', 0]]);
    expect(() => engine.checkUndo(ticTacToe, t.state, t.log.lastMove, 'o')).not.toThrow();
    expect(() => engine.checkUndo(ticTacToe, t.state, t.log.lastMove, 'x')).toThrow(IllegalMove);
    expect(() => engine.checkUndo(ticTacToe, t.state, t.log.moves[0], 'x')).toThrow(ConcurrentMove);
  });
});

describe('snapshots', () => {
  let log: GameLog;
  let state: GameState<DiceRaceData>;
  beforeEach(() => {
    log = openLog(diceRace, ['ann', 'bob'], { finish: 1000 });
    state = race(diceRace, log, 30);
  });
  const good = () => clone(Snapshot.of(diceRace, state, log.commitment()).toArray()) as Record<string, unknown>;

  it('resumes from a valid snapshot', () => {
    const resumed = engine.resume(diceRace, log, good());
    expect(resumed.from).toBe('snapshot');
    expect(stateToArray(diceRace, resumed.state)).toEqual(stateToArray(diceRace, state));
  });

  it('resumes from an older snapshot and applies only the moves since', () => {
    const older = engine.advance(diceRace, log.header(), engine.setup(diceRace, log.header()), log.moves.slice(0, 10));
    const resumed = engine.resume(diceRace, log, clone(Snapshot.of(diceRace, older, log.commitment()).toArray()));
    expect(resumed.from).toBe('snapshot');
    expect(stateToArray(diceRace, resumed.state)).toEqual(stateToArray(diceRace, state));
  });

  const rejections: Array<[string, (s: Record<string, unknown>) => void, RegExp]> = [
    ['of another table', (s) => { s.tableId = 'table-9'; }, /is of table table-9/],
    ['of another commitment', (s) => { s.commitment = '0'.repeat(64); }, /under another seed/],
    ['ahead of the log', (s) => { s.revision = 31; (s.state as Record<string, unknown>).revision = 31; }, /beyond the log/],
    ['with a revision of the wrong type', (s) => { s.revision = '30'; }, /snapshot.revision must be an integer/],
    ['whose state is of another revision', (s) => { (s.state as Record<string, unknown>).revision = 29; }, /does not belong/],
    ['whose acting seat is not in the turn order', (s) => {
      ((s.state as Record<string, unknown>).order as Record<string, unknown>).acting = 'zed';
    }, /not in the turn order/],
    ['whose data is out of shape', (s) => { ((s.state as Record<string, unknown>).data as Record<string, unknown>).finish = 'far'; }, /finish/],
  ];

  it.each(rejections)('rejects a snapshot %s and replays instead', (_name, spoil, reason) => {
    const cached = good();
    spoil(cached);
    const resumed = engine.resume(diceRace, log, cached);
    expect(resumed.from).toBe('replay');
    expect(resumed.rejected).toBeInstanceOf(InvalidGame);
    expect(resumed.rejected?.message).toMatch(reason);
    expect(stateToArray(diceRace, resumed.state)).toEqual(stateToArray(diceRace, state));
  });

  it('rejects a snapshot at another revision when the exact revision is required', () => {
    expect(() => Snapshot.fromArray(good(), { tableId: 'table-1', commitment: log.commitment(), revision: 29 })).toThrow(
      /at revision 30, the log at 29/,
    );
  });

  it('takes a snapshot at exactly the required revision, and says which field of a cached one is wrong', () => {
    const expectation = { tableId: 'table-1', commitment: log.commitment() };
    expect(Snapshot.fromArray(good(), { ...expectation, revision: 30 }).revision).toBe(30);
    expect(() => Snapshot.fromArray('x', expectation)).toThrow(new InvalidGame('snapshot must be an object, got the string "x"'));
    expect(() => Snapshot.fromArray({ ...good(), tableId: 1 }, expectation)).toThrow(new InvalidGame('snapshot.tableId must be a string, got number 1'));
    expect(() => Snapshot.fromArray({ ...good(), commitment: 1 }, expectation)).toThrow(new InvalidGame('snapshot.commitment must be a string, got number 1'));
    expect(() => Snapshot.fromArray({ ...good(), state: [] }, expectation)).toThrow(new InvalidGame('snapshot.state must be an object, got an array'));
    const elsewhere = good();
    (elsewhere.state as Record<string, unknown>).tableId = 'table-2';
    expect(() => Snapshot.fromArray(elsewhere, expectation)).toThrow(new InvalidGame("the snapshot's state does not belong to table table-1 at revision 30"));
  });

  it('refuses garbage from the cache with InvalidGame', () => {
    for (const junk of ['x', 42, [], { state: null }]) {
      expect(engine.resume(diceRace, log, junk).rejected).toBeInstanceOf(InvalidGame);
    }
  });
});
