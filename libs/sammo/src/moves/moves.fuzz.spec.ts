import { engine, IllegalMove, type Json } from '@chronicle/engine';
import fc from 'fast-check';
import { sammo } from '../game';
import { GENERAL_COMMANDS, NATION_COMMANDS } from '../commands/registry';
import { SammoTable } from '../testing/table';
import { TROOP_MOVE_TYPES } from './troop-moves';

const SEATS = ['user-4', 'user-8', 'user-12', 'user-16', 'outsider'];

const argValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.record({
    destCityId: fc.integer({ min: 0, max: 12 }),
    destGeneralId: fc.integer({ min: 0, max: 45 }),
    destNationId: fc.integer({ min: 0, max: 4 }),
    crewType: fc.constantFrom(1100, 1300, 7),
    amount: fc.integer({ min: -5, max: 20000 }),
    isGold: fc.boolean(),
    buyRice: fc.boolean(),
  }),
);

const tournamentMoves = fc.record({
  kind: fc.constantFrom('joinTournament' as const, 'betTournament' as const, 'tournamentAutoEntry' as const), seat: fc.constantFrom(...SEATS),
  generalId: fc.option(fc.integer({ min: 1, max: 45 }), { nil: undefined }),
  // Without a drawn target, a bet names a candidate of the round of 16 when betting is open.
  target: fc.option(fc.integer({ min: 1, max: 45 }), { nil: undefined }), amount: fc.integer({ min: -5, max: 1200 }),
});

const move = fc.oneof(
  { weight: 3, arbitrary: fc.record({
    // Mostly the seats' own generals, as leaders and members — users 4 and 16 serve one
    // nation — so that troops form and change.
    kind: fc.constant('troop' as const), seat: fc.constantFrom('user-4', 'user-16', ...SEATS), generalId: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, fc.integer({ min: 1, max: 45 })),
    type: fc.constantFrom(...TROOP_MOVE_TYPES), other: fc.oneof(fc.constantFrom<Json>('user-4', 'user-16'), fc.constantFrom<Json>(...SEATS), fc.integer({ min: 0, max: 45 }), fc.constant('4')),
    name: fc.constantFrom<Json>('선봉', ' 후군 ', '선봉', '', '가'.repeat(10), 7),
  }) },
  fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 90 }), budget: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }) }),
  fc.record({
    kind: fc.constant('reserve' as const), seat: fc.constantFrom(...SEATS), generalId: fc.option(fc.integer({ min: 1, max: 45 }), { nil: undefined }),
    command: fc.constantFrom(...[...GENERAL_COMMANDS.values()].map((c) => c.id)), arg: argValue,
    slots: fc.uniqueArray(fc.integer({ min: 0, max: 31 }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('reserveNation' as const), seat: fc.constantFrom(...SEATS), generalId: fc.integer({ min: 1, max: 45 }),
    command: fc.constantFrom(...[...NATION_COMMANDS.values()].map((c) => c.id)), arg: argValue,
    slots: fc.uniqueArray(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 2 }),
  }),
  fc.record({
    kind: fc.constant('other' as const), seat: fc.constantFrom(...SEATS), generalId: fc.option(fc.integer({ min: 1, max: 45 }), { nil: undefined }),
    months: fc.integer({ min: -1, max: 12 }),
  }),
  tournamentMoves,
);

describe('any sequence of moves', () => {
  it('is either refused with IllegalMove or applied without breaking the world', () => {
    const accepted = new Map<string, number>();
    fc.assert(
      fc.property(fc.array(move, { minLength: 1, maxLength: 40, size: 'medium' }), (moves) => {
        const table = new SammoTable({ world: 'synthetic', generals: 40, cities: 12, nations: 3, turnterm: 30, tournaments: true }, '3c'.repeat(32), SEATS);
        // The outsider possesses a ruler, so that nation moves can be accepted too.
        const ruler = [...table.state.data.generals.values()].find((g) => g.officerLevel === 12 && g.npc >= 2)!;
        table.play('outsider', { type: 'possess', generalId: ruler.id });
        // Without a drawn id, a move names the seat's own general.
        const own = (seat: string, id: number | undefined) => id ?? (seat === 'outsider' ? ruler.id : Number(seat.slice(5)));
        let until = table.state.data.env.turntime;
        for (const m of moves) {
          let payload: Json;
          let seat: string | null;
          if ('target' in m) {
            [seat, payload] = tournamentPayload(table, m);
          } else if (m.kind === 'advance') {
            until += m.minutes * 60_000;
            seat = null;
            payload = m.budget === undefined ? { type: 'advance', until } : { type: 'advance', until, budget: m.budget };
          } else if (m.kind === 'troop') {
            seat = m.seat;
            const other = typeof m.other === 'string' && SEATS.includes(m.other) ? own(m.other, undefined) : m.other;
            payload = { type: m.type, generalId: own(m.seat, m.generalId), troopId: other, memberId: other, name: m.name };
          } else if (m.kind === 'other') {
            seat = m.seat;
            const generalId = own(m.seat, m.generalId);
            payload = m.months < 0 ? { type: 'possess', generalId } : { type: 'autorun', generalId, months: m.months };
          } else {
            seat = m.kind === 'reserveNation' ? 'outsider' : m.seat;
            payload = { type: m.kind, generalId: m.kind === 'reserveNation' ? ruler.id : own(seat, m.generalId), command: m.command, arg: m.arg, slots: m.slots };
          }
          try {
            table.play(seat, payload);
            accepted.set(m.kind, (accepted.get(m.kind) ?? 0) + 1);
            if (m.kind === 'troop') accepted.set(m.type, (accepted.get(m.type) ?? 0) + 1);
          } catch (error) {
            if (!(error instanceof IllegalMove)) throw error;
          }
        }
        const replayed = engine.replay(sammo, table.log);
        expect(replayed.data.env.generalTurns).toBe(table.state.data.env.generalTurns);
        // Every troop has its leader, and every member's troop exists.
        for (const g of table.state.data.generals.values()) if (g.troop !== 0) expect(table.state.data.troops.get(g.troop)?.nation).toBe(g.nation);
        expect(replayed.data.tournament).toEqual(table.state.data.tournament);
      }),
      { numRuns: 40, seed: 20261129 },
    );
    // The property is only worth something if every kind of move got through now and then.
    for (const kind of ['advance', 'reserve', 'reserveNation', 'other', 'createTroop']) expect(accepted.get(kind) ?? 0).toBeGreaterThan(0);
    // Joining, leaving, kicking and renaming need an earlier troop of the right nation: rarer.
    expect(TROOP_MOVE_TYPES.filter((type) => accepted.has(type)).length).toBeGreaterThanOrEqual(3);
  });

  it('takes tournament entries and bets only while they are open, and replays to the same tournament', () => {
    const accepted = new Map<string, number>();
    const tournamentMove = fc.oneof(
      fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 20 }) }),
      tournamentMoves,
    );
    fc.assert(
      fc.property(fc.array(tournamentMove, { minLength: 30, maxLength: 60 }), (moves) => {
        const table = new SammoTable({ world: 'synthetic', generals: 40, cities: 12, nations: 3, turnterm: 30, tournaments: true }, '3c'.repeat(32), SEATS);
        let until = table.state.data.env.turntime;
        // Months pass until the automatic opening draws its 40%.
        while (table.state.data.tournament!.stage === 0) {
          until += 30 * 60_000;
          table.play(null, { type: 'advance', until });
        }
        for (const m of moves) {
          const [seat, payload] = m.kind === 'advance' ? [null, { type: 'advance', until: (until += m.minutes * 60_000) }] : tournamentPayload(table, m);
          try {
            table.play(seat, payload);
            accepted.set(m.kind, (accepted.get(m.kind) ?? 0) + 1);
          } catch (error) {
            if (!(error instanceof IllegalMove)) throw error;
          }
        }
        expect(engine.replay(sammo, table.log).data.tournament).toEqual(table.state.data.tournament);
      }),
      { numRuns: 15, seed: 20261130 },
    );
    for (const kind of ['joinTournament', 'betTournament', 'tournamentAutoEntry']) expect(accepted.get(kind) ?? 0).toBeGreaterThan(0);
  });

  it('opens auctions and takes bids only under the legacy checks, and replays to the same house', () => {
    const accepted = new Map<string, number>();
    const auctionMove = fc.oneof(
      fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 30 }) }),
      fc.record({
        kind: fc.constant('openAuction' as const), seat: fc.constantFrom(...SEATS), lot: fc.constantFrom('buyRice', 'sellRice', 'gold'),
        amount: fc.integer({ min: 50, max: 3000 }), closeTurnCnt: fc.integer({ min: 0, max: 4 }),
        start: fc.integer({ min: 40, max: 210 }), finish: fc.integer({ min: 100, max: 210 }),
      }),
      { weight: 3, arbitrary: fc.record({
        kind: fc.constant('bidAuction' as const), seat: fc.constantFrom(...SEATS), pick: fc.nat(), raise: fc.integer({ min: -20, max: 400 }),
      }) },
    );
    fc.assert(
      fc.property(fc.array(auctionMove, { minLength: 20, maxLength: 50 }), (moves) => {
        const table = new SammoTable({ world: 'synthetic', generals: 40, cities: 12, nations: 3, turnterm: 30, auctions: true }, '3c'.repeat(32), SEATS);
        table.advanceMonths(4);
        let until = table.state.data.env.turntime;
        for (const m of moves) {
          let seat: string | null = null;
          let payload: Json;
          if (m.kind === 'advance') {
            payload = { type: 'advance', until: (until = Math.max(until, table.state.data.env.turntime) + m.minutes * 60_000) };
          } else if (m.kind === 'openAuction') {
            seat = m.seat;
            const amount = m.amount;
            payload = {
              type: 'openAuction', generalId: Number(m.seat.slice(5)), kind: m.lot, amount, closeTurnCnt: m.closeTurnCnt,
              startBidAmount: Math.round((amount * m.start) / 100), finishBidAmount: Math.round((amount * (m.start + m.finish)) / 100),
            };
          } else {
            seat = m.seat;
            // Mostly an open auction, at its start price or above the highest bid.
            const open = table.state.data.auctions!.open;
            const auction = open[m.pick % Math.max(open.length, 1)];
            const highest = auction?.bids.at(-1)?.amount ?? auction?.startBidAmount ?? 100;
            payload = { type: 'bidAuction', generalId: Number(m.seat.slice(5)), auctionId: auction?.id ?? m.pick % 5, amount: highest + m.raise };
          }
          try {
            table.play(seat, payload);
            accepted.set(m.kind, (accepted.get(m.kind) ?? 0) + 1);
          } catch (error) {
            if (!(error instanceof IllegalMove)) throw error;
          }
        }
        for (const auction of table.state.data.auctions!.open) {
          const amounts = auction.bids.map((b) => b.amount);
          expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
          expect(new Set(amounts).size).toBe(amounts.length);
          if (amounts.length > 0) expect(amounts[0]).toBeGreaterThanOrEqual(auction.startBidAmount);
          if (amounts.length > 0) expect(amounts.at(-1)).toBeLessThanOrEqual(auction.finishBidAmount);
        }
        const replayed = engine.replay(sammo, table.log).data;
        expect(replayed.auctions).toEqual(table.state.data.auctions);
        expect([...replayed.generals.values()].map((g) => [g.gold, g.rice])).toEqual([...table.state.data.generals.values()].map((g) => [g.gold, g.rice]));
      }),
      { numRuns: 15, seed: 20261201 },
    );
    for (const kind of ['openAuction', 'bidAuction']) expect(accepted.get(kind) ?? 0).toBeGreaterThan(0);
  });
});

/** A tournament move of a seat: its own general unless one is drawn, a bet on a candidate unless a target is drawn. */
function tournamentPayload(table: SammoTable, m: { kind: 'joinTournament' | 'betTournament' | 'tournamentAutoEntry'; seat: string; generalId?: number; target?: number; amount: number }): [string, Json] {
  const generalId = m.generalId ?? Number(m.seat.slice(5));
  const candidates = table.state.data.tournament?.betting?.candidates ?? [];
  const target = m.target ?? candidates[Math.abs(m.amount) % Math.max(candidates.length, 1)] ?? 1;
  if (m.kind === 'joinTournament') return [m.seat, { type: m.kind, generalId }];
  if (m.kind === 'betTournament') return [m.seat, { type: m.kind, generalId, target, amount: m.amount }];
  return [m.seat, { type: m.kind, generalId, auto: m.amount % 2 === 0 }];
}
