import { engine, type Json } from '@chronicle/engine';
import { sammo } from '../game';
import type { RandUtil } from '../rng/rand-util';
import { SammoTable } from '../testing/table';
import { addGeneral } from '../testing/small-world';
import { nextDueTime } from '../turn/next-due';
import { readWorld, writeWorld } from '../state/serialize';
import type { General, World } from '../world/types';
import { placeBid, whyNotBid } from './bid';
import { nextAuctionClose, runAuctionsUntil } from './close';
import { openAuction, registerAuction, whyNotOpen, type AuctionLot } from './open';
import { untaggedWorld } from '../testing/untagged';
import { auctionWorld } from '../testing/market-worlds';

const MINUTE = 60_000;


const riceLot: AuctionLot = { kind: 'buyRice', amount: 1000, closeTurnCnt: 3, startBidAmount: 800, finishBidAmount: 1500 };

function open(world: World, host: General, lot = riceLot): number {
  expect(whyNotOpen(world, host, lot)).toBeNull();
  return openAuction(world.auctions!, host, lot, world.env.turnterm, world.auctions!.now);
}

function bid(world: World, general: General, id: number, amount: number): void {
  expect(whyNotBid(world, general, id, amount)).toBeNull();
  placeBid(world, general, id, amount);
}

const texts = (world: World, scope: string, subject: number) => world.logs.filter((l) => l.scope === scope && l.subject === subject).map((l) => l.text);

describe('opening an auction (legacy openResourceAuction and the Open API)', () => {
  it('refuses with the legacy reasons, in its order', () => {
    const { world, host } = auctionWorld();
    const refusal = (lot: Partial<AuctionLot>) => whyNotOpen(world, host, { ...riceLot, ...lot });
    expect(refusal({ closeTurnCnt: 0 })).toBe('종료기한은 1 ~ 24 턴 이어야 합니다.');
    expect(refusal({ closeTurnCnt: 25, amount: 50 })).toBe('종료기한은 1 ~ 24 턴 이어야 합니다.');
    expect(refusal({ amount: 99 })).toBe('거래량은 100 ~ 10000 이어야 합니다.');
    expect(refusal({ amount: 10001 })).toBe('거래량은 100 ~ 10000 이어야 합니다.');
    expect(refusal({ startBidAmount: 499 })).toBe('시작거래가는 50% ~ 200% 이어야 합니다.');
    expect(refusal({ startBidAmount: 2001 })).toBe('시작거래가는 50% ~ 200% 이어야 합니다.');
    expect(refusal({ finishBidAmount: 1099 })).toBe('즉시거래가는 110% ~ 200% 이어야 합니다.');
    expect(refusal({ finishBidAmount: 2001 })).toBe('즉시거래가는 110% ~ 200% 이어야 합니다.');
    expect(refusal({ startBidAmount: 1500, finishBidAmount: 1649 })).toBe('즉시거래가는 시작판매가의 110% 이상이어야 합니다.');
    // PHP's float: 1500 × 1.1 is 1650.0000000000002, so 1650 itself is refused.
    expect(refusal({ startBidAmount: 1500, finishBidAmount: 1650 })).toBe('즉시거래가는 시작판매가의 110% 이상이어야 합니다.');
    expect(refusal({ startBidAmount: 1500, finishBidAmount: 1651 })).toBeNull();
    // Rice keeps 500 back, gold nothing.
    expect(refusal({ amount: 4501, startBidAmount: 4501, finishBidAmount: 9000 })).toBe('기본 쌀 500은 거래할 수 없습니다.');
    expect(refusal({ amount: 4500, startBidAmount: 4500, finishBidAmount: 9000 })).toBeNull();
    expect(refusal({ kind: 'sellRice', amount: 5001, startBidAmount: 5001, finishBidAmount: 10000 })).toBe('기본 금 0은 거래할 수 없습니다.');
    expect(refusal({ kind: 'sellRice', amount: 5000, startBidAmount: 5000, finishBidAmount: 10000 })).toBeNull();
  });

  it('opens from the fourth month after the opening, one resource auction per host', () => {
    const { world, host } = auctionWorld();
    world.env.month = 3;
    expect(whyNotOpen(world, host, riceLot)).toBe('시작 후 3개월이 지나야 경매를 열 수 있습니다.');
    world.env.month = 4;
    const id = open(world, host);
    expect(whyNotOpen(world, host, { ...riceLot, kind: 'sellRice' })).toBe('아직 경매가 끝나지 않았습니다.');
    // The lot is held from the host; the close is three turns away.
    expect(host.rice).toBe(4000);
    expect(world.auctions!.open[0]).toMatchObject({ id, hostGeneralId: 1, openDate: world.auctions!.now, closeDate: world.auctions!.now + 180 * MINUTE });
  });

  it('is refused on a table without auctions', () => {
    const { world, host } = auctionWorld();
    delete world.auctions;
    expect(whyNotOpen(world, host, riceLot)).toMatch(/table option "auctions"/);
  });
});

describe('bidding (legacy AuctionBasicResource::bid, Auction::_bid)', () => {
  it('refuses the host, a bid above the finish price, under the highest, under the start, and short of the kept 1000', () => {
    const { world, host, a, b } = auctionWorld();
    const id = open(world, host);
    expect(whyNotBid(world, host, id, 900)).toBe('자신이 연 경매에 입찰할 수 없습니다.');
    expect(whyNotBid(world, a, id, 1501)).toBe('즉시판매가보다 높을 수 없습니다.');
    expect(whyNotBid(world, a, id, 799)).toBe('시작거래가 800보다 낮게 입찰할 수 없습니다.');
    a.gold = 1899;
    expect(whyNotBid(world, a, id, 900)).toBe('금이 부족합니다.');
    a.gold = 1900;
    bid(world, a, id, 900);
    expect(a.gold).toBe(1000);
    expect(whyNotBid(world, b, id, 900)).toBe('현재입찰가보다 높게 입찰해야 합니다.');
    expect(whyNotBid(world, b, id, 2)).toBe('현재입찰가보다 높게 입찰해야 합니다.');
    expect(whyNotBid(world, b, 2, 1000)).toBe('해당 경매가 없습니다: 2');
  });

  it('refunds the outbid bidder with the legacy message; raising one\'s own bid pays the rise only', () => {
    const { world, host, a, b } = auctionWorld();
    const id = open(world, host);
    bid(world, a, id, 900);
    bid(world, b, id, 1000);
    expect([a.gold, b.gold]).toEqual([5000, 4000]);
    expect(texts(world, 'general', a.id)).toEqual([`${id}번 쌀 1000 경매에 상회입찰자가 나타났습니다.`]);
    // b raises its own bid: 100 more, nobody refunded.
    bid(world, b, id, 1100);
    expect(b.gold).toBe(3900);
    expect(texts(world, 'general', b.id)).toEqual([]);
    // A bid needs only the rise plus the kept 1000: b at 1,150 gold may raise by 150.
    b.gold = 1149;
    expect(whyNotBid(world, b, id, 1250)).toBe('금이 부족합니다.');
    b.gold = 1150;
    expect(whyNotBid(world, b, id, 1250)).toBeNull();
  });

  it('keeps the auction open term/6 minutes after a bid, and a bid at the finish price closes it a turn later', () => {
    const { world, host, a, b } = auctionWorld();
    const id = open(world, host);
    const auction = world.auctions!.open[0]!;
    const opened = world.auctions!.now;
    // Five minutes before the close: the close moves to ten minutes after the bid.
    runAuctionsUntil(world, opened + 175 * MINUTE);
    bid(world, a, id, 900);
    expect(auction.closeDate).toBe(opened + 185 * MINUTE);
    // A bid long before the close leaves it.
    const { closeDate } = auction;
    runAuctionsUntil(world, opened + 176 * MINUTE);
    bid(world, b, id, 1000);
    expect(auction.closeDate).toBe(closeDate + MINUTE);
    // At the finish price the trade waits a turn (even past the nearer close); no bid can top it.
    bid(world, a, id, 1500);
    expect(auction.closeDate).toBe(opened + 236 * MINUTE);
    expect(whyNotBid(world, b, id, 1500)).toBe('현재입찰가보다 높게 입찰해야 합니다.');
    expect(whyNotBid(world, b, id, 1501)).toBe('즉시판매가보다 높을 수 없습니다.');
  });
});

describe('closing (legacy processAuction, tryFinish)', () => {
  it('trades with the highest bidder, in the legacy words', () => {
    const { world, host, a, b } = auctionWorld();
    const id = open(world, host);
    bid(world, a, id, 900);
    bid(world, b, id, 1500);
    const close = nextAuctionClose(world);
    runAuctionsUntil(world, close - 1);
    expect(world.auctions!.open).toHaveLength(1);
    runAuctionsUntil(world, close);
    expect(world.auctions!.open).toHaveLength(0);
    expect([host.gold, host.rice, b.gold, b.rice, a.gold]).toEqual([6500, 4000, 3500, 6000, 5000]);
    expect(texts(world, 'general', host.id)).toEqual([`${id}번 거래 성사로 쌀 1000을 판매, 금 1500을 획득!`]);
    expect(texts(world, 'general', b.id)).toEqual([`${id}번 거래 성사로 금 1500을 지불, 쌀 1000을 획득!`]);
    expect(texts(world, 'auction', id)).toEqual([`${id}번 쌀 경매 성사 : 장수1이 쌀 1000 판매, 장수3이 금 1500으로 구매 ★ 마감가 거래 ★`]);
    expect(whyNotBid(world, a, id, 1000)).toBe('경매가 이미 끝났습니다.');
  });

  it('marks a trade at the start price, and sells gold for rice', () => {
    const { world, host, a } = auctionWorld();
    const id = open(world, host, { kind: 'sellRice', amount: 2000, closeTurnCnt: 1, startBidAmount: 1000, finishBidAmount: 3000 });
    bid(world, a, id, 1000);
    runAuctionsUntil(world, nextAuctionClose(world));
    expect([host.gold, host.rice, a.gold, a.rice]).toEqual([3000, 6000, 7000, 4000]);
    expect(texts(world, 'auction', id)).toEqual([`${id}번 금 경매 성사 : 장수1이 금 2000 판매, 장수2가 쌀 1000으로 구매 ★ 최저가 거래 ★`]);
  });

  it('gives an unsold lot back to its host; the merchant\'s passes without a word', () => {
    const { world, host } = auctionWorld();
    const id = open(world, host);
    const merchant = openAuction(world.auctions!, { id: 0, gold: 0, rice: 0 }, riceLot, 60, world.auctions!.now);
    runAuctionsUntil(world, nextAuctionClose(world));
    expect(host.rice).toBe(5000);
    expect(texts(world, 'auction', id)).toEqual([`${id}번 쌀 경매 유찰 : 장수1이 쌀 1000 판매, 그러나 입찰자 부재`]);
    expect(texts(world, 'general', host.id)).toEqual([`${id}번 쌀 경매에 입찰이 없어 취소되었습니다.`]);
    expect(texts(world, 'auction', merchant)).toEqual([]);
  });

  it('closes the due auctions in the order MariaDB reads the legacy query: rice lots first, then by close, then id', () => {
    const { world, host, a, b } = auctionWorld();
    const gold = open(world, host, { kind: 'sellRice', amount: 1000, closeTurnCnt: 1, startBidAmount: 800, finishBidAmount: 1500 });
    const riceLater = open(world, a, { ...riceLot, closeTurnCnt: 2 });
    const riceSooner = open(world, b, { ...riceLot, closeTurnCnt: 1 });
    runAuctionsUntil(world, nextAuctionClose(world) + 60 * MINUTE);
    expect(world.logs.filter((l) => l.scope === 'auction').map((l) => l.subject)).toEqual([riceSooner, riceLater, gold]);
  });

  it('pays nobody for a side that left the world', () => {
    const { world, host, a } = auctionWorld();
    const id = open(world, host);
    bid(world, a, id, 1200);
    world.generals.delete(host.id);
    runAuctionsUntil(world, nextAuctionClose(world));
    expect(a.rice).toBe(6000);
    expect(texts(world, 'auction', id)).toEqual([`${id}번 쌀 경매 성사 : Dummy가 쌀 1000 판매, 장수2가 금 1200으로 구매`]);
  });
});

describe('the merchant (legacy registerAuction)', () => {
  /** Every draw fixed: the 1/(n+5) chances hit, ×3, five turns. */
  const fixed = { nextBool: () => true, nextRangeInt: (lo: number) => (lo === 1 ? 3 : 5) } as unknown as RandUtil;

  it('prices from the players\' averages within 80–120 % of the lot, the finish price twice it', () => {
    const { world, host, a, b } = auctionWorld();
    [host, a, b].forEach((g, i) => Object.assign(g, { gold: [4000, 5000, 6000][i], rice: [7000, 8000, 9000][i] }));
    // NPCs are not counted.
    addGeneral(world, { id: 9, npc: 2 }).gold = 100_000;
    registerAuction(world, fixed, 1000);
    expect(world.auctions!.open.map(({ kind, hostGeneralId, amount, startBidAmount, finishBidAmount, closeDate }) => [kind, hostGeneralId, amount, startBidAmount, finishBidAmount, closeDate])).toEqual([
      // Rice: 8000/20×3 = 1200 for 5000/20×0.9×3 = 675, raised to 960.
      ['buyRice', 0, 1200, 960, 2400, 1000 + 300 * MINUTE],
      // Gold: 5000/20×3 = 750 for 8000/20×1.1×3 = 1320, lowered to 900.
      ['sellRice', 0, 750, 900, 1500, 1000 + 300 * MINUTE],
    ]);
  });

  it('opens nothing the checks refuse: a lot of 123.4 rounds to 120 with a finish price of 250', () => {
    const { world, host, a, b } = auctionWorld();
    const once = { nextBool: () => true, nextRangeInt: (lo: number) => (lo === 1 ? 1 : 3) } as unknown as RandUtil;
    [host, a, b].forEach((g) => Object.assign(g, { gold: 2468, rice: 2468 }));
    registerAuction(world, once, 0);
    expect(world.auctions!.open).toEqual([]);
  });

  it('offers less often the more of its lots are open: 1/(n+5)', () => {
    const { world } = auctionWorld();
    const chances: number[] = [];
    const rng = { nextBool: (p: number) => (chances.push(p), true), nextRangeInt: (lo: number) => (lo === 1 ? 3 : 5) } as unknown as RandUtil;
    registerAuction(world, rng, 0);
    registerAuction(world, rng, 0);
    expect(chances).toEqual([1 / 5, 1 / 5, 1 / 6, 1 / 6]);
  });
});

describe('auctions on a table', () => {
  const options = { world: 'synthetic', generals: 24, cities: 8, nations: 2, turnterm: 30, auctions: true } as const;
  const seats = ['user-4', 'user-8'];

  function table(): SammoTable {
    const t = new SammoTable(options, '7e'.repeat(32), seats);
    t.advanceMonths(4);
    return t;
  }

  it('closes at its close time whichever way the advances are split', () => {
    const whole = table();
    const split = table();
    for (const t of [whole, split]) {
      const g4 = t.state.data.generals.get(4)!;
      g4.rice = 5000;
      g4.gold = 5000;
    }
    for (const t of [whole, split]) {
      t.play('user-4', { type: 'openAuction', generalId: 4, kind: 'buyRice', amount: 1000, closeTurnCnt: 2, startBidAmount: 800, finishBidAmount: 1200 });
    }
    const house = whole.state.data.auctions!;
    const id = house.open.find((a) => a.hostGeneralId === 4)!.id;
    const close = house.open.find((a) => a.id === id)!.closeDate;
    expect(nextDueTime(whole.state.data)).toBeLessThanOrEqual(close);
    for (const t of [whole, split]) {
      const g8 = t.state.data.generals.get(8)!;
      g8.gold = 5000;
      t.play('user-8', { type: 'bidAuction', generalId: 8, auctionId: id, amount: 900 });
    }
    // A turn at a time (a longer advance would skip months), and in 7-minute steps.
    const until = close + 45 * MINUTE;
    for (let t = whole.state.data.env.turntime + 30 * MINUTE; t < until; t += 30 * MINUTE) whole.play(null, { type: 'advance', until: t });
    whole.play(null, { type: 'advance', until });
    for (let t = split.state.data.env.turntime + 7 * MINUTE; t < until; t += 7 * MINUTE) split.play(null, { type: 'advance', until: t });
    split.play(null, { type: 'advance', until });
    expect(untaggedWorld(split.state.data)).toEqual(untaggedWorld(whole.state.data));
    expect(whole.state.data.logs.some((l) => l.scope === 'auction' && l.subject === id)).toBe(true);
    expect(whole.state.data.auctions!.open.some((a) => a.id === id)).toBe(false);
  });

  it('writes and reads the house back unchanged', () => {
    const t = table();
    const world = t.state.data;
    const g4 = world.generals.get(4)!;
    g4.rice = 5000;
    t.play('user-4', { type: 'openAuction', generalId: 4, kind: 'buyRice', amount: 1000, closeTurnCnt: 5, startBidAmount: 800, finishBidAmount: 1200 });
    world.generals.get(8)!.gold = 5000;
    t.play('user-8', { type: 'bidAuction', generalId: 8, auctionId: world.auctions!.open.find((a) => a.hostGeneralId === 4)!.id, amount: 900 });
    // Through JSON text, as a store keeps it.
    const written = JSON.parse(JSON.stringify(writeWorld(world))) as Json;
    expect(writeWorld(readWorld(written))).toEqual(written);
    const broken = JSON.parse(JSON.stringify(written)) as { auctions: { open: { bids: { amount: number }[] }[] } };
    broken.auctions.open.find((a) => a.bids.length > 0)!.bids.push({ ...broken.auctions.open.find((a) => a.bids.length > 0)!.bids[0]! });
    expect(() => readWorld(broken as never)).toThrow(/higher than the bid before it/);
  });

  it('leaves a table without the option as it was: no house, no draws', () => {
    const t = new SammoTable({ ...options, auctions: false }, '7e'.repeat(32), seats);
    t.advanceMonths(4);
    expect(t.state.data.auctions).toBeUndefined();
    expect(() => t.play('user-4', { type: 'bidAuction', generalId: 4, auctionId: 1, amount: 900 })).toThrow(/table option "auctions"/);
    expect(engine.replay(sammo, t.log).data.auctions).toBeUndefined();
  });
});
