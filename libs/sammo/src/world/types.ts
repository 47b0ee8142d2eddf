import type { ScenarioEvent } from './stored-events';
import type { Json } from '@chronicle/engine';

/** One reserved turn: a command key (`che_농지개간`, `휴식`) and its argument. */
export interface TurnSlot {
  readonly action: string;
  readonly arg: Json;
}

/** The last command a general or a chief ran, for term stacks (§4). */
export interface LastTurn {
  command: string;
  arg: Json;
  term: number;
  /** The nation's `capset` when a capital command (천도, 증축, 감축) began stacking its terms. */
  seq?: number;
}

/** `game_env` (§1.1): the world's clock and settings. Times are epoch milliseconds. */
export interface GameEnv {
  scenarioId: number;
  title: string;
  startyear: number;
  year: number;
  month: number;
  /** Minutes per turn; one turn is one game month. */
  turnterm: number;
  /** The engine cursor: the last processed instant. */
  turntime: number;
  /** The turn-aligned instant of January of `startyear`. */
  starttime: number;
  killturn: number;
  develcost: number;
  /** 0 normal, 1 the invaders' war after unification, 2 unified, 3 after the invaders' war (2 and 3 freeze the clock). */
  isunited: number;
  fiction: number;
  npcmode: number;
  maxgeneral: number;
  cityRate: number;
  conlimit: number;
  /** `autorun_user.limit_minutes`; 0 when autorun is off for users. */
  autorunLimitMinutes: number;
  joinMode: 'full' | 'onlyRandom';
  /** Statistics written by `checkStatistic` every January. */
  statistic: { year: number; nations: number; generals: number; power: number } | null;
  /** General turns executed since the opening (the same however time was split into advances). */
  generalTurns: number;
  /** Next id for generals created during play. */
  nextGeneralId: number;
  /** Next id for nations founded during play. */
  nextNationId: number;
  /** Next id for diplomatic letters. */
  nextLetterId: number;
  /** In a world played in chapters: the year-month (`joinYearMonth`) that closes this chapter. */
  chapterEnd?: number;
  /**
   * With the table option `invaders`: the chiefs (general ids, legacy order) offered the invader
   * event game at unification whose offer is still open; empty before unification and once it
   * is taken or declined. Absent without the option.
   */
  invaders?: { offers: number[] };
  /** The running number of the last troop-leader dummy (ProvideNPCTroopLeader); absent before the first. */
  lastNPCTroopLeaderID?: number;
  /** The scenario's command lists when it sets its own (legacy `const.availableGeneralCommand` / `availableChiefCommand`); absent: the defaults. */
  commandLists?: CommandLists;
  /** Legacy `availableInstantAction.instantRetreat`: 접경귀환 may be used between turns; absent: not in this game. */
  instantRetreat?: true;
}

/** The commands a game offers its players, each list flattened from the legacy's categories. */
export interface CommandLists {
  readonly general: readonly string[];
  readonly chief: readonly string[];
}

export interface Nation {
  id: number;
  name: string;
  color: string;
  capital: number;
  gold: number;
  rice: number;
  /** Salary percent. */
  bill: number;
  /** Tax percent, and the rate frozen for this month. */
  rate: number;
  rateTmp: number;
  tech: number;
  power: number;
  /** 0 방랑군 … 7 황제. */
  level: number;
  type: string;
  gennum: number;
  chiefSet: number;
  scout: number;
  war: number;
  strategicCmdLimit: number;
  surlimit: number;
  /** `nation_env`: `turn_last_{level}` and `next_execute_{actionName}` live here. */
  lastTurn: Record<number, LastTurn>;
  nextExecute: Record<string, number>;
  prevIncomeGold: number;
  prevIncomeRice: number;
  maxPower: number;
  availableWarSettingCnt: number;
  /** Counts capital moves and level changes (legacy `capset`); a capital command stacked before the last one restarts. */
  capset: number;
  /**
   * `nation_env`'s `last천도Trial`: the seat and turn time of the last capital move the nation
   * AI chose, so that another seat does not undo it within half a turn.
   */
  capitalMoveTrial?: { level: number; turntime: number };
  /** Cities spied on by 첩보 (legacy `spy`): city id → months it stays seen. */
  spy: Record<number, number>;
  /**
   * `nation_env`'s aid ledger, which the nation AI answers with non-aggression offers:
   * gold + rice received from each nation in the order first received (`recv_assist`), the
   * received total at the last pact the giver accepted from this nation (`resp_assist`), and
   * the month (year × 12 + month − 1) the AI last offered the giver a pact (`resp_assist_try`).
   */
  aidReceived?: [number, number][];
  aidAnswered?: Record<number, number>;
  pactOffered?: Record<number, number>;
  /** Legacy nation `aux`: `can_국기변경` / `can_국호변경` are 1 while the nation may still change its flag / name. */
  aux: NationAux;
  /** `nation_env`'s `npc_nation_policy` as the ruler set it (`setNationPolicy`), whole; absent, the default. */
  policy?: NationPolicy;
  /** 12-slot queues per chief level (5..12), keyed by level. */
  chiefQueues: Record<number, TurnSlot[]>;
}

/**
 * Legacy `AutorunNationPolicy`: what the AI of a nation's chiefs and NPCs reads, in the
 * legacy's names. Resource amounts the legacy derives when 0 are read through the helpers
 * of `ai/nation-policy.ts`.
 */
export interface NationPolicy {
  reqNationGold: number;
  reqNationRice: number;
  reqHumanWarUrgentGold: number;
  reqHumanWarUrgentRice: number;
  reqHumanWarRecommandGold: number;
  reqHumanWarRecommandRice: number;
  reqHumanDevelGold: number;
  reqHumanDevelRice: number;
  reqNPCWarGold: number;
  reqNPCWarRice: number;
  reqNPCDevelGold: number;
  reqNPCDevelRice: number;
  minimumResourceActionAmount: number;
  maximumResourceActionAmount: number;
  minNPCWarLeadership: number;
  minWarCrew: number;
  minNPCRecruitCityPopulation: number;
  safeRecruitCityPopulationRatio: number;
  properWarTrainAtmos: number;
  cureThreshold: number;
  /** Troops (by leader id) the chief marches to the front: leader → [from city, toward city]. */
  CombatForce: Readonly<Record<number, readonly [number, number]>>;
  /** Troops (by leader id) the chief keeps in the rear, in cities with people to draft. */
  SupportForce: readonly number[];
  /** Troops (by leader id) set aside for domestic work (kept as the legacy keeps it; no AI action reads it). */
  DevelopForce: readonly number[];
  /** The nation AI's action names in the order tried (legacy `priority`). */
  priority: readonly string[];
}

export interface NationAux {
  can_국기변경?: number;
  can_국호변경?: number;
  /** Granted by 무작위건국: how many 무작위수도이전 the nation may still make. */
  can_무작위수도이전?: number;
}

export interface City {
  id: number;
  name: string;
  level: number;
  region: number;
  nation: number;
  supply: number;
  front: number;
  pop: number;
  popMax: number;
  agri: number;
  agriMax: number;
  comm: number;
  commMax: number;
  secu: number;
  secuMax: number;
  def: number;
  defMax: number;
  wall: number;
  wallMax: number;
  trust: number;
  /** 95..105, or null for no trade. */
  trade: number | null;
  dead: number;
  state: number;
  term: number;
  officerSet: number;
  neighbours: number[];
  /** Shares in taking the city (legacy `conflict`): [nation, soldiers lost to it], largest first. */
  conflict: [number, number][];
  /**
   * Levels added by 증축 less those taken by 감축, absent at 0: `level − expanded` is the map's
   * level, which 감축 may not go below (legacy compares with `CityConst::byID(...)->level`).
   */
  expanded?: number;
}

export interface RankData {
  warnum: number;
  killnum: number;
  deathnum: number;
  killcrew: number;
  deathcrew: number;
  killcrewPerson: number;
  deathcrewPerson: number;
  occupied: number;
  firenum: number;
  /** Inheritance points merged by MergeInheritPointRank (legacy `inherit_earned`, `inherit_earned_dyn`). */
  inheritEarned: number;
}

/**
 * A player's stored inheritance points (legacy `inheritance_{owner}`, the kinds stored as
 * they are earned), in points: months lived, the longest run of domestic criticals, active
 * actions (3 each), unification (250 a nation level its ruler reached).
 */
export interface InheritanceStore {
  lived_month?: number;
  max_domestic_critical?: number;
  active_action?: number;
  unifier?: number;
}

/** The `aux` fields the rules read. */
export interface GeneralAux {
  autorunLimit?: number;
  nextTurnTimeBase?: number;
  armType?: number;
  maxDomesticCritical?: number;
  last발령?: number;
  /** The longest service in a nation left (legacy aux `max_belong`), for the inheritance points. */
  max_belong?: number;
  /** The free city a wandering NPC ruler marches to (legacy aux `movingTargetCityID`). */
  movingTargetCityID?: number;
  /** Nations joined before (legacy aux `joinedNations`): 임관 to them is refused (§5.4). */
  joinedNations?: number[];
  /** Specialities held before (legacy aux `prev_types_special`/`…2`): the grant skips them while another fits. */
  prev_types_special?: string[];
  prev_types_special2?: string[];
  /** The treatments a 환약 has left (legacy aux `remain환약`: 3 from a purchase; absent, its last). */
  remain환약?: number;
}

export interface General {
  id: number;
  /** The seat that plays this general, or null for NPCs. */
  owner: string | null;
  ownerName: string | null;
  name: string;
  /** 0 user, 1 user-possessed NPC, ≥ 2 AI, 5 troop-leader dummy. */
  npc: number;
  npcOrg: number;
  affinity: number;
  bornyear: number;
  deadyear: number;
  age: number;
  nation: number;
  city: number;
  troop: number;
  officerLevel: number;
  officerCity: number;
  belong: number;
  betray: number;
  makelimit: number;
  leadership: number;
  strength: number;
  intel: number;
  leadershipExp: number;
  strengthExp: number;
  intelExp: number;
  injury: number;
  experience: number;
  dedication: number;
  explevel: number;
  dedlevel: number;
  gold: number;
  rice: number;
  crew: number;
  crewtype: number;
  train: number;
  atmos: number;
  defenceTrain: number;
  /** Dexterity per arm type 1..5 (index 0 unused). */
  dex: number[];
  personal: string | null;
  /** The domestic speciality (legacy `special`), null for none (`None`). */
  special: string | null;
  /** The age at which the monthly grant gives a general without one its domestic speciality. */
  specage: number;
  /** The war speciality (legacy `special2`), null for none. */
  special2: string | null;
  /** The age of the war speciality's grant. */
  specage2: number;
  /** Items held, by slot (legacy columns `horse`/`weapon`/`book`/`item`, `None` = absent); absent when none. */
  items?: GeneralItems;
  turntime: number;
  /**
   * When the general last fought (legacy `recent_war`, epoch ms): the attacker's turn time
   * of the battle, for the defenders too; null if it never fought.
   */
  recentWar: number | null;
  killturn: number;
  block: number;
  myset: number;
  lastTurn: LastTurn;
  aux: GeneralAux;
  rank: RankData;
  inheritance: InheritanceStore;
  /** General command cooldowns (`next_execute_{gid}_{actionName}`), keyed by action name. */
  nextExecute: Record<string, number>;
  /** 30 reserved turns; slot 0 runs next. */
  queue: TurnSlot[];
}

/** A general's items: the legacy item class name per slot (`che_명마_07_백마`), see `src/items`. */
export type GeneralItems = Partial<Record<'horse' | 'weapon' | 'book' | 'item', string>>;

/** Diplomacy between two nations, one row per direction. */
export interface Diplomacy {
  state: number;
  term: number;
  dead: number;
}

/**
 * A diplomatic letter (legacy DiplomaticMessage) from a chief of one nation to another: a
 * proposal of non-aggression until a month, of peace, or of ending a non-aggression pact.
 * A chief of the receiving nation answers it with a move until `validUntil` (epoch ms).
 */
export interface DiplomacyLetter {
  id: number;
  kind: 'nonAggression' | 'peace' | 'breakNonAggression';
  fromNation: number;
  toNation: number;
  fromGeneral: number;
  /** The pact's last month for `nonAggression` (legacy `year`, `month`), else null. */
  until: { year: number; month: number } | null;
  validUntil: number;
}

/**
 * A scout letter (legacy ScoutMessage, sent by 등용): the receiving general may accept it
 * (등용수락 runs at once) or decline it; it never expires (legacy `9999-12-31`).
 */
export interface ScoutLetter {
  id: number;
  fromGeneral: number;
  fromNation: number;
  toGeneral: number;
}

/** A troop (부대, legacy table `troop`), keyed by its leader: members carry `troop` = the leader's id. */
export interface Troop {
  leader: number;
  nation: number;
  name: string;
}

/** `auction` is the auction house's own log (legacy `_auctionlog.txt`), subject the auction id. */
export type LogScope = 'general' | 'nation' | 'world' | 'auction';

export interface LogEntry {
  year: number;
  month: number;
  scope: LogScope;
  /** The general or nation the entry is about (0 for the world). */
  subject: number;
  text: string;
}

/**
 * One row of the legacy `tournament` table: an entrant's snapshot (stats and level when
 * seated) in one group, with the group's score. Generals are seated again, as new rows, in
 * each later round; `generalId` 0 is a 무명장수 filling an empty seat.
 */
export interface TournamentEntry {
  generalId: number;
  npc: number;
  name: string;
  leadership: number;
  strength: number;
  intel: number;
  /** `explevel` when seated (legacy `lvl`). */
  lvl: number;
  /** The horse, weapon and book held when seated (legacy `h`, `w`, `b`); absent when none. */
  items?: Pick<GeneralItems, 'horse' | 'weapon' | 'book'>;
  /** 0–7 qualifying groups, 10–17 finals groups, 20–27 round of 16, 30–33, 40–41, 50, 60 the winner. */
  grp: number;
  grpNo: number;
  win: number;
  draw: number;
  lose: number;
  /** Goal difference: damage margins / 50 (legacy `gl`). */
  gl: number;
  /** Promotion rank within a finished league (legacy `prmt`), 0 when none. */
  prmt: number;
}

/** The tournament's betting on the winner (legacy `Betting` of type `tournament`, one pick). */
export interface TournamentBetting {
  id: number;
  /** The round-of-16 generals one may bet on (dummies excluded), in bracket order. */
  candidates: number[];
  /** One row per (general, pick): amounts add up (legacy `ng_betting` insert-or-add). */
  bets: { generalId: number; target: number; amount: number }[];
  open: boolean;
}

/**
 * The tournament (legacy game_env `tournament`/`phase`/`tnmt_type`/`tnmt_time`/`tnmt_trig`/
 * `tnmt_pattern`, the `tournament` table, its betting and fight logs, and the tournament and
 * betting columns of `rank_data`). Absent from a world that never enabled tournaments.
 */
export interface Tournament {
  /** The admin's automatic opening (legacy `tnmt_trig`): each month 40% when none runs. */
  autoOpen: boolean;
  /** 0 none, 1 recruiting, 2 qualifiers, 3 draw, 4 finals groups, 5 seeding, 6 betting, 7–10 the knockout rounds. */
  stage: number;
  phase: number;
  /** 0 전력전, 1 통솔전, 2 일기토, 3 설전. */
  kind: number;
  /** Epoch ms of the next stage step (legacy `tnmt_time`). */
  nextStep: number;
  /** Tournaments opened so far: labels each one's streams and numbers its betting. */
  opened: number;
  /** Kinds left in the current cycle (legacy `tnmt_pattern`), drawn from the end. */
  pattern: number[];
  entries: TournamentEntry[];
  betting: TournamentBetting | null;
  /** The last fight's log per group. */
  fightLogs: Record<number, string[]>;
  /** Generals who join only by hand (legacy `general.tnmt` = 0). */
  handEntryOnly: number[];
  /** Per general, the legacy `rank_data` columns the hall of fame reads (`ttw`, `ttg`, `tlp`, `betgold`, …). */
  records: Record<number, Record<string, number>>;
}

/** The two resource auctions (legacy `AuctionType::BuyRice`/`SellRice`). */
export type AuctionKind = 'buyRice' | 'sellRice';

/** One bid (a row of legacy `ng_auction_bid`): `no` numbers every bid of the world in order. */
export interface AuctionBid {
  no: number;
  generalId: number;
  amount: number;
  /** Game-clock instant the bid was placed. */
  date: number;
}

/**
 * An open resource auction (a row of legacy `ng_auction` with its bids): `amount` of the host's
 * resource for the bidders' other resource. Host 0 is the system's merchant (상인).
 * Dates are game-clock epoch ms (see the README's Auctions section).
 */
export interface Auction {
  id: number;
  kind: AuctionKind;
  hostGeneralId: number;
  amount: number;
  startBidAmount: number;
  finishBidAmount: number;
  openDate: number;
  closeDate: number;
  /** In the order placed; each higher than the one before. */
  bids: AuctionBid[];
}

/**
 * The auction house (legacy `ng_auction`, `ng_auction_bid`): the open auctions, oldest first,
 * and the instant up to which they were processed — a player's open or bid happens then.
 * A closed auction leaves the state; its ending stays in the logs. Absent from a world that
 * never enabled auctions.
 */
export interface AuctionHouse {
  now: number;
  nextId: number;
  nextBidNo: number;
  open: Auction[];
}

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
  /** Absent until tournaments are enabled, so worlds without them hash as before. */
  tournament?: Tournament;
  /** The scenario's own events still in the table; absent for a scenario without any. */
  events?: ScenarioEvent[];
  /** Absent until auctions are enabled, so worlds without them hash as before. */
  auctions?: AuctionHouse;
}
