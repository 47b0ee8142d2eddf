import { IllegalMove, InvalidGame } from '../errors';
import type { Game, Seat } from '../game';
import { asArray, asMoveObject, asObject, asString, type Json } from '../json';

/**
 * Tic-tac-toe: two seats, no randomness, and every move may be taken back by the seat that
 * made it (or by the table) until the game is over.
 */
export interface TicTacToeData {
  /** Nine cells, row by row: the seat that took each one, or null. */
  cells: (string | null)[];
}

export interface Mark {
  cell: number;
}

const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
] as const;

export const ticTacToe: Game<TicTacToeData, Mark> = {
  id: 'tic-tac-toe',
  version: '1',
  undoable: true,

  setup({ seats }) {
    if (seats.length !== 2) throw new InvalidGame(`tic-tac-toe seats exactly 2 players, got ${seats.length}`);
    return {
      phase: 'play',
      turn: 1,
      order: { seats: [...seats], acting: seats[0]!, pending: [seats[1]!] },
      data: { cells: Array<string | null>(9).fill(null) },
    };
  },

  check(state, seat: Seat, payload: Json): Mark {
    const move = asMoveObject(payload, 'a tic-tac-toe move is { "cell": n } with n from 0 to 8');
    if (typeof move.cell !== 'number' || !Number.isInteger(move.cell) || move.cell < 0 || move.cell > 8) {
      throw new IllegalMove('a tic-tac-toe move is { "cell": n } with n from 0 to 8');
    }
    if (seat !== state.order.acting) throw new IllegalMove(`it is ${state.order.acting}'s turn, not ${seat ?? 'the table'}'s`);
    if (state.data.cells[move.cell] !== null) throw new IllegalMove(`cell ${move.cell} is already taken`);
    return { cell: move.cell };
  },

  apply(state, seat, move) {
    const me = seat!;
    const cells = state.data.cells;
    cells[move.cell] = me;
    const won = LINES.some((line) => line.every((i) => cells[i] === me));
    if (won || cells.every((c) => c !== null)) {
      state.outcome = won ? { winners: [me], result: `${me} made a line` } : { winners: [], result: 'the board is full: a draw' };
      state.phase = 'finished';
      state.order.acting = null;
      state.order.pending = [];
      return;
    }
    const other = state.order.seats.find((s) => s !== me)!;
    state.turn += 1;
    state.order.acting = other;
    state.order.pending = [me];
  },

  readData(value) {
    const o = asObject(value, 'state.data');
    const cells = asArray(o.cells, 'state.data.cells').map((c, i) => (c === null ? null : asString(c, `state.data.cells[${i}]`)));
    if (cells.length !== 9) throw new InvalidGame(`state.data.cells must hold 9 cells, got ${cells.length}`);
    return { cells };
  },
};

