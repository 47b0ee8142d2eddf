export { sammo, sammoVersions, sammoTableViews, type SeatPlayView } from './game';
export type {
  SammoMove, AdvanceMove, ReserveMove, ReserveNationMove, CreateGeneralMove, PossessMove, AutorunMove, AnswerLetterMove, JoinTournamentMove,
  BetTournamentMove, TournamentAutoEntryMove, OpenAuctionMove, BidAuctionMove, SetNationPolicyMove,
  AppointMove, ExpelMove,
} from './moves/move-types';
export type {
  World, GameEnv, Nation, City, General, GeneralPermission, TurnSlot, LastTurn, LogEntry, Diplomacy, GeneralAux, GeneralItems, InheritanceStore, RankData, NationAux, NationPolicy, Tournament,
  TournamentEntry, TournamentBetting, Auction, AuctionBid, AuctionHouse, AuctionKind,
} from './world/types';
export { readWorld, writeWorld } from './state/serialize';
export { addTurn, cutTurn, turnDate, joinYearMonth } from './world/clock';
export { LiteHashDRBG } from './rng/lite-hash-drbg';
export { RandUtil } from './rng/rand-util';
export { simpleSerialize } from './rng/simple-serialize';
export { legacyStreams, streamFromSeed } from './rng/streams';
export { GENERAL_COMMANDS, NATION_COMMANDS, findCommand } from './commands/registry';
export { commandTable, type CommandTable, type CommandChoice } from './commands/command-table';
export { DEFAULT_START } from './scenario/world-options';
export { AVAILABLE_PERSONALITIES, GameConst, NATION_COLORS } from './world/constants';
// What a player's forms choose from (the gateway's constants): 건국's nation types (legacy availableNationType), the shop's items.
export { NATION_TYPES as FOUNDABLE_NATION_TYPES } from './ai/founding-ai';
export { nationTypeOf } from './traits/nation-types';
export { ITEMS } from './items/catalog';
export { CREW_TYPES, type CrewType } from './stats/crew-types';
export { CHE_MAP_POSITIONS, type MapPosition } from './scenario/map-positions';
export { nextDueTime } from './turn/next-due';
export {
  sammoViews, seatView, publicView, moveView, secretPermission, citiesSeen, generalOfSeat, mailboxOf, MESSAGES_SHOWN,
  type MailboxView, type MessageView,
  type SeatView, type SeatViewOptions, type PublicView, type MoveTold, type LineView, type SlotView, type MemberView, type MemberDetail, type OwnGeneralView,
  type OwnNationView, type CityDetail, type ChiefQueueView, type TroopView, type OwnTroopView, type MemberLogView, type CityGeneralView, type PublicNation, type PublicCity, type PublicGeneral, type DiplomacyRow,
  type AuctionView, type AuctionsView, type TournamentBoardView, type TournamentRowView, type BracketSeatView, type BettingCandidateView, type OwnTournamentView,
} from './views';
