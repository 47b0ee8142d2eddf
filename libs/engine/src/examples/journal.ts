import { IllegalMove } from '../errors';
import type { Game, Seat } from '../game';
import { asInteger, asMoveObject, asObject, asString, type Json } from '../json';

/**
 * Journal: any seated player (or the table) writes a note at any time; nothing is drawn and
 * nothing ends. Its moves cost the engine almost nothing, which is what a benchmark of the
 * log's own path (storage, bus) needs.
 */
export interface JournalData {
  notes: number;
  last: string;
}

export interface Note {
  text: string;
}

const MAX_NOTE = 1_000;

export const journal: Game<JournalData, Note> = {
  id: 'journal',
  version: '1',
  undoable: true,

  setup({ seats }) {
    return { phase: 'open', turn: 1, order: { seats: [...seats], acting: null, pending: [] }, data: { notes: 0, last: '' } };
  },

  check(state, seat: Seat, payload: Json): Note {
    const move = asMoveObject(payload, 'a journal move is { "text": "…" }');
    if (typeof move.text !== 'string' || move.text.length === 0 || move.text.length > MAX_NOTE) {
      throw new IllegalMove(`a journal move is { "text": "…" } with 1 to ${MAX_NOTE} characters`);
    }
    if (seat !== null && !state.order.seats.includes(seat)) throw new IllegalMove(`${seat} has no seat at this table`);
    return { text: move.text };
  },

  apply(state, _seat, move) {
    state.data.notes += 1;
    state.data.last = move.text;
  },

  readData(value) {
    const o = asObject(value, 'state.data');
    return { notes: asInteger(o.notes, 'state.data.notes', 0), last: asString(o.last, 'state.data.last') };
  },
};
