import type { RandUtil } from '../rng/rand-util';
import { sqlAverage } from '../pool/pool-averages';
import { joinYearMonth } from '../world/clock';
import { phpRound } from '../world/php-math';
import type { AuctionHouse, AuctionKind, General, World } from '../world/types';
import { AUCTION_KINDS, hostMinimum, MAX_AUCTION_AMOUNT, MERCHANT, MIN_AUCTION_AMOUNT, RESOURCE_NAME, turnsMs } from '../world/auction-kinds';

/** A lot as the opener asks for it (legacy `openResourceAuction`'s arguments). */
export interface AuctionLot {
  kind: AuctionKind;
  amount: number;
  closeTurnCnt: number;
  startBidAmount: number;
  finishBidAmount: number;
}

/** Players may open auctions from the fourth month after the opening (the Open API's check). */
const MONTHS_BEFORE_OPENING = 3;

/** The lot's own checks, in the legacy's order and words; null when it may open. */
function whyNotLot(lot: AuctionLot): string | null {
  const { amount, closeTurnCnt, startBidAmount, finishBidAmount } = lot;
  if (closeTurnCnt < 1 || closeTurnCnt > 24) return '종료기한은 1 ~ 24 턴 이어야 합니다.';
  if (amount < MIN_AUCTION_AMOUNT || amount > MAX_AUCTION_AMOUNT) return `거래량은 ${MIN_AUCTION_AMOUNT} ~ ${MAX_AUCTION_AMOUNT} 이어야 합니다.`;
  if (startBidAmount < amount * 0.5 || amount * 2 < startBidAmount) return '시작거래가는 50% ~ 200% 이어야 합니다.';
  if (finishBidAmount < amount * 1.1 || amount * 2 < finishBidAmount) return '즉시거래가는 110% ~ 200% 이어야 합니다.';
  if (finishBidAmount < startBidAmount * 1.1) return '즉시거래가는 시작판매가의 110% 이상이어야 합니다.';
  return null;
}

/**
 * Why `general` may not open `lot` now (legacy OpenBuyRiceAuction/OpenSellRiceAuction and
 * `openResourceAuction`), or null: three months after the opening, the lot's bounds, the
 * host's resource beyond its minimum, one open resource auction per host.
 */
export function whyNotOpen(world: World, general: General, lot: AuctionLot): string | null {
  const house = world.auctions;
  if (!house) return 'auctions are not enabled on this table (table option "auctions")';
  const { year, month, startyear } = world.env;
  if (joinYearMonth(year, month) < joinYearMonth(startyear, 1) + MONTHS_BEFORE_OPENING) return '시작 후 3개월이 지나야 경매를 열 수 있습니다.';
  const lotRefusal = whyNotLot(lot);
  if (lotRefusal !== null) return lotRefusal;
  const hostRes = AUCTION_KINDS[lot.kind].hostRes;
  const minimum = hostMinimum(hostRes);
  if (general[hostRes] < lot.amount + minimum) return `기본 ${RESOURCE_NAME[hostRes]} ${minimum}은 거래할 수 없습니다.`;
  if (house.open.some((a) => a.hostGeneralId === general.id)) return '아직 경매가 끝나지 않았습니다.';
  return null;
}

/** Opens a checked lot: the host's resource is held until the close, which is `closeTurnCnt` turns away. */
export function openAuction(house: AuctionHouse, host: { id: number; gold: number; rice: number }, lot: AuctionLot, turnterm: number, now: number): number {
  const id = house.nextId++;
  house.open.push({
    id, kind: lot.kind, hostGeneralId: host.id, amount: lot.amount, startBidAmount: lot.startBidAmount,
    finishBidAmount: lot.finishBidAmount, openDate: now, closeDate: now + turnsMs(lot.closeTurnCnt, turnterm), bids: [],
  });
  const hostRes = AUCTION_KINDS[lot.kind].hostRes;
  host[hostRes] = Math.max(0, host[hostRes] - lot.amount);
  return id;
}

/** `Util::valueFit` (the lower bound wins when the bounds cross). */
function fit(value: number, min: number, max: number): number {
  if (max < min) return min;
  return Math.min(Math.max(value, min), max);
}

/**
 * postUpdateMonthly's `registerAuction`, on the closing month's stream (its last draws): the
 * merchant puts up rice with probability 1/(its open rice lots + 5), then gold the same way —
 * 5 % to 25 % of the players' average stock (each average within 1000–20000), priced from
 * the other average (×0.9 for rice, ×1.1 for gold, kept within 80–120 % of the lot), the
 * finish price twice the lot, 3 to 12 turns; a lot the opening checks refuse (rounding can
 * push the finish price past 200 %) is not opened.
 */
export function registerAuction(world: World, rng: RandUtil, now: number): void {
  const house = world.auctions!;
  const players = [...world.generals.values()].filter((g) => g.npc < 2);
  const average = (res: 'gold' | 'rice') => (players.length === 0 ? 0 : sqlAverage(players.reduce((sum, g) => sum + g[res], 0), players.length));
  const avgGold = fit(average('gold'), 1000, 20000);
  const avgRice = fit(average('rice'), 1000, 20000);
  const merchantLots = (kind: AuctionKind) => house.open.filter((a) => a.hostGeneralId === MERCHANT.id && a.kind === kind).length;
  const counts = { buyRice: merchantLots('buyRice'), sellRice: merchantLots('sellRice') };
  const offers: [AuctionKind, number, number, number][] = [['buyRice', avgRice, avgGold, 0.9], ['sellRice', avgGold, avgRice, 1.1]];
  for (const [kind, avgLot, avgPrice, priceRate] of offers) {
    if (!rng.nextBool(1 / (counts[kind] + 5))) continue;
    const mul = rng.nextRangeInt(1, 5);
    const amount = (avgLot / 20) * mul;
    const cost = fit((avgPrice / 20) * priceRate * mul, amount * 0.8, amount * 1.2);
    const lot: AuctionLot = {
      kind, amount: phpRound(amount, -1), startBidAmount: phpRound(cost, -1), finishBidAmount: phpRound(amount * 2, -1),
      closeTurnCnt: rng.nextRangeInt(3, 12),
    };
    if (whyNotLot(lot) === null) openAuction(house, { ...MERCHANT }, lot, world.env.turnterm, now);
  }
}
