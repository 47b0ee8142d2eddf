import fc from 'fast-check';
import { diceRace, journal, sealedBid, ticTacToe } from './examples';
import { InvalidGame } from './errors';
import type { AnyGame, LoggedMove } from './game';
import { stateFromArray, stateToArray, type GameState } from './game-state';
import { engine } from './engine';
import { stateHash } from './canonical';
import type { SealedBidData } from './examples';
import { openLog, play, propertyRuns, race } from './spec-helpers';
import { PUBLIC, isHidden, viewMove, viewState, type Viewer } from './views';

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const SEATS = ['ann', 'bob', 'cat'];

/** A new sealed-bid table: its log and live state. */
function opened(options: { lots?: number; budget?: number }, seed?: string) {
  const log = openLog(sealedBid, SEATS, options, seed);
  return { log, state: engine.replay(sealedBid, log) };
}

/** Plays sealed bids from `amounts`, each for the first seat still to bid (capped at its budget). */
function auction(seed: string, amounts: number[]) {
  const { log, state } = opened({ lots: 2, budget: 10 }, seed);
  for (const amount of amounts) {
    if (state.outcome) break;
    const seat = state.order.pending[0]!;
    bid(state, log, seat, Math.min(amount, state.data.budgets[seat]!));
  }
  return { log, state };
}

function bid(state: GameState<SealedBidData>, log: ReturnType<typeof openLog>, seat: string, amount: number): LoggedMove {
  const step = engine.step(sealedBid, log.header(), state, seat, { type: 'bid', amount });
  log.append(step.move);
  return step.move;
}

describe('views', () => {
  describe('a game that declares none is wholly public', () => {
    it.each<[string, AnyGame, () => GameState<unknown>]>([
      ['dice race', diceRace, () => race(diceRace, openLog(diceRace, SEATS, { finish: 1000 }), 7)],
      ['tic-tac-toe', ticTacToe, () => play(ticTacToe, openLog(ticTacToe, ['x', 'o']), [['x', { cell: 4 }], ['o', { cell: 0 }]])],
      ['journal', journal, () => play(journal, openLog(journal, SEATS), [['ann', { text: 'a secret?' }]])],
    ])('%s: every viewer sees the whole state and every move', (_name, game, make) => {
      const state = make();
      expect(state.outcome).toBeNull();
      expect(isHidden(game, state)).toBe(false);
      for (const viewer of [PUBLIC, 'ann', 'x', 'nobody'] as Viewer[]) {
        const view = viewState(game, state, viewer);
        const { visibility, ...rest } = view;
        expect(visibility).toBe('full');
        expect(rest).toEqual(stateToArray(game, state));
        expect(stateToArray(game, stateFromArray(game, rest))).toEqual(stateToArray(game, state));
      }
      const move: LoggedMove = { number: state.revision, seat: 'ann', payload: { any: 'thing' }, random: false };
      expect(viewMove(game, state, move, PUBLIC)).toEqual({ visibility: 'full', ...move });
    });

    it("a full view of a game without writeData is a copy: changing it leaves the state as it was", () => {
      const state = play(journal, openLog(journal, SEATS), [['ann', { text: 'first' }]]);
      const view = viewState(journal, state, PUBLIC) as unknown as { data: { last: string } };
      view.data.last = 'changed';
      expect(state.data.last).toBe('first');
    });
  });

  describe('sealed bids, in play', () => {
    it('a bid is known to its bidder alone; the public learns who has bid', () => {
      const { log, state } = opened({ lots: 2, budget: 10 });
      const move = bid(state, log, 'ann', 7);
      expect(isHidden(sealedBid, state)).toBe(true);

      const pub = viewState(sealedBid, state, PUBLIC);
      expect(pub).toMatchObject({ visibility: 'public', revision: 1, turn: 1, outcome: null, order: { pending: ['bob', 'cat'] } });
      expect(pub.data).toEqual({ lots: 2, budgets: { ann: 10, bob: 10, cat: 10 }, sealed: ['ann'], closed: [] });
      expect(JSON.stringify(pub)).not.toContain('7');

      expect(viewState(sealedBid, state, 'ann')).toMatchObject({ visibility: 'seat', seat: 'ann', data: { myBid: 7, myBids: [] } });
      expect(viewState(sealedBid, state, 'bob').data).toMatchObject({ myBid: null });
      expect(JSON.stringify(viewState(sealedBid, state, 'bob'))).not.toContain('7');

      expect(viewMove(sealedBid, state, move, 'ann')).toEqual({ visibility: 'seat', number: 1, seat: 'ann', told: { bidder: 'ann', lot: 1, amount: 7 } });
      expect(viewMove(sealedBid, state, move, 'bob')).toEqual({ visibility: 'seat', number: 1, seat: 'bob', told: { bidder: 'ann', lot: 1 } });
      expect(viewMove(sealedBid, state, move, PUBLIC)).toEqual({ visibility: 'public', number: 1, told: { bidder: 'ann', lot: 1 } });
    });

    it("the bid that closes a lot tells its winner and price, never the losing bids", () => {
      const { log, state } = opened({ lots: 2, budget: 10 });
      bid(state, log, 'ann', 7);
      bid(state, log, 'bob', 3);
      const closing = bid(state, log, 'cat', 5);
      expect(viewMove(sealedBid, state, closing, PUBLIC)).toEqual({ visibility: 'public', number: 3, told: { bidder: 'cat', lot: 1, closed: { winner: 'ann', price: 7 } } });
      const pub = viewState(sealedBid, state, PUBLIC);
      expect(pub.data).toEqual({ lots: 2, budgets: { ann: 3, bob: 10, cat: 10 }, sealed: [], closed: [{ lot: 1, winner: 'ann', price: 7 }] });
      expect(viewState(sealedBid, state, 'bob').data).toMatchObject({ myBids: [3] });
      expect(JSON.stringify(viewState(sealedBid, state, 'bob'))).not.toMatch(/"5"|:5\b/);
    });

    it('with `since`, a view leaves out the lots closed by then', () => {
      const { log, state } = opened({ lots: 3, budget: 10 });
      for (const [seat, amount] of [['ann', 1], ['bob', 2], ['cat', 3], ['ann', 4], ['bob', 0], ['cat', 0]] as const) bid(state, log, seat, amount);
      expect(viewState(sealedBid, state, PUBLIC).data).toMatchObject({ closed: [{ lot: 1, winner: 'cat' }, { lot: 2, winner: 'ann' }] });
      expect(viewState(sealedBid, state, PUBLIC, 3).data).toMatchObject({ closed: [{ lot: 2, winner: 'ann', price: 4 }] });
      expect(viewState(sealedBid, state, 'bob', 3).data).toMatchObject({ closed: [{ lot: 2 }], myBids: [0] });
      expect(viewState(sealedBid, state, 'bob', 6).data).toMatchObject({ closed: [], myBids: [] });
    });

    it('refuses a move viewed from a state that is not right after it', () => {
      const { log, state } = opened({});
      const first = bid(state, log, 'ann', 1);
      bid(state, log, 'bob', 1);
      expect(() => viewMove(sealedBid, state, first, PUBLIC)).toThrow(InvalidGame);
    });
  });

  describe('sealed bids, the rules', () => {
    it('refuses a second bid for a lot, a bid over the budget, the table and a stranger, each with its reason', () => {
      const { log, state } = opened({ lots: 2, budget: 10 });
      bid(state, log, 'ann', 4);
      const refusal = (seat: string | null, payload: unknown) => {
        try {
          engine.step(sealedBid, log.header(), state, seat, payload as never);
        } catch (error) {
          return (error as Error).message;
        }
        return 'accepted';
      };
      expect(refusal('ann', { type: 'bid', amount: 1 })).toBe('ann has already sealed a bid for lot 1');
      expect(refusal('bob', { type: 'bid', amount: 11 })).toBe('bob can bid at most 10, its budget');
      expect(refusal('bob', { type: 'bid', amount: -1 })).toMatch(/^a sealed-bid move is/);
      expect(refusal(null, { type: 'bid', amount: 1 })).toBe('the table has no seat at this table');
      expect(refusal('dan', { type: 'bid', amount: 1 })).toBe('dan has no seat at this table');
      expect(state.revision).toBe(1);
    });

    it('equal highest bids are settled by a draw, and the winner pays', () => {
      const { log, state } = opened({ lots: 1, budget: 10 }, '00'.repeat(32));
      bid(state, log, 'ann', 6);
      bid(state, log, 'bob', 6);
      const last = bid(state, log, 'cat', 2);
      expect(last.random).toBe(true);
      const winner = state.data.closed[0]!.winner;
      expect(['ann', 'bob']).toContain(winner);
      expect(state.data.budgets[winner]).toBe(4);
      expect(engine.replay(sealedBid, log).data.closed[0]!.winner).toBe(winner);
    });
  });

  it('a finished table is wholly public: its state and every move, losing bids included', () => {
    const { log, state } = opened({ lots: 1, budget: 10 });
    bid(state, log, 'ann', 2);
    bid(state, log, 'bob', 9);
    const last = bid(state, log, 'cat', 4);
    expect(state.outcome).toEqual({ winners: ['bob'], result: 'bob won 1 of 1 lots' });
    expect(isHidden(sealedBid, state)).toBe(false);
    for (const viewer of [PUBLIC, 'ann', 'bob'] as Viewer[]) {
      const { visibility, ...rest } = viewState(sealedBid, state, viewer);
      expect(visibility).toBe('full');
      expect(rest).toEqual(stateToArray(sealedBid, state));
      expect(viewMove(sealedBid, state, last, viewer)).toEqual({ visibility: 'full', ...last });
    }
    expect(stateToArray(sealedBid, state)).toMatchObject({ data: { closed: [{ bids: { ann: 2, bob: 9, cat: 4 } }] } });
  });

  describe('properties', () => {
    const amountsArb = fc.array(fc.nat(12), { minLength: 1, maxLength: 12 });

    it('a view never changes the state, and changing a view never reaches the state', () => {
      fc.assert(
        fc.property(seedArb, amountsArb, fc.constantFrom<Viewer>(PUBLIC, ...SEATS), (seed, amounts, viewer) => {
          const { log, state } = auction(seed, amounts);
          const before = stateHash(sealedBid, state);
          const views = [viewState(sealedBid, state, viewer), viewMove(sealedBid, state, log.lastMove!, viewer)];
          expect(stateHash(sealedBid, state)).toBe(before);
          scribble(views);
          expect(stateHash(sealedBid, state)).toBe(before);
          // Replaying the log still gives the state the views were taken of.
          expect(stateHash(sealedBid, engine.replay(sealedBid, log))).toBe(before);
        }),
        { numRuns: propertyRuns(200) },
      );
    });

    it('while in play, a seat sees only its own bids and the public none; once finished, all see all', () => {
      fc.assert(
        fc.property(seedArb, amountsArb, (seed, amounts) => {
          const { log, state } = auction(seed, amounts);
          const last = log.lastMove!;
          for (const viewer of [PUBLIC, ...SEATS] as Viewer[]) {
            const view = viewState(sealedBid, state, viewer);
            const told = viewMove(sealedBid, state, last, viewer);
            if (state.outcome) {
              expect([view.visibility, told.visibility]).toEqual(['full', 'full']);
              continue;
            }
            const publicData = {
              lots: 2,
              budgets: state.data.budgets,
              sealed: SEATS.filter((s) => s in state.data.sealed),
              closed: state.data.closed.map(({ winner, price }, i) => ({ lot: i + 1, winner, price })),
            };
            const own = viewer === null ? {} : { myBid: state.data.sealed[viewer] ?? null, myBids: state.data.closed.map((lot) => lot.bids[viewer]!) };
            expect(view.data).toEqual({ ...publicData, ...own });
            expect(told.visibility).not.toBe('full');
            const amount = (told as { told: { amount?: number } }).told.amount;
            expect(amount).toBe(last.seat === viewer ? (last.payload as { amount: number }).amount : undefined);
          }
        }),
        { numRuns: propertyRuns(200) },
      );
    });
  });
});

/** Changes every object and array reachable from `value`, as a careless consumer might. */
function scribble(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(scribble);
    value.push('scribbled');
  } else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) scribble((value as Record<string, unknown>)[key]);
    (value as Record<string, unknown>).scribbled = true;
    for (const key of Object.keys(value)) if (typeof (value as Record<string, unknown>)[key] === 'number') (value as Record<string, unknown>)[key] = -1;
  }
}
