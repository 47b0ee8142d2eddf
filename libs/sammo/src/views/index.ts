import type { GameState, Json, LoggedMove, Views } from '@chronicle/engine';
import type { World } from '../world/types';
import { moveView } from './move-view';
import { publicView } from './public-view';
import { seatView } from './seat-view';

export { secretPermission, DEFAULT_SECRET_LIMIT } from './permission';
export { citiesSeen } from './cities-seen';
export { officerTitle } from './officer-titles';
export { publicView, diplomacyRows, RECENT_LINES } from './public-view';
export type { PublicView, PublicViewOptions, PublicNation, PublicCity, PublicGeneral, EnvView, DiplomacyRow, ConflictView } from './public-view';
export { seatView, generalOfSeat, MEMBER_TURNS_SHOWN, MEMBER_LOG_LINES } from './seat-view';
export type {
  SeatView, SeatViewOptions, SlotView, MemberView, MemberDetail, OwnGeneralView, TroopView, OwnTroopView, CityDetail, OwnNationView, ChiefQueueView,
  MemberLogView, CityGeneralView,
} from './seat-view';
export { moveView } from './move-view';
export { auctionsView, AUCTION_LOG_LINES } from './auctions';
export type { AuctionView, AuctionsView } from './auctions';
export { tournamentBoard, ownTournament, fightGroups, STAGE_NAMES } from './tournament';
export type { TournamentBoardView, TournamentRowView, BracketSeatView, BettingCandidateView, OwnTournamentView } from './tournament';
export { mailboxOf, publicMessages, MESSAGES_SHOWN, DIPLOMACY_MASK } from './mailbox';
export type { MailboxView, MessageView } from './mailbox';
export type { MoveTold } from './move-view';
export type { LineView } from './lines';

/** The game's views as the engine asks for them (a seat's, the public's, a move's), each a pure read of the state. */
export const sammoViews: Views<World> = {
  seat: (state: Readonly<GameState<World>>, seat: string, since?: number): Json => seatView(state.data, seat, { since }),
  public: (state: Readonly<GameState<World>>, since?: number): Json => publicView(state.data, { since }),
  move: (after: Readonly<GameState<World>>, move: LoggedMove, viewer: string | null): Json => moveView(after.data, move, viewer),
};
