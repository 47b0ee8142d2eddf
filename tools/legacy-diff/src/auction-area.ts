import {
  emptyWorld, newAuctionHouse, newGeneral, openAuction, placeBid, registerAuction, runAuctionsUntil, streamFromSeed, whyNotBid, whyNotOpen,
  type RandUtil,
} from '@chronicle/sammo/rules';
import type { Auction, AuctionKind, World } from '@chronicle/sammo';
import type { Area } from './areas';
import { hex, pick } from './case-helpers';

interface AuctionGeneral { id: number; name: string; npc: number; gold: number; rice: number }
/**
 * A bid names an open auction by its place among them (or an id never opened) and its amount
 * by a rise over the highest bid — over the start price when there is none, so that the
 * first bid is never below it (the legacy server takes one below; see libs/sammo's README) —
 * or the finish price (`raise` null).
 */
type AuctionStep =
  | { op: 'open'; general: number; kind: AuctionKind; amount: number; closeTurnCnt: number; startBidAmount: number; finishBidAmount: number }
  | { op: 'bid'; general: number; pick: number; unknownId: number | null; raise: number | null }
  | { op: 'wait'; minutes: number }
  | { op: 'register'; seed: string };
interface AuctionCase { startyear: number; year: number; month: number; turnterm: number; generals: AuctionGeneral[]; steps: AuctionStep[] }
interface AuctionResult {
  steps: (string | null)[];
  generals: [number, number, number][];
  open: { id: number; kind: string; host: number; amount: number; start: number; finish: number; close: number; bids: [number, number][] }[];
  /** Every general's log lines and messages, sorted. */
  logs: [number, string][];
  auctionLog: string[];
}

const NAMES = ['조조', '유비', '손권', '여포', '관우'];
const T0 = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;

function stock(rng: RandUtil): number {
  return pick(rng, [0, 499, 500, 1000, 1099, 1500, 2000, 3000, 5000, 8000, 12000, 20000]) + (rng.nextBool(0.5) ? rng.nextInt(1000) : 0);
}

function openStep(rng: RandUtil, generals: number): AuctionStep {
  const general = 1 + rng.nextInt(generals - 1);
  const kind: AuctionKind = rng.nextBool(0.5) ? 'buyRice' : 'sellRice';
  if (rng.nextBool(0.6)) {
    // A lot within the bounds (the host's stock may still be short).
    const amount = 100 + rng.nextInt(40) * 50;
    const startBidAmount = Math.round((amount * pick(rng, [50, 80, 100, 120, 150])) / 100);
    const floor = Math.ceil(Math.max(amount * 1.1, startBidAmount * 1.1));
    const finishBidAmount = Math.min(amount * 2, floor + pick(rng, [0, 1, 10, 100, 1000]));
    return { op: 'open', general, kind, amount, closeTurnCnt: 1 + rng.nextInt(3), startBidAmount, finishBidAmount };
  }
  const amount = rng.nextBool(0.2) ? pick(rng, [99, 100, 10000, 10001]) : 100 + rng.nextInt(60) * 50;
  const start = Math.round((amount * pick(rng, [49, 50, 80, 100, 120, 150, 200, 201])) / 100);
  const finish = rng.nextBool(0.2) ? Math.round(start * 1.1) : Math.round((amount * pick(rng, [109, 110, 130, 160, 200, 201])) / 100);
  return {
    op: 'open', general, kind, amount,
    closeTurnCnt: rng.nextBool(0.2) ? pick(rng, [0, 24, 25]) : 1 + rng.nextInt(4), startBidAmount: start, finishBidAmount: finish,
  };
}

function step(rng: RandUtil, generals: number, turnterm: number): AuctionStep {
  switch (rng.nextInt(8)) {
    case 0: case 1: return openStep(rng, generals);
    case 2: return { op: 'wait', minutes: rng.nextBool(0.5) ? 1 + rng.nextInt(Math.max(2, Math.ceil(turnterm / 4))) : 1 + rng.nextInt(turnterm * 3) };
    case 3: return { op: 'register', seed: hex(rng, 16) };
    default:
      return {
        op: 'bid', general: 1 + rng.nextInt(generals - 1), pick: rng.nextInt(4), unknownId: rng.nextBool(0.05) ? 90 + rng.nextInt(10) : null,
        raise: rng.nextBool(0.15) ? null : pick(rng, [-10, 0, 1, 10, 50, 100, 300, 1000]),
      };
  }
}

/** The auction a bid step names, and its amount, read from the open auctions (by id). */
export function bidTarget(open: Auction[], s: Extract<AuctionStep, { op: 'bid' }>): [number, number] {
  const auction = [...open].sort((a, b) => a.id - b.id)[s.pick % Math.max(open.length, 1)];
  if (s.unknownId !== null || !auction) return [s.unknownId ?? 99, 1000];
  if (s.raise === null) return [auction.id, auction.finishBidAmount];
  const highest = auction.bids.at(-1)?.amount;
  return [auction.id, highest === undefined ? auction.startBidAmount + Math.abs(s.raise) : highest + s.raise];
}

function world(c: AuctionCase): World {
  const w = emptyWorld({ scenarioId: 0, title: 'auction', startyear: c.startyear, fiction: 0, turnterm: c.turnterm, start: T0, maxgeneral: 100, autorunLimitMinutes: 0 });
  w.env.year = c.year;
  w.env.month = c.month;
  for (const g of c.generals) {
    const general = newGeneral({
      id: g.id, name: g.name, npc: g.npc, owner: g.npc < 2 ? `user-${g.id}` : null, nation: 0, city: 1, officerLevel: 0, leadership: 50, strength: 50, intel: 50,
      bornyear: c.year - 20, deadyear: c.year + 50, year: c.year, affinity: 1, turntime: T0, killturn: 100,
    });
    Object.assign(general, { gold: g.gold, rice: g.rice });
    w.generals.set(g.id, general);
  }
  w.auctions = newAuctionHouse(T0);
  return w;
}

/**
 * Players open and bid, the merchant draws its lots from the case's seed, time passes and the
 * finished auctions close (legacy AuctionBasicResource, registerAuction, processAuction on
 * MariaDB, the rows' dates moved back by each wait): every refusal, the stock, the open rows
 * with their close in case time, the logs and messages.
 */
export const auctionArea: Area<AuctionCase, AuctionResult> = {
  name: 'auction',
  about: 'resource auctions: opening and bid refusals, payments and refunds, close extensions, the merchant, the closing trade and its logs',
  generate: (rng, count) =>
    Array.from({ length: count }, () => {
      const generals = 2 + rng.nextInt(3);
      const turnterm = pick(rng, [1, 5, 10, 20, 30, 60, 120]);
      return {
        startyear: 190, year: 190, month: rng.nextBool(0.1) ? 1 + rng.nextInt(2) : 4 + rng.nextInt(8), turnterm,
        generals: Array.from({ length: generals }, (_, i) => ({ id: i + 1, name: NAMES[i]!, npc: pick(rng, [0, 0, 0, 1, 2]), gold: stock(rng), rice: stock(rng) })),
        steps: [openStep(rng, generals), ...Array.from({ length: 6 + rng.nextInt(14) }, () => step(rng, generals, turnterm)), { op: 'wait' as const, minutes: turnterm * 5 }],
      };
    }),
  sammo: (c) => {
    const w = world(c);
    const house = w.auctions!;
    const steps = c.steps.map((s) => {
      switch (s.op) {
        case 'wait':
          runAuctionsUntil(w, house.now + s.minutes * MINUTE);
          return null;
        case 'register':
          registerAuction(w, streamFromSeed(s.seed, 'auction-case'), house.now);
          return null;
        case 'open': {
          const general = w.generals.get(s.general)!;
          const { op: _op, general: _id, ...lot } = s;
          const refusal = whyNotOpen(w, general, lot);
          if (refusal === null) openAuction(house, general, lot, w.env.turnterm, house.now);
          return refusal;
        }
        default: {
          const general = w.generals.get(s.general)!;
          const [id, amount] = bidTarget(house.open, s);
          const refusal = whyNotBid(w, general, id, amount);
          if (refusal === null) placeBid(w, general, id, amount);
          return refusal;
        }
      }
    });
    return {
      steps,
      generals: [...w.generals.values()].map((g) => [g.id, g.gold, g.rice] as [number, number, number]),
      open: house.open.map((a) => ({
        id: a.id, kind: a.kind, host: a.hostGeneralId, amount: a.amount, start: a.startBidAmount, finish: a.finishBidAmount,
        close: Math.round((a.closeDate - T0) / 10_000), bids: a.bids.map((b) => [b.generalId, b.amount] as [number, number]),
      })),
      logs: w.logs.filter((l) => l.scope === 'general').map((l) => [l.subject, l.text] as [number, string]).sort(compareLog),
      auctionLog: w.logs.filter((l) => l.scope === 'auction').map((l) => l.text),
    };
  },
};

export function compareLog(a: [number, string], b: [number, string]): number {
  return a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
}
