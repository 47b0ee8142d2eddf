import { highestBid, MERCHANT } from '../world/auction-kinds';
import type { Auction, AuctionKind, World } from '../world/types';
import { linesSince, type LineView } from './lines';

/** How many of the auction house's newest log lines the list carries (legacy `getAuctionLogRecent(20)`). */
export const AUCTION_LOG_LINES = 20;

/**
 * An open resource auction as Auction/GetActiveResourceAuctionList shows it. Dates are the
 * game clock's epoch ms (the legacy formats them). A host or bidder no longer in the world
 * has a null name (the legacy shows the name it snapshotted; this world keeps none).
 */
export type AuctionView = {
  id: number;
  kind: AuctionKind;
  hostGeneralId: number;
  hostName: string | null;
  openDate: number;
  closeDate: number;
  amount: number;
  startBidAmount: number;
  finishBidAmount: number;
  highestBid: { amount: number; date: number; generalId: number; generalName: string | null } | null;
}

/** The open resource auctions by kind, each by close (legacy `ORDER BY close_date`), and the house's newest log lines, oldest first. */
export type AuctionsView = {
  buyRice: AuctionView[];
  sellRice: AuctionView[];
  recentLogs: LineView[];
}

/** Legacy Auction/GetActiveResourceAuctionList (any general of the world); null where auctions are off. */
export function auctionsView(world: World): AuctionsView | null {
  const house = world.auctions;
  if (!house) return null;
  const out: AuctionsView = { buyRice: [], sellRice: [], recentLogs: linesSince(world.logs, (e) => e.scope === 'auction', -1, AUCTION_LOG_LINES) };
  const byClose = [...house.open].sort((a, b) => a.closeDate - b.closeDate || a.id - b.id);
  for (const auction of byClose) out[auction.kind].push(auctionView(world, auction));
  return out;
}

function auctionView(world: World, a: Auction): AuctionView {
  const bid = highestBid(a);
  return {
    id: a.id, kind: a.kind, hostGeneralId: a.hostGeneralId, hostName: a.hostGeneralId === MERCHANT.id ? MERCHANT.name : nameOf(world, a.hostGeneralId),
    openDate: a.openDate, closeDate: a.closeDate, amount: a.amount, startBidAmount: a.startBidAmount, finishBidAmount: a.finishBidAmount,
    highestBid: bid === undefined ? null : { amount: bid.amount, date: bid.date, generalId: bid.generalId, generalName: nameOf(world, bid.generalId) },
  };
}

function nameOf(world: World, id: number): string | null {
  return world.generals.get(id)?.name ?? null;
}
