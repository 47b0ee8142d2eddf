import { IllegalMove, InvalidGame } from '../errors';
import type { Game, Seat } from '../game';
import type { GameState } from '../game-state';
import { asArray, asInteger, asMoveObject, asObject, asString, type Json, type JsonObject } from '../json';
import type { Viewer } from '../views';

/**
 * Sealed bids: lot after lot, every seat seals one bid at once; when all have bid, the lot
 * goes to the highest bid (a draw among equal ones) and its winner pays it. The most lots
 * won wins. It is the example of a game that hides something: while the table is in play,
 * a sealed bid is known only to its bidder, and a lot's losing bids stay sealed — the public
 * learns who has bid, and of a closed lot only its winner and price. Options: `lots`
 * (default 3) and `budget` (default 100).
 */
export interface SealedBidData {
  lots: number;
  budgets: Record<string, number>;
  /** This lot's bids so far. */
  sealed: Record<string, number>;
  closed: ClosedLot[];
}

export interface ClosedLot {
  /** The move that closed it: what a move view reads to tell a closing bid from another. */
  closedBy: number;
  bids: Record<string, number>;
  winner: string;
  price: number;
}

export interface Bid {
  type: 'bid';
  amount: number;
}

const BID = 'a sealed-bid move is { "type": "bid", "amount": <whole number, 0 up to your budget> }';

export const sealedBid: Game<SealedBidData, Bid> = {
  id: 'sealed-bid',
  version: '1',

  setup({ seats, options }) {
    if (seats.length < 2) throw new InvalidGame(`sealed bids need 2 seats or more, got ${seats.length}`);
    const lots = options.lots === undefined ? 3 : asInteger(options.lots, 'options.lots', 1, 100);
    const budget = options.budget === undefined ? 100 : asInteger(options.budget, 'options.budget', 1, 1e9);
    const budgets: Record<string, number> = {};
    for (const seat of seats) budgets[seat] = budget;
    return { phase: 'bidding', turn: 1, order: { seats: [...seats], acting: null, pending: [...seats] }, data: { lots, budgets, sealed: {}, closed: [] } };
  },

  check(state, seat: Seat, payload: Json): Bid {
    const move = asMoveObject(payload, BID);
    if (move.type !== 'bid' || typeof move.amount !== 'number' || !Number.isSafeInteger(move.amount) || move.amount < 0) {
      throw new IllegalMove(BID);
    }
    if (seat === null || !state.order.seats.includes(seat)) throw new IllegalMove(`${seat ?? 'the table'} has no seat at this table`);
    if (!state.order.pending.includes(seat)) throw new IllegalMove(`${seat} has already sealed a bid for lot ${state.turn}`);
    const budget = state.data.budgets[seat]!;
    if (move.amount > budget) throw new IllegalMove(`${seat} can bid at most ${budget}, its budget`);
    return { type: 'bid', amount: move.amount };
  },

  apply(state, seat, move, random) {
    const bidder = seat!;
    const data = state.data;
    data.sealed[bidder] = move.amount;
    state.order.pending = state.order.pending.filter((s) => s !== bidder);
    if (state.order.pending.length > 0) return;
    const price = Math.max(...Object.values(data.sealed));
    const highest = state.order.seats.filter((s) => data.sealed[s] === price);
    const winner = highest.length === 1 ? highest[0]! : random.pick(highest);
    data.budgets[winner] = data.budgets[winner]! - price;
    data.closed.push({ closedBy: state.revision + 1, bids: data.sealed, winner, price });
    data.sealed = {};
    if (data.closed.length === data.lots) {
      state.phase = 'finished';
      state.order.pending = [];
      state.outcome = outcomeOf(data);
      return;
    }
    state.turn += 1;
    state.order.pending = [...state.order.seats];
  },

  views: {
    public: (state, since) => publicData(state, since),
    seat: (state, seat, since) => ({
      ...publicData(state, since),
      myBid: state.data.sealed[seat] ?? null,
      myBids: closedSince(state.data, since).map(({ lot }) => lot.bids[seat]!),
    }),
    move(after, move, viewer: Viewer) {
      const lot = after.data.closed.at(-1);
      const closing = lot !== undefined && lot.closedBy === move.number;
      const told: JsonObject = { bidder: move.seat, lot: closing ? after.data.closed.length : after.turn };
      if (viewer !== null && viewer === move.seat) told.amount = (move.payload as JsonObject).amount!;
      if (closing) told.closed = { winner: lot.winner, price: lot.price };
      return told;
    },
  },

  readData(value) {
    const o = asObject(value, 'state.data');
    return {
      lots: asInteger(o.lots, 'state.data.lots', 1),
      budgets: readAmounts(o.budgets, 'state.data.budgets'),
      sealed: readAmounts(o.sealed, 'state.data.sealed'),
      closed: asArray(o.closed, 'state.data.closed').map((item, i) => {
        const lot = asObject(item, `state.data.closed[${i}]`);
        return {
          closedBy: asInteger(lot.closedBy, `state.data.closed[${i}].closedBy`, 1),
          bids: readAmounts(lot.bids, `state.data.closed[${i}].bids`),
          winner: asString(lot.winner, `state.data.closed[${i}].winner`),
          price: asInteger(lot.price, `state.data.closed[${i}].price`, 0),
        };
      }),
    };
  },
};

/**
 * What anyone may know: the lots, every budget (each is the start less the prices its
 * winner paid, all public), who has sealed a bid for this lot, and each closed lot's winner
 * and price (only the lots closed after `since`, when given).
 */
function publicData(state: Readonly<GameState<SealedBidData>>, since: number | undefined): JsonObject {
  const data = state.data;
  return {
    lots: data.lots,
    budgets: { ...data.budgets },
    sealed: state.order.seats.filter((s) => data.sealed[s] !== undefined),
    closed: closedSince(data, since).map(({ lot, number }) => ({ lot: number, winner: lot.winner, price: lot.price })),
  };
}

/** The closed lots (with their numbers from 1) that closed after revision `since`, or all of them. */
function closedSince(data: SealedBidData, since = 0): Array<{ lot: ClosedLot; number: number }> {
  return data.closed.flatMap((lot, i) => (lot.closedBy > since ? [{ lot, number: i + 1 }] : []));
}

function outcomeOf(data: SealedBidData): { winners: string[]; result: string } {
  const won: Record<string, number> = {};
  for (const lot of data.closed) won[lot.winner] = (won[lot.winner] ?? 0) + 1;
  const most = Math.max(...Object.values(won));
  const winners = Object.keys(won).filter((s) => won[s] === most).sort();
  return { winners, result: `${winners.join(', ')} won ${most} of ${data.lots} lots` };
}

function readAmounts(value: unknown, path: string): Record<string, number> {
  const amounts: Record<string, number> = {};
  for (const [seat, amount] of Object.entries(asObject(value, path))) amounts[seat] = asInteger(amount, `${path}.${seat}`, 0);
  return amounts;
}
