import type { ScenarioEvent } from './stored-events';
import type { EntityOf } from './fields';
import type {
  AUCTION, AUCTION_BID, AUCTION_HOUSE, CITY, COMMAND_LISTS, DIPLOMACY, DIPLOMACY_LETTER, GAME_ENV, GENERAL, GENERAL_AUX, INHERITANCE_STORE, LAST_TURN,
  LOG_ENTRY, MESSAGE, NATION, NATION_AUX, RANK_DATA, SCOUT_LETTER, TOURNAMENT, TOURNAMENT_BETTING, TOURNAMENT_ENTRY, TROOP, TURN_SLOT,
} from './entities';

/*
 * The world's types. Each entity's fields are declared once, in world/entities.ts (with their
 * documentation, checks and initial values); its type here is derived from that declaration.
 */

export type { GeneralItems } from './entities';
export type { NationPolicy } from './policy';

/** One reserved turn: a command key (`che_농지개간`, `휴식`) and its argument. */
export type TurnSlot = Readonly<EntityOf<typeof TURN_SLOT>>;
/** The last command a general or a chief ran, for term stacks (§4). */
export type LastTurn = EntityOf<typeof LAST_TURN>;
/** `game_env` (§1.1): the world's clock and settings. Times are epoch milliseconds. */
export type GameEnv = EntityOf<typeof GAME_ENV>;
/** The commands a game offers its players, each list flattened from the legacy's categories. */
export type CommandLists = Readonly<EntityOf<typeof COMMAND_LISTS>>;
export type Nation = EntityOf<typeof NATION>;
export type NationAux = EntityOf<typeof NATION_AUX>;
export type City = EntityOf<typeof CITY>;
export type RankData = EntityOf<typeof RANK_DATA>;
/** A player's stored inheritance points (legacy `inheritance_{owner}`). */
export type InheritanceStore = EntityOf<typeof INHERITANCE_STORE>;
/** The `aux` fields the rules read. */
export type GeneralAux = EntityOf<typeof GENERAL_AUX>;
export type General = EntityOf<typeof GENERAL>;
/** Diplomacy between two nations, one row per direction. */
export type Diplomacy = EntityOf<typeof DIPLOMACY>;
/** A diplomatic letter (legacy DiplomaticMessage) from a chief of one nation to another. */
export type DiplomacyLetter = EntityOf<typeof DIPLOMACY_LETTER>;
/** A scout letter (legacy ScoutMessage, sent by 등용). */
export type ScoutLetter = EntityOf<typeof SCOUT_LETTER>;
/** A troop (부대, legacy table `troop`), keyed by its leader. */
export type Troop = EntityOf<typeof TROOP>;
export type LogEntry = EntityOf<typeof LOG_ENTRY>;
/** A message (legacy `message`): public, to a nation, between nations, or to a general. */
export type Message = EntityOf<typeof MESSAGE>;
/** `auction` is the auction house's own log (legacy `_auctionlog.txt`), subject the auction id. */
export type LogScope = LogEntry['scope'];
/** One row of the legacy `tournament` table. */
export type TournamentEntry = EntityOf<typeof TOURNAMENT_ENTRY>;
/** The tournament's betting on the winner. */
export type TournamentBetting = EntityOf<typeof TOURNAMENT_BETTING>;
/** The tournament; absent from a world that never enabled tournaments. */
export type Tournament = EntityOf<typeof TOURNAMENT>;
/** One bid (a row of legacy `ng_auction_bid`). */
export type AuctionBid = EntityOf<typeof AUCTION_BID>;
/** An open resource auction (a row of legacy `ng_auction` with its bids). */
export type Auction = EntityOf<typeof AUCTION>;
/** The two resource auctions (legacy `AuctionType::BuyRice`/`SellRice`). */
export type AuctionKind = Auction['kind'];
/** The auction house; absent from a world that never enabled auctions. */
export type AuctionHouse = EntityOf<typeof AUCTION_HOUSE>;

export interface World {
  env: GameEnv;
  nations: Map<number, Nation>;
  /** Indexed by city id; index 0 is empty. */
  cities: City[];
  generals: Map<number, General>;
  /** Keyed `${a}:${b}` for the row of nation a towards nation b. */
  diplomacy: Map<string, Diplomacy>;
  /** The most recent entries, oldest first, bounded (see {@link LOG_CAPACITY}). */
  logs: LogEntry[];
  /** Notable events (중원정세), bounded. */
  history: LogEntry[];
  /** Diplomatic letters awaiting an answer, oldest first (ids from `env.nextLetterId`). */
  letters: DiplomacyLetter[];
  /** Scout letters awaiting an answer, oldest first (ids from `env.nextLetterId` too). */
  scoutLetters: ScoutLetter[];
  /** The troops, keyed by leader id. */
  troops: Map<number, Troop>;
  /** The messages (서신), oldest first, bounded; absent until the first, so worlds without them hash as before. */
  messages?: Message[];
  /** Absent until tournaments are enabled, so worlds without them hash as before. */
  tournament?: Tournament;
  /** The scenario's own events still in the table; absent for a scenario without any. */
  events?: ScenarioEvent[];
  /** Absent until auctions are enabled, so worlds without them hash as before. */
  auctions?: AuctionHouse;
}

/** Legacy `general.permission` besides `normal`: the ruler's appointees who read more of the nation's secrets. */
export type GeneralPermission = NonNullable<General['permission']>;
