import type { Auction, AuctionBid, AuctionKind } from './types';
import { GameConst } from './constants';

export type Resource = 'gold' | 'rice';

/** The resource's name in the game's words (legacy `ResourceType::getName`). */
export const RESOURCE_NAME: Record<Resource, string> = { gold: '금', rice: '쌀' };

/**
 * What the host puts up and what bidders pay: 쌀 경매 (legacy `AuctionBuyRice`) sells rice for
 * gold, 금 경매 (`AuctionSellRice`) sells gold for rice.
 */
export const AUCTION_KINDS: Record<AuctionKind, { hostRes: Resource; bidderRes: Resource }> = {
  buyRice: { hostRes: 'rice', bidderRes: 'gold' },
  sellRice: { hostRes: 'gold', bidderRes: 'rice' },
};

/** `AuctionBasicResource::MIN/MAX_AUCTION_AMOUNT`. */
export const MIN_AUCTION_AMOUNT = 100;
export const MAX_AUCTION_AMOUNT = 10_000;

/** The system's merchant (legacy `genDummy`): host 0, with ten times the largest lot of each. */
export const MERCHANT = { id: 0, name: '상인', gold: MAX_AUCTION_AMOUNT * 10, rice: MAX_AUCTION_AMOUNT * 10 };

/** What a host must keep of the resource put up (`generalMinimumGold/Rice`). */
export function hostMinimum(res: Resource): number {
  return res === 'rice' ? GameConst.generalMinimumRice : GameConst.generalMinimumGold;
}

/** What a bidder must keep beyond the bid (`defaultGold/Rice`). */
export function bidderMinimum(res: Resource): number {
  return res === 'gold' ? GameConst.defaultGold : GameConst.defaultRice;
}

/** The auction's title (`detail->title`): `쌀 1000 경매`. */
export function auctionTitle(kind: AuctionKind, amount: number): string {
  return `${RESOURCE_NAME[AUCTION_KINDS[kind].hostRes]} ${amount} 경매`;
}

const MINUTE = 60_000;

/** A bid keeps the auction open at least this long after it (`COEFF/MIN_EXTENSION_MINUTES_PER_BID`): term/6 minutes, at least one. */
export function bidExtensionMs(turnterm: number): number {
  return Math.max(1, turnterm / 6) * MINUTE;
}

export function turnsMs(turns: number, turnterm: number): number {
  return turns * turnterm * MINUTE;
}

/** The highest bid: bids are kept in the order placed, each higher than the one before. */
export function highestBid(auction: Auction): AuctionBid | undefined {
  return auction.bids[auction.bids.length - 1];
}
