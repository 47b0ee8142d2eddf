import { generalLog } from '../world/logbook';
import type { Auction, AuctionBid, General, World } from '../world/types';
import { auctionTitle, AUCTION_KINDS, highestBid, bidderMinimum, bidExtensionMs, RESOURCE_NAME, turnsMs } from '../world/auction-kinds';

/**
 * What `general` pays now for a bid of `amount`: the whole bid, or only the rise over its own
 * bid when that is still the highest (an outbid bidder was refunded already).
 */
function charge(auction: Auction, general: General, amount: number): number {
  const highest = highestBid(auction);
  return highest?.generalId === general.id ? amount - highest.amount : amount;
}

/**
 * Why `general` may not bid `amount` on auction `auctionId` now (legacy `AuctionBasicResource::bid`
 * and `Auction::_bid`), or null. The refusals are the legacy's words. One check is this
 * port's own: the first bid must reach the start price — the legacy page asks for it, its
 * server does not check, so a crafted request could bid below it, even a negative amount
 * that pays the bidder.
 */
export function whyNotBid(world: World, general: General, auctionId: number, amount: number): string | null {
  const house = world.auctions;
  if (!house) return 'auctions are not enabled on this table (table option "auctions")';
  const auction = house.open.find((a) => a.id === auctionId);
  // A closed auction leaves the house; ids below the next one were all opened.
  if (!auction) return auctionId >= 1 && auctionId < house.nextId ? '경매가 이미 끝났습니다.' : `해당 경매가 없습니다: ${auctionId}`;
  if (auction.hostGeneralId === general.id) return '자신이 연 경매에 입찰할 수 없습니다.';
  if (auction.finishBidAmount < amount) return '즉시판매가보다 높을 수 없습니다.';
  const highest = highestBid(auction);
  if (highest && amount <= highest.amount) return '현재입찰가보다 높게 입찰해야 합니다.';
  if (!highest && amount < auction.startBidAmount) return `시작거래가 ${auction.startBidAmount}보다 낮게 입찰할 수 없습니다.`;
  const res = AUCTION_KINDS[auction.kind].bidderRes;
  if (general[res] < charge(auction, general, amount) + bidderMinimum(res)) return `${RESOURCE_NAME[res]}이 부족합니다.`;
  return null;
}

/**
 * A checked bid: the bidder pays, the close moves to at least term/6 minutes away, the bidder
 * it outbids gets its bid back (with the legacy's message, in its log: the world keeps no
 * mailbox), and a bid at the finish price closes the auction one turn from now.
 */
export function placeBid(world: World, general: General, auctionId: number, amount: number): void {
  const house = world.auctions!;
  const auction = house.open.find((a) => a.id === auctionId)!;
  const res = AUCTION_KINDS[auction.kind].bidderRes;
  const now = house.now;
  const outbid = highestBid(auction);
  general[res] -= charge(auction, general, amount);
  auction.bids.push({ no: house.nextBidNo++, generalId: general.id, amount, date: now });
  auction.closeDate = Math.max(auction.closeDate, now + bidExtensionMs(world.env.turnterm));
  if (outbid && outbid.generalId !== general.id) refund(world, auction, outbid, `${auction.id}번 ${auctionTitle(auction.kind, auction.amount)}에 상회입찰자가 나타났습니다.`);
  // 즉구: the trade settles a turn later, even when the close was nearer.
  if (amount === auction.finishBidAmount) auction.closeDate = now + turnsMs(1, world.env.turnterm);
}

/** `refundBid`: the bid goes back to its bidder, who is told why (a general no longer in the world gets nothing). */
export function refund(world: World, auction: Auction, bid: AuctionBid, reason: string): void {
  const bidder = world.generals.get(bid.generalId);
  if (!bidder) return;
  bidder[AUCTION_KINDS[auction.kind].bidderRes] += bid.amount;
  generalLog(world, bidder.id, reason);
}
