import { IllegalMove, InvalidGame } from '../errors';
import type { Game, Seat } from '../game';
import { asInteger, asMoveObject, asObject, type Json } from '../json';

/**
 * Dice race: seats take turns rolling a die and the first to reach the finish wins.
 * It exercises randomness (the seating is shuffled at setup, every roll draws), several
 * seats and an outcome. Option `finish` sets the distance (default 30).
 */
export interface DiceRaceData {
  finish: number;
  positions: Record<string, number>;
  lastRoll: number;
}

export interface Roll {
  type: 'roll';
}

export const diceRace: Game<DiceRaceData, Roll> = {
  id: 'dice-race',
  version: '1',

  setup({ seats, options, random }) {
    if (seats.length < 2 || seats.length > 6) throw new InvalidGame(`dice race seats 2 to 6 players, got ${seats.length}`);
    const finish = options.finish === undefined ? 30 : asInteger(options.finish, 'options.finish', 1, 1e12);
    const order = random.shuffle(seats);
    const positions: Record<string, number> = {};
    for (const seat of order) positions[seat] = 0;
    return {
      phase: 'race',
      turn: 1,
      order: { seats: order, acting: order[0]!, pending: order.slice(1) },
      data: { finish, positions, lastRoll: 0 },
    };
  },

  check(state, seat: Seat, payload: Json): Roll {
    const move = asMoveObject(payload, 'dice race has one move: { "type": "roll" }');
    if (move.type !== 'roll') throw new IllegalMove('dice race has one move: { "type": "roll" }');
    if (seat !== state.order.acting) throw new IllegalMove(`it is ${state.order.acting}'s turn to roll, not ${seat ?? 'the table'}'s`);
    return { type: 'roll' };
  },

  apply(state, seat, _move, random) {
    const roller = seat!;
    const order = state.order;
    const rolled = random.int(1, 6);
    const position = (state.data.positions[roller] ?? 0) + rolled;
    state.data.positions[roller] = position;
    state.data.lastRoll = rolled;
    if (position >= state.data.finish) {
      state.outcome = { winners: [roller], result: `${roller} reached ${state.data.finish}` };
      state.phase = 'finished';
      order.acting = null;
      order.pending = [];
      return;
    }
    const next = order.pending.shift();
    if (next === undefined) {
      state.turn += 1;
      order.acting = order.seats[0]!;
      order.pending = order.seats.slice(1);
    } else {
      order.acting = next;
    }
  },

  readData(value) {
    const o = asObject(value, 'state.data');
    const positions: Record<string, number> = {};
    for (const [seat, position] of Object.entries(asObject(o.positions, 'state.data.positions'))) {
      positions[seat] = asInteger(position, `state.data.positions.${seat}`, 0);
    }
    return {
      finish: asInteger(o.finish, 'state.data.finish', 1),
      positions,
      lastRoll: asInteger(o.lastRoll, 'state.data.lastRoll', 0, 6),
    };
  },
};
