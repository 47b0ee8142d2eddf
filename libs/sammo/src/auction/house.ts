import type { AuctionHouse } from '../world/types';

/** An empty auction house whose clock starts at the world's. */
export function newAuctionHouse(now: number): AuctionHouse {
  return { now, nextId: 1, nextBidNo: 1, open: [] };
}
