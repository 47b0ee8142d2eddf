import { diceRace, ticTacToe, type DiceRaceData } from './examples';
import { InvalidGame } from './errors';
import { stateFromArray, stateToArray, type GameState } from './game-state';
import { engine } from './engine';
import { clone, openLog, race } from './spec-helpers';

describe('GameState as plain values', () => {
  let state: GameState<DiceRaceData>;
  beforeEach(() => {
    state = race(diceRace, openLog(diceRace, ['ann', 'bob', 'cid'], { finish: 50 }), 7);
  });
  const array = () => clone(stateToArray(diceRace, state)) as Record<string, unknown> & { order: Record<string, unknown> };

  it('round-trips', () => {
    expect(stateToArray(diceRace, stateFromArray(diceRace, array()))).toEqual(stateToArray(diceRace, state));
  });

  it.each([
    ['tableId', 1],
    ['revision', -1],
    ['revision', 1.5],
    ['phase', null],
    ['turn', '2'],
    ['order', []],
    ['outcome', 'ann'],
  ])('refuses field %s of the wrong type (%p)', (field, value) => {
    const a = array();
    a[field] = value;
    expect(() => stateFromArray(diceRace, a)).toThrow(InvalidGame);
  });

  it('refuses a turn order that lists a seat twice', () => {
    const a = array();
    a.order.seats = ['ann', 'ann', 'bob'];
    expect(() => stateFromArray(diceRace, a)).toThrow(/lists a seat twice/);
  });

  it('refuses an acting seat outside the turn order', () => {
    const a = array();
    a.order.acting = 'dan';
    expect(() => stateFromArray(diceRace, a)).toThrow(/acting "dan" is not in the turn order/);
  });

  it('refuses a pending seat outside the turn order', () => {
    const a = array();
    a.order.pending = ['dan'];
    expect(() => stateFromArray(diceRace, a)).toThrow(/pending seat "dan" is not in the turn order/);
  });

  it('checks the game data through the game', () => {
    const t = openLog(ticTacToe, ['x', 'o']);
    const s = clone(stateToArray(ticTacToe, engine.setup(ticTacToe, t.header()))) as { data: { cells: unknown[] } };
    s.data.cells = s.data.cells.slice(0, 8);
    expect(() => stateFromArray(ticTacToe, s)).toThrow(/must hold 9 cells/);
  });
});
