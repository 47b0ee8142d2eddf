import { InvalidGame } from '@chronicle/engine';
import { GameConst, REST_KEY } from './constants';
import {
  bag, bool, custom, initially, int, ints, json, list, nullable, num, oneOf, optional, pair, record, shape, str, strs, yes, type Field,
} from './fields';
import { DEFAULT_NATION_POLICY, readPolicyChanges, type NationPolicy } from './policy';

/**
 * The world's entities, each declared once: its fields in the stored document's names, how
 * each is read and checked, and what a new one starts with. world/types.ts derives their
 * types, state/serialize.ts reads and writes them, state/factory.ts makes new ones.
 */

/** One reserved turn: a command key (`che_농지개간`, `휴식`) and its argument. */
export const TURN_SLOT = { action: str(), arg: json() };

const slots = (count: number) => list(shape(TURN_SLOT), { count, noun: 'slots' });

/** The last command a general or a chief ran, for term stacks (§4). */
export const LAST_TURN = {
  command: str(),
  arg: json(),
  term: int(0),
  /** The nation's `capset` when a capital command (천도, 증축, 감축) began stacking its terms. */
  seq: optional(int(0)),
};

/** Command keys, as a scenario lists them (never changed in play). */
const commandKeys = () => custom((v, path): readonly string[] => strs().read(v, path));

/** The commands a game offers its players, each list flattened from the legacy's categories. */
export const COMMAND_LISTS = { general: commandKeys(), chief: commandKeys() };

/** `game_env` (§1.1): the world's clock and settings. Times are epoch milliseconds. */
export const GAME_ENV = {
  scenarioId: int(),
  title: str(),
  startyear: int(),
  year: int(),
  month: int(1, 12),
  /** Minutes per turn; one turn is one game month. */
  turnterm: int(1, 1440),
  /** The engine cursor: the last processed instant. */
  turntime: num(),
  /** The turn-aligned instant of January of `startyear`. */
  starttime: num(),
  killturn: int(0),
  develcost: int(0),
  /** 0 normal, 1 the invaders' war after unification, 2 unified, 3 after the invaders' war (2 and 3 freeze the clock). */
  isunited: int(0, 3),
  fiction: int(0, 1),
  npcmode: int(0, 2),
  maxgeneral: int(0),
  /** Legacy game_env `genius`: the geniuses (천재) a joining player may still be born; absent, `GameConst.defaultMaxGenius`. */
  genius: optional(int(0)),
  cityRate: int(0, 100),
  conlimit: int(0),
  /** `autorun_user.limit_minutes`; 0 when autorun is off for users. */
  autorunLimitMinutes: int(0),
  joinMode: custom((v, path): 'full' | 'onlyRandom' => {
    if (v !== 'full' && v !== 'onlyRandom') throw new InvalidGame(`${path} must be full or onlyRandom`);
    return v;
  }),
  /** Statistics written by `checkStatistic` every January. */
  statistic: nullable(shape({ year: int(), nations: int(0), generals: int(0), power: int() })),
  /** General turns executed since the opening (the same however time was split into advances). */
  generalTurns: int(0),
  /** Next id for generals created during play. */
  nextGeneralId: int(1),
  /** Next id for nations founded during play. */
  nextNationId: int(1),
  /** Next id for messages (`sendMessage`); absent before the first. */
  nextMessageId: optional(int(1)),
  /** Next id for diplomatic letters. */
  nextLetterId: int(1),
  /** In a world played in chapters: the year-month (`joinYearMonth`) that closes this chapter. */
  chapterEnd: optional(int(0)),
  /** The running number of the last troop-leader dummy (ProvideNPCTroopLeader); absent before the first. */
  lastNPCTroopLeaderID: optional(int(1)),
  /**
   * With the table option `invaders`: the chiefs (general ids, legacy order) offered the invader
   * event game at unification whose offer is still open; empty before unification and once it
   * is taken or declined. Absent without the option.
   */
  invaders: optional(shape({ offers: ints() })),
  /** The scenario's command lists when it sets its own (legacy `const.availableGeneralCommand` / `availableChiefCommand`); absent: the defaults. */
  commandLists: optional(shape(COMMAND_LISTS)),
  /** Legacy `availableInstantAction.instantRetreat`: 접경귀환 may be used between turns; absent: not in this game. */
  instantRetreat: optional(yes()),
  /**
   * Legacy game_env `block_change_scout`: no chief may change the nation's 임관 setting
   * (`setBlockScout`). Set by the legacy's scenario events (BlockScoutAction), which this port
   * does not run yet; absent: the setting may change.
   */
  blockChangeScout: optional(yes()),
};

/** Records keyed by a chief's level (5..12); `what` names an entry in the refusal. */
const byChiefLevel = <T>(value: Field<T, false>, what: string) =>
  record<T, number>(value, (key, path) => {
    const n = Number(key);
    if (!Number.isInteger(n) || n < 5 || n > 12) throw new InvalidGame(`${path} has ${what} for level ${key}; chiefs are levels 5 to 12`);
  });

export const NATION_AUX = {
  can_국기변경: optional(int()),
  can_국호변경: optional(int()),
  /** Granted by 무작위건국: how many 무작위수도이전 the nation may still make. */
  can_무작위수도이전: optional(int()),
};

export const NATION = {
  id: int(1),
  name: str(),
  color: str(),
  capital: int(0),
  gold: num(0),
  rice: num(0),
  /** Salary percent. */
  bill: initially(int(0, 200), 100),
  /** Tax percent, and the rate frozen for this month. */
  rate: initially(int(0, 100), 20),
  rateTmp: initially(int(0, 100), 20),
  tech: num(0),
  power: initially(int(), 0),
  /** 0 방랑군 … 7 황제. */
  level: int(0, 7),
  type: str(),
  gennum: initially(int(0), 0),
  chiefSet: initially(int(), 0),
  scout: initially(int(0, 1), 0),
  war: initially(int(0, 1), 0),
  strategicCmdLimit: initially(int(), 12),
  surlimit: initially(int(), 72),
  /** `nation_env`: `turn_last_{level}` and `next_execute_{actionName}` live here. */
  lastTurn: initially(byChiefLevel(shape(LAST_TURN), 'an entry'), () => ({})),
  nextExecute: initially(record(int()), () => ({})),
  prevIncomeGold: initially(num(), 0),
  prevIncomeRice: initially(num(), 0),
  maxPower: initially(int(), 0),
  availableWarSettingCnt: initially(int(0), 0),
  /** Counts capital moves and level changes (legacy `capset`); a capital command stacked before the last one restarts. */
  capset: initially(int(0), 0),
  /**
   * `nation_env`'s `last천도Trial`: the seat and turn time of the last capital move the nation
   * AI chose, so that another seat does not undo it within half a turn.
   */
  capitalMoveTrial: optional(shape({ level: int(5, 12), turntime: num() })),
  /** Cities spied on by 첩보 (legacy `spy`): city id → months it stays seen. */
  spy: initially(record<number, number>(int()), () => ({})),
  /**
   * Years of service (`belong`) from which a member without office (level 1) reads the
   * nation's secrets (legacy `secretlimit`, see `views/permission.ts`); absent, the legacy
   * column's default 3.
   */
  secretlimit: optional(int(0, 99)),
  /**
   * `nation_env`'s aid ledger, which the nation AI answers with non-aggression offers:
   * gold + rice received from each nation in the order first received (`recv_assist`), the
   * received total at the last pact the giver accepted from this nation (`resp_assist`), and
   * the month (year × 12 + month − 1) the AI last offered the giver a pact (`resp_assist_try`).
   */
  aidReceived: optional(list(custom((v, path): [number, number] => {
    const [a, b] = ints(2).read(v, path);
    return [a!, b!];
  }))),
  aidAnswered: optional(record<number, number>(int())),
  pactOffered: optional(record<number, number>(int())),
  /** Legacy nation `aux`: `can_국기변경` / `can_국호변경` are 1 while the nation may still change its flag / name. */
  aux: initially(bag(NATION_AUX, (key, path) => `${path} has an unknown key ${key}; known: ${Object.keys(NATION_AUX).join(', ')}`), () => ({})),
  /** `nation_env`'s `npc_nation_policy` as the ruler set it (`setNationPolicy`), whole; absent, the default. */
  policy: optional(custom((v, path): NationPolicy => {
    const reading = readPolicyChanges(v, DEFAULT_NATION_POLICY);
    if ('problem' in reading) throw new InvalidGame(`${path}: ${reading.problem}`);
    return reading.policy;
  })),
  /** 12-slot queues per chief level (5..12), keyed by level. */
  chiefQueues: initially(byChiefLevel(slots(GameConst.maxChiefTurn), 'a queue'), () => ({})),
  /**
   * `nation_env`'s `nationNotice` (국가 방침), as a chief set it (`setNotice`): plain text, its
   * author, and when (the world's turn time); absent until one is set.
   */
  notice: optional(shape({ msg: str(), author: str(), authorId: int(1), at: num() })),
  /** `nation_env`'s `scout_msg` (임관 권유문), as a chief set it (`setScoutMsg`): plain text; absent until set. */
  scoutMsg: optional(str()),
};

export const CITY = {
  id: int(1),
  name: str(),
  level: int(1, 8),
  region: int(0),
  nation: initially(int(0), 0),
  supply: initially(int(0, 1), 1),
  front: initially(int(0, 3), 0),
  pop: int(0),
  popMax: int(0),
  agri: int(0),
  agriMax: int(0),
  comm: int(0),
  commMax: int(0),
  secu: int(0),
  secuMax: int(0),
  def: int(0),
  defMax: int(0),
  wall: int(0),
  wallMax: int(0),
  trust: num(0, 100),
  /** 95..105, or null for no trade. */
  trade: initially(nullable(int(0, 200)), null),
  dead: initially(int(0), 0),
  state: initially(int(0), 0),
  term: initially(int(), 0),
  officerSet: initially(int(), 0),
  neighbours: ints(),
  /** Shares in taking the city (legacy `conflict`): [nation, soldiers lost to it], largest first. */
  conflict: initially(list(pair(int(1), num(0), '[nation, share]')), () => []),
  /**
   * Levels added by 증축 less those taken by 감축, absent at 0: `level − expanded` is the map's
   * level, which 감축 may not go below (legacy compares with `CityConst::byID(...)->level`).
   */
  expanded: optional(int(1)),
};

export const RANK_DATA = {
  warnum: int(0),
  killnum: int(0),
  deathnum: int(0),
  killcrew: int(0),
  deathcrew: int(0),
  killcrewPerson: int(0),
  deathcrewPerson: int(0),
  occupied: int(0),
  firenum: int(0),
  /** Inheritance points merged by MergeInheritPointRank (legacy `inherit_earned`, `inherit_earned_dyn`). */
  inheritEarned: int(0),
};

/**
 * A player's stored inheritance points (legacy `inheritance_{owner}`, the kinds stored as
 * they are earned), in points: months lived, the longest run of domestic criticals, active
 * actions (3 each), unification (250 a nation level its ruler reached).
 */
export const INHERITANCE_STORE = {
  lived_month: optional(num(0)),
  max_domestic_critical: optional(num(0)),
  active_action: optional(num(0)),
  unifier: optional(num(0)),
};

/** The `aux` fields the rules read. */
export const GENERAL_AUX = {
  autorunLimit: optional(num()),
  nextTurnTimeBase: optional(num()),
  armType: optional(num()),
  maxDomesticCritical: optional(num()),
  last발령: optional(num()),
  /** The longest service in a nation left (legacy aux `max_belong`), for the inheritance points. */
  max_belong: optional(num()),
  /** The free city a wandering NPC ruler marches to (legacy aux `movingTargetCityID`). */
  movingTargetCityID: optional(num()),
  /** Nations joined before (legacy aux `joinedNations`): 임관 to them is refused (§5.4). */
  joinedNations: optional(ints()),
  /** Specialities held before (legacy aux `prev_types_special`/`…2`): the grant skips them while another fits. */
  prev_types_special: optional(strs()),
  prev_types_special2: optional(strs()),
  /** The treatments a 환약 has left (legacy aux `remain환약`: 3 from a purchase; absent, its last). */
  remain환약: optional(num()),
};

/** A general's items: the legacy item class name per slot (`che_명마_07_백마`), see `src/items`. */
export type GeneralItems = Partial<Record<'horse' | 'weapon' | 'book' | 'item', string>>;

/** Items by slot; the reader of a stored world checks them against the catalog (state/serialize.ts). */
const items = <T extends GeneralItems>() => optional(custom((v, path) => record(str()).read(v, path) as T));

const stat = () => int(0, GameConst.maxLevel);

export const GENERAL = {
  id: int(1),
  /** The seat that plays this general, or null for NPCs. */
  owner: nullable(str()),
  ownerName: nullable(str()),
  name: str(),
  /** 0 user, 1 user-possessed NPC, ≥ 2 AI, 5 troop-leader dummy. */
  npc: int(0, 9),
  npcOrg: int(0, 9),
  affinity: int(0, 999),
  bornyear: int(),
  deadyear: int(),
  age: int(0),
  nation: int(0),
  city: int(1),
  troop: initially(int(0), 0),
  officerLevel: int(0, 12),
  officerCity: initially(int(0), 0),
  /** 외교권자 (`ambassador`) or the auditor (`auditor`) of its nation (legacy `permission`); absent, `normal`. */
  permission: optional(oneOf(['ambassador', 'auditor'])),
  belong: int(0),
  betray: initially(int(0, 9), 0),
  makelimit: initially(int(), 0),
  leadership: stat(),
  strength: stat(),
  intel: stat(),
  leadershipExp: initially(int(), 0),
  strengthExp: initially(int(), 0),
  intelExp: initially(int(), 0),
  injury: initially(int(0, GameConst.maxInjury), 0),
  experience: int(0),
  dedication: int(0),
  explevel: int(0),
  dedlevel: int(0),
  gold: initially(num(0), GameConst.defaultGold),
  rice: initially(num(0), GameConst.defaultRice),
  crew: initially(int(0), 0),
  crewtype: initially(int(0), 1100),
  train: initially(int(0, 150), 0),
  atmos: initially(int(0, 150), 0),
  defenceTrain: initially(int(0), GameConst.defaultDefenceTrain),
  /** Dexterity per arm type 1..5 (index 0 unused). */
  dex: initially(ints(6), () => [0, 0, 0, 0, 0, 0]),
  personal: nullable(str()),
  /** The domestic speciality (legacy `special`), null for none (`None`). */
  special: nullable(str()),
  /** The age at which the monthly grant gives a general without one its domestic speciality. */
  specage: int(0),
  /** The war speciality (legacy `special2`), null for none. */
  special2: nullable(str()),
  /** The age of the war speciality's grant. */
  specage2: int(0),
  /** Items held, by slot (legacy columns `horse`/`weapon`/`book`/`item`, `None` = absent); absent when none. */
  items: items<GeneralItems>(),
  turntime: num(),
  /**
   * When the general last fought (legacy `recent_war`, epoch ms): the attacker's turn time
   * of the battle, for the defenders too; null if it never fought. Epoch ms with the battle
   * phase in the thousandths (legacy's microseconds): not an integer. Worlds written before
   * the field was kept have no battle recorded.
   */
  recentWar: initially(custom((v, path) => (v === undefined || v === null ? null : num(0).read(v, path))), null),
  killturn: int(),
  block: initially(int(0, 3), 0),
  myset: initially(int(0, 9), 3),
  lastTurn: initially(shape(LAST_TURN), () => ({ command: REST_KEY, arg: null, term: 0 })),
  aux: initially(bag(GENERAL_AUX, (key, path) => `${path}.${key} is not a general aux field`), () => ({})),
  rank: initially(shape(RANK_DATA), () => ({
    warnum: 0, killnum: 0, deathnum: 0, killcrew: 0, deathcrew: 0, killcrewPerson: 0, deathcrewPerson: 0, occupied: 0, firenum: 0, inheritEarned: 0,
  })),
  inheritance: initially(bag(INHERITANCE_STORE, (key, path) => `${path}.${key} is not an inheritance point kind (${Object.keys(INHERITANCE_STORE).join(', ')})`), () => ({})),
  /** General command cooldowns (`next_execute_{gid}_{actionName}`), keyed by action name. */
  nextExecute: initially(record(int()), () => ({})),
  /** 30 reserved turns; slot 0 runs next. */
  queue: slots(GameConst.maxTurn),
};

/** Diplomacy between two nations, one row per direction (stored as `[a, b, state, term, dead]`). */
export const DIPLOMACY = { state: int(), term: int(), dead: int() };

/**
 * A diplomatic letter (legacy DiplomaticMessage) from a chief of one nation to another: a
 * proposal of non-aggression until a month, of peace, or of ending a non-aggression pact.
 * A chief of the receiving nation answers it with a move until `validUntil` (epoch ms).
 */
export const DIPLOMACY_LETTER = {
  id: int(1),
  kind: oneOf(['nonAggression', 'peace', 'breakNonAggression']),
  fromNation: int(1),
  toNation: int(1),
  fromGeneral: int(1),
  /** The pact's last month for `nonAggression` (legacy `year`, `month`), else null. */
  until: nullable(shape({ year: int(), month: int(1, 12) })),
  validUntil: int(0),
};

/**
 * A scout letter (legacy ScoutMessage, sent by 등용): the receiving general may accept it
 * (등용수락 runs at once) or decline it; it never expires (legacy `9999-12-31`).
 */
export const SCOUT_LETTER = { id: int(1), fromGeneral: int(1), fromNation: int(1), toGeneral: int(1) };

/**
 * A message (legacy `message`, MessageType public/national/diplomacy/private): the legacy
 * writes a row per mailbox it goes to; here one row, read by whoever its mailbox is for
 * (views/mailbox.ts).
 */
export const MESSAGE = {
  id: int(1),
  kind: oneOf(['public', 'national', 'diplomacy', 'private']),
  /** The sender, its name and nation (0: a wanderer) when it wrote. */
  from: int(1),
  fromName: str(),
  fromNation: int(0),
  /** `private`: the general it is for; `national` and `diplomacy`: the nation; `public`: 0. */
  to: int(0),
  text: str(),
  /** The world's turn time when it was sent. */
  at: num(),
};

/** A troop (부대, legacy table `troop`), keyed by its leader: members carry `troop` = the leader's id. */
export const TROOP = { leader: int(1), nation: int(1), name: str() };

export const LOG_ENTRY = {
  year: int(),
  month: int(1, 12),
  /** `auction` is the auction house's own log (legacy `_auctionlog.txt`), subject the auction id. */
  scope: oneOf(['general', 'nation', 'world', 'auction']),
  /** The general or nation the entry is about (0 for the world). */
  subject: int(0),
  text: str(),
  /** The move that wrote it (the table's revision after it; see `logbook.writingMove`): 0 for the table's opening. */
  move: int(0),
};

/**
 * One row of the legacy `tournament` table: an entrant's snapshot (stats and level when
 * seated) in one group, with the group's score. Generals are seated again, as new rows, in
 * each later round; `generalId` 0 is a 무명장수 filling an empty seat.
 */
export const TOURNAMENT_ENTRY = {
  generalId: int(0),
  npc: int(0, 9),
  name: str(),
  leadership: stat(),
  strength: stat(),
  intel: stat(),
  /** `explevel` when seated (legacy `lvl`). */
  lvl: int(0),
  /** 0–7 qualifying groups, 10–17 finals groups, 20–27 round of 16, 30–33, 40–41, 50, 60 the winner. */
  grp: int(0, 60),
  grpNo: int(0, 7),
  win: int(0),
  draw: int(0),
  lose: int(0),
  /** Goal difference: damage margins / 50 (legacy `gl`). */
  gl: int(),
  /** Promotion rank within a finished league (legacy `prmt`), 0 when none. */
  prmt: int(0, 4),
  /** The horse, weapon and book held when seated (legacy `h`, `w`, `b`); absent when none. */
  items: items<Pick<GeneralItems, 'horse' | 'weapon' | 'book'>>(),
};

/** The tournament's betting on the winner (legacy `Betting` of type `tournament`, one pick). */
export const TOURNAMENT_BETTING = {
  id: int(1),
  /** The round-of-16 generals one may bet on (dummies excluded), in bracket order. */
  candidates: ints(),
  /** One row per (general, pick): amounts add up (legacy `ng_betting` insert-or-add). */
  bets: list(shape({ generalId: int(1), target: int(1), amount: int(1) })),
  open: bool(),
};

/**
 * The tournament (legacy game_env `tournament`/`phase`/`tnmt_type`/`tnmt_time`/`tnmt_trig`/
 * `tnmt_pattern`, the `tournament` table, its betting and fight logs, and the tournament and
 * betting columns of `rank_data`). Absent from a world that never enabled tournaments.
 */
export const TOURNAMENT = {
  /** The admin's automatic opening (legacy `tnmt_trig`): each month 40% when none runs. */
  autoOpen: bool(),
  /** 0 none, 1 recruiting, 2 qualifiers, 3 draw, 4 finals groups, 5 seeding, 6 betting, 7–10 the knockout rounds. */
  stage: int(0, 10),
  phase: int(0, 55),
  /** 0 전력전, 1 통솔전, 2 일기토, 3 설전. */
  kind: int(0, 3),
  /** Epoch ms of the next stage step (legacy `tnmt_time`). */
  nextStep: int(0),
  /** Tournaments opened so far: labels each one's streams and numbers its betting. */
  opened: int(0),
  /** Kinds left in the current cycle (legacy `tnmt_pattern`), drawn from the end. */
  pattern: list(custom((v, path) => {
    const k = int().read(v, path);
    if (k < 0 || k > 3) throw new InvalidGame(`${path} must be a tournament kind from 0 to 3`);
    return k;
  })),
  entries: list(shape(TOURNAMENT_ENTRY)),
  betting: nullable(shape(TOURNAMENT_BETTING)),
  /** The last fight's log per group. */
  fightLogs: record<string[], number>(strs(), (grp, path) => {
    if (!/^(0|[1-9][0-9]?)$/.test(grp)) throw new InvalidGame(`${path} has group ${grp}; groups are 0 to 60`);
  }),
  /** Generals who join only by hand (legacy `general.tnmt` = 0). */
  handEntryOnly: ints(),
  /** Per general, the legacy `rank_data` columns the hall of fame reads (`ttw`, `ttg`, `tlp`, `betgold`, …). */
  records: record<Record<string, number>, number>(record(int()), (id, path) => {
    if (!/^[1-9][0-9]*$/.test(id)) throw new InvalidGame(`${path} has key ${id}; records are by general id`);
  }),
};

/** One bid (a row of legacy `ng_auction_bid`): `no` numbers every bid of the world in order. */
export const AUCTION_BID = {
  no: int(1),
  generalId: int(1),
  amount: int(1),
  /** Game-clock instant the bid was placed. */
  date: int(0),
};

/**
 * An open resource auction (a row of legacy `ng_auction` with its bids): `amount` of the host's
 * resource for the bidders' other resource. Host 0 is the system's merchant (상인).
 * Dates are game-clock epoch ms (see the README's Auctions section).
 */
export const AUCTION = {
  id: int(1),
  /** The two resource auctions (legacy `AuctionType::BuyRice`/`SellRice`). */
  kind: oneOf(['buyRice', 'sellRice']),
  hostGeneralId: int(0),
  amount: int(1),
  startBidAmount: int(1),
  finishBidAmount: int(1),
  openDate: int(0),
  closeDate: int(0),
  /** In the order placed; each higher than the one before. */
  bids: list(shape(AUCTION_BID)),
};

/**
 * The auction house (legacy `ng_auction`, `ng_auction_bid`): the open auctions, oldest first,
 * and the instant up to which they were processed — a player's open or bid happens then.
 * A closed auction leaves the state; its ending stays in the logs. Absent from a world that
 * never enabled auctions.
 */
export const AUCTION_HOUSE = {
  now: int(0),
  nextId: int(1),
  nextBidNo: int(1),
  open: list(shape(AUCTION)),
};
