import { generalLog, log } from '../world/logbook';
import { withJosa } from '../world/josa';
import type { Auction, World } from '../world/types';
import { AUCTION_KINDS, highestBid, MERCHANT, RESOURCE_NAME } from '../world/auction-kinds';

/** The `type` column's enum order. */
const KIND_ORDER = { buyRice: 0, sellRice: 1 } as const;

/** When the next open auction closes; never when none is open (or auctions are off). */
export function nextAuctionClose(world: World): number {
  let next = Infinity;
  for (const auction of world.auctions?.open ?? []) next = Math.min(next, auction.closeDate);
  return next;
}

/**
 * `processAuction` catching up to `time`: every auction whose close is at or before it ends,
 * in the legacy's order, and the house's clock moves to `time`. The turn clock calls it as tournament
 * steps are called — before each general turn, before a month boundary, at the end of an
 * advance — so a close falls between the same general turns however the advances are split.
 */
export function runAuctionsUntil(world: World, time: number): void {
  const house = world.auctions;
  if (!house) return;
  if (nextAuctionClose(world) <= time) {
    // The legacy's query has no ORDER BY; MariaDB reads it through the (finished, type,
    // close_date) index: rice lots first, then by close, then by id.
    const due = house.open.filter((a) => a.closeDate <= time).sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.closeDate - b.closeDate || a.id - b.id);
    house.open = house.open.filter((a) => a.closeDate > time);
    for (const auction of due) closeAuction(world, auction);
  }
  house.now = Math.max(house.now, time);
}

/** `tryFinish` of a resource auction: the trade with the highest bidder, or the lot back to its host. */
function closeAuction(world: World, auction: Auction): void {
  const { hostRes, bidderRes } = AUCTION_KINDS[auction.kind];
  const hostResName = RESOURCE_NAME[hostRes];
  const bidderResName = RESOURCE_NAME[bidderRes];
  // The merchant's stock is not kept; a host or bidder no longer in the world is the legacy's
  // stand-in general, whose gains are lost.
  const host = auction.hostGeneralId === MERCHANT.id ? undefined : world.generals.get(auction.hostGeneralId);
  const hostName = auction.hostGeneralId === MERCHANT.id ? MERCHANT.name : (host?.name ?? 'Dummy');
  const { id, amount } = auction;
  const bid = highestBid(auction);
  if (!bid) {
    if (host) host[hostRes] += amount;
    if (auction.hostGeneralId === MERCHANT.id) return;
    log(world, 'auction', id, `${id}번 ${hostResName} 경매 유찰 : ${withJosa(hostName, '이')} ${hostResName} ${amount} 판매, 그러나 입찰자 부재`);
    if (host) generalLog(world, host.id, `${id}번 ${hostResName} 경매에 입찰이 없어 취소되었습니다.`);
    return;
  }
  const bidder = world.generals.get(bid.generalId);
  const bidderName = bidder?.name ?? 'Dummy';
  if (host) {
    host[bidderRes] += bid.amount;
    generalLog(world, host.id, `${id}번 거래 성사로 ${hostResName} ${withJosa(amount, '을')} 판매, ${bidderResName} ${withJosa(bid.amount, '을')} 획득!`);
  }
  if (bidder) {
    bidder[hostRes] += amount;
    generalLog(world, bidder.id, `${id}번 거래 성사로 ${bidderResName} ${withJosa(bid.amount, '을')} 지불, ${hostResName} ${withJosa(amount, '을')} 획득!`);
  }
  const price = bid.amount === auction.finishBidAmount ? ' ★ 마감가 거래 ★' : bid.amount === auction.startBidAmount ? ' ★ 최저가 거래 ★' : '';
  log(
    world, 'auction', id,
    `${id}번 ${hostResName} 경매 성사 : ${withJosa(hostName, '이')} ${hostResName} ${amount} 판매, ${withJosa(bidderName, '이')} ${bidderResName} ${withJosa(bid.amount, '으로')} 구매${price}`,
  );
}
