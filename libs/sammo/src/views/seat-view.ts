import type { Json } from '@chronicle/engine';
import { cutTurn, joinYearMonth } from '../world/clock';
import { commandLists, STRATEGIC_COMMANDS } from '../world/command-lists';
import { GameConst } from '../world/constants';
import type { City, General, GeneralItems, Nation, TurnSlot, World } from '../world/types';
import { auctionsView, type AuctionsView } from './auctions';
import { citiesSeen } from './cities-seen';
import { lineView, linesSince, type LineView } from './lines';
import { mailboxOf, publicMessages, type MailboxView } from './mailbox';
import { officerTitle } from './officer-titles';
import { DEFAULT_SECRET_LIMIT, secretPermission } from './permission';
import { envView, diplomacyRows, type EnvView, type DiplomacyRow } from './public-view';
import { ownTournament, type OwnTournamentView } from './tournament';

/** How many of a member's reserved turns its nation's officers read (legacy `turn_idx < 5`). */
export const MEMBER_TURNS_SHOWN = 5;

/** How many of a member's newest action lines its nation's officers read at once (legacy Nation/GetGeneralLog, `getGeneralActionLogRecent(…, 30)`). */
export const MEMBER_LOG_LINES = 30;

/** One reserved turn: its place in the queue (0 runs next), the legacy command key and its argument. */
export type SlotView = {
  slot: number;
  action: string;
  arg: Json;
}

/** A general's public columns, as its nation's members read them (legacy Nation/GeneralList, permission 0). */
export type MemberView = {
  id: number; name: string; nation: number; npc: number; injury: number;
  leadership: number; strength: number; intel: number; explevel: number; dedlevel: number;
  gold: number; rice: number; killturn: number; age: number;
  special: string | null; special2: string | null; personal: string | null;
  belong: number; troop: number; city: number; specage: number; specage2: number;
  /** The office, a city office (2–4) read as 일반 (1) below secret permission 1. */
  officerLevel: number;
  officerTitle: string;
  ownerName: string | null;
  /** The columns of secret permission 1 and up; absent below it. */
  detail?: MemberDetail;
}

/** What secret permission 1 adds to a member's row (legacy Nation/GeneralList's permission-1 columns). */
export type MemberDetail = {
  leadershipExp: number; strengthExp: number; intelExp: number;
  /** Dexterity of arms 1–5. */
  dex: number[];
  experience: number; dedication: number; officerLevel: number; officerCity: number;
  defenceTrain: number; crewtype: number; crew: number; train: number; atmos: number;
  /** Epoch ms of the next turn. */
  turntime: number;
  items: GeneralItems;
  recentWar: number | null;
  warnum: number; killnum: number; deathnum: number; killcrew: number; deathcrew: number; firenum: number;
  /** The first five reserved turns of a player member (npc < 2) or a troop leader; null for others (and in the seat's own row: see `queue`). */
  reservedCommand: SlotView[] | null;
  autorunLimit: number;
}

/** The seat's own general: every column of its row (legacy General/GetFrontInfo's `general`). */
export type OwnGeneralView = MemberView & {
  detail: MemberDetail;
  /** How much of its nation's secrets it reads (see `secretPermission`). */
  permission: number;
}

/** A troop as its nation's members see it (legacy Nation/GeneralList `troops`): whether the leader's next turns gather (집합). */
export type TroopView = {
  leader: number;
  name: string;
  turntime: number;
  /** The leader's first five turns: `집합` or `-`. */
  reservedCommand: string[];
}

/** The seat's own troop (legacy GetFrontInfo's `troopInfo`): its leader's city and first five turns. */
export type OwnTroopView = {
  name: string;
  leader: { id: number; city: number; reservedCommand: SlotView[] };
}

/** A city read in detail (legacy GetFrontInfo's `city`, b_currentCity's `valid` cities): development as [value, maximum]. */
export type CityDetail = {
  id: number; name: string; nation: number; level: number; trust: number;
  pop: [number, number]; agri: [number, number]; comm: [number, number]; secu: [number, number]; def: [number, number]; wall: [number, number];
  trade: number | null;
  /** 태수 (4), 군사 (3), 종사 (2): who holds each office of the city, or null. */
  officers: Record<2 | 3 | 4, { id: number; name: string; npc: number } | null>;
}

/** The seat's nation (legacy GetFrontInfo's `nation` and Nation/GetNationInfo full, which every member reads). */
export type OwnNationView = {
  id: number; name: string; color: string; type: string; level: number; capital: number;
  gold: number; rice: number; tech: number; gennum: number; power: number;
  bill: number; rate: number; secretlimit: number; chiefSet: number; scout: number; war: number; strategicCmdLimit: number; surlimit: number;
  /** How many more times its chiefs may change 전쟁 금지 (legacy nation_env `available_war_setting_cnt`, v_nationStratFinan's `remain`). */
  warSettingsLeft: number;
  /** 국가 방침 as a chief last set it (legacy nation_env `nationNotice`, shown to the members), plain text. */
  notice: { msg: string; author: string; authorId: number; at: number } | null;
  /** 임관 권유문 (legacy nation_env `scout_msg`), plain text. */
  scoutMsg: string | null;
  population: { cities: number; now: number; max: number };
  /** Its generals but the troop-leader dummies (npc 5): how many, their crews, 100 × their leadership. */
  crew: { generals: number; now: number; max: number };
  /** The ruler (12) and the first chief (11). */
  topChiefs: { level: number; id: number; name: string; npc: number }[];
  troops: TroopView[];
  /** The cities its 첩보 covers: city id → months left (legacy GetMap's `spyList`). */
  spy: Record<number, number>;
  /** The strategic commands its chiefs must still wait for (legacy GetFrontInfo's `impossibleStrategicCommand`): months left. */
  strategicWaits: { command: string; name: string; months: number }[];
}

/** A member's newest action lines, as its nation's officers read them (legacy Nation/GetGeneralLog `generalAction`). */
export type MemberLogView = {
  generalId: number;
  lines: LineView[];
}

/**
 * A general standing in a city the seat reads (legacy b_currentCity.php's general list): its
 * public figures; its crew where the city is read in detail or the general is of the seat's
 * nation; for the seat's nation's generals their arms and training, and a player's (npc < 2)
 * first five reserved turns.
 */
export type CityGeneralView = {
  id: number; name: string; npc: number; injury: number; leadership: number; strength: number; intel: number;
  officerLevel: number; nation: number; city: number;
  crew: number | null;
  own: { defenceTrain: number; crewtype: number; train: number; atmos: number; reservedCommand: SlotView[] | null } | null;
}

/** A chief's nation queue (legacy NationCommand/GetReservedCommand `chiefList`), read from secret permission 1. */
export type ChiefQueueView = {
  level: number;
  officerTitle: string;
  general: { id: number; name: string; npc: number; turntime: number } | null;
  queue: SlotView[];
}

/**
 * What one seat sees beyond the public view (which it reads too): its general, that
 * general's queue and log, its city, its nation's treasury and members with what its
 * secret permission opens, the cities it sees in detail, its nation's relations unmasked.
 */
export type SeatView = {
  seat: string;
  env: EnvView;
  /** The seat's general; null while it plays none (then every other field is empty). */
  general: OwnGeneralView | null;
  /** All 30 reserved turns (legacy Command/GetReservedCommand). */
  queue: SlotView[];
  /** The month slot 0 runs in: the next month once the general's turn of this month has run. */
  queueDate: { year: number; month: number };
  /** The general's log lines (oldest first), after `since` when asked. */
  log: LineView[];
  /** Its nation's chronicle (legacy world_history of the nation, b_myKingdomInfo), after `since` when asked. */
  nationLog: LineView[];
  troop: OwnTroopView | null;
  /** The city it stands in, in detail. */
  city: CityDetail | null;
  nation: OwnNationView | null;
  /** Its nation's generals, by turn time (legacy Nation/GeneralList). */
  members: MemberView[];
  /** The chiefs' queues from secret permission 1, else null. */
  chiefQueues: ChiefQueueView[] | null;
  /** Every city it reads in detail (see `citiesSeen`), by id. */
  cities: CityDetail[];
  /**
   * Who stands in the cities it reads in detail and in the cities next to its nation's
   * (b_currentCity lists those too, their crews hidden), by city and turn time.
   */
  cityGenerals: CityGeneralView[];
  /**
   * Its members' action logs its secret permission opens (legacy Nation/GetGeneralLog): from
   * permission 1 those of its NPC members (npc ≥ 2), from 2 every member's; its own is `log`.
   */
  memberLogs: MemberLogView[];
  /** Relations: its nation's rows whole, the others' as the public reads them. */
  diplomacy: DiplomacyRow[];
  /** The mailboxes it reads (legacy Message/GetRecentMessage): public, its nation's, its nation's diplomacy, its own. */
  messages: MailboxView;
  /** The open resource auctions and the house's log (legacy Auction/GetActiveResourceAuctionList, a general's read); null without a general or auctions. */
  auctions: AuctionsView | null;
  /** Its own tournament entry and stakes (the board is public); null without a general or tournaments. */
  tournament: OwnTournamentView | null;
}

export type SeatViewOptions = {
  /** Only log lines written after this move (the table's revision the caller last saw). */
  since?: number;
}

/** The general a seat plays, if any. */
export function generalOfSeat(world: World, seat: string): General | undefined {
  for (const g of world.generals.values()) if (g.owner === seat) return g;
  return undefined;
}

/** What `seat` may see of a world in play, read from the world without copying it. */
export function seatView(world: World, seat: string, options: SeatViewOptions = {}): SeatView {
  const general = generalOfSeat(world, seat);
  const env = world.env;
  if (general === undefined) {
    return {
      seat, env: envView(world), general: null, queue: [], queueDate: { year: env.year, month: env.month }, log: [], nationLog: [], troop: null,
      city: null, nation: null, members: [], chiefQueues: null, cities: [], cityGenerals: [], memberLogs: [], diplomacy: diplomacyRows(world, 0),
      messages: { public: publicMessages(world), national: [], diplomacy: [], private: [] }, auctions: null, tournament: null,
    };
  }
  const since = options.since ?? -1;
  const permission = secretPermission(world, general);
  const nation = world.nations.get(general.nation);
  const nationLevel = nation?.level ?? 0;
  const members = general.nation === 0 ? [general] : membersOf(world, general.nation);
  const officers = officersByCity(world);
  const troopLeaders = new Set<number>();
  for (const t of world.troops.values()) if (t.nation === general.nation && world.generals.get(t.leader)?.nation === general.nation) troopLeaders.add(t.leader);
  const valid = citiesSeen(world, general);
  const seen = [...valid].sort((a, b) => a - b);
  return {
    seat,
    env: envView(world),
    general: { ...memberView(general, nationLevel, 4, troopLeaders), detail: memberDetail(general, 0, troopLeaders, 0), permission },
    queue: slots(general.queue, GameConst.maxTurn),
    queueDate: queueDate(world, general),
    log: linesSince(world.logs, (e) => e.scope === 'general' && e.subject === general.id, since),
    nationLog: general.nation === 0 ? [] : linesSince(world.logs, (e) => e.scope === 'nation' && e.subject === general.nation, since),
    troop: ownTroop(world, general),
    city: cityDetail(world.cities[general.city]!, officers),
    nation: nation === undefined ? null : ownNation(world, nation, members),
    members: general.nation === 0 ? [] : members.map((m) => memberView(m, nationLevel, permission, troopLeaders)),
    chiefQueues: nation === undefined || permission < 1 ? null : chiefQueues(nation, members),
    cities: seen.map((id) => cityDetail(world.cities[id]!, officers)),
    cityGenerals: cityGenerals(world, general, valid),
    memberLogs: general.nation === 0 ? [] : memberLogs(world, general, permission, since),
    diplomacy: diplomacyRows(world, general.nation),
    messages: mailboxOf(world, general, permission),
    auctions: auctionsView(world),
    tournament: ownTournament(world, general),
  };
}

function slots(queue: readonly TurnSlot[], count: number): SlotView[] {
  return queue.slice(0, count).map((s, slot) => ({ slot, action: s.action, arg: structuredClone(s.arg) }));
}

/** Legacy Command/GetReservedCommand: the queue starts next month when this month's turn has run. */
function queueDate(world: World, general: General): { year: number; month: number } {
  const { year, month, turnterm, turntime } = world.env;
  if (cutTurn(general.turntime, turnterm) <= cutTurn(turntime, turnterm)) return { year, month };
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

function membersOf(world: World, nationId: number): General[] {
  const out: General[] = [];
  for (const g of world.generals.values()) if (g.nation === nationId) out.push(g);
  return out.sort((a, b) => a.turntime - b.turntime || a.id - b.id);
}

function memberView(g: General, nationLevel: number, permission: number, troopLeaders: ReadonlySet<number>): MemberView {
  const officerLevel = g.officerLevel >= 5 || permission >= 1 ? g.officerLevel : 1;
  const view: MemberView = {
    id: g.id, name: g.name, nation: g.nation, npc: g.npc, injury: g.injury, leadership: g.leadership, strength: g.strength, intel: g.intel,
    explevel: g.explevel, dedlevel: g.dedlevel, gold: g.gold, rice: g.rice, killturn: g.killturn, age: g.age,
    special: g.special, special2: g.special2, personal: g.personal, belong: g.belong, troop: g.troop, city: g.city, specage: g.specage, specage2: g.specage2,
    officerLevel, officerTitle: officerTitle(officerLevel, nationLevel), ownerName: g.npc === 1 ? g.ownerName : null,
  };
  if (permission >= 1) view.detail = memberDetail(g, permission, troopLeaders, MEMBER_TURNS_SHOWN);
  return view;
}

function memberDetail(g: General, permission: number, troopLeaders: ReadonlySet<number>, turns: number): MemberDetail {
  const r = g.rank;
  return {
    leadershipExp: g.leadershipExp, strengthExp: g.strengthExp, intelExp: g.intelExp, dex: g.dex.slice(1, 6),
    experience: g.experience, dedication: g.dedication, officerLevel: g.officerLevel, officerCity: g.officerCity,
    defenceTrain: g.defenceTrain, crewtype: g.crewtype, crew: g.crew, train: g.train, atmos: g.atmos, turntime: g.turntime,
    items: { ...g.items }, recentWar: g.recentWar,
    warnum: r.warnum, killnum: r.killnum, deathnum: r.deathnum, killcrew: r.killcrew, deathcrew: r.deathcrew, firenum: r.firenum,
    reservedCommand: permission >= 1 && (g.npc < 2 || troopLeaders.has(g.id)) ? slots(g.queue, turns) : null,
    autorunLimit: g.aux.autorunLimit ?? 0,
  };
}

function ownTroop(world: World, general: General): OwnTroopView | null {
  if (general.troop === 0) return null;
  const troop = world.troops.get(general.troop);
  const leader = world.generals.get(general.troop);
  if (troop === undefined || troop.nation !== general.nation || leader === undefined || leader.nation !== general.nation) return null;
  return { name: troop.name, leader: { id: leader.id, city: leader.city, reservedCommand: slots(leader.queue, MEMBER_TURNS_SHOWN) } };
}

type Officers = Map<number, CityDetail['officers']>;

function officersByCity(world: World): Officers {
  const out: Officers = new Map();
  for (const g of world.generals.values()) {
    if (g.officerLevel < 2 || g.officerLevel > 4) continue;
    let offices = out.get(g.officerCity);
    if (offices === undefined) out.set(g.officerCity, (offices = { 2: null, 3: null, 4: null }));
    offices[g.officerLevel as 2 | 3 | 4] = { id: g.id, name: g.name, npc: g.npc };
  }
  return out;
}

function cityDetail(c: City, officers: Officers): CityDetail {
  return {
    id: c.id, name: c.name, nation: c.nation, level: c.level, trust: c.trust,
    pop: [c.pop, c.popMax], agri: [c.agri, c.agriMax], comm: [c.comm, c.commMax], secu: [c.secu, c.secuMax], def: [c.def, c.defMax], wall: [c.wall, c.wallMax],
    trade: c.trade, officers: { ...(officers.get(c.id) ?? { 2: null, 3: null, 4: null }) },
  };
}

function ownNation(world: World, n: Nation, members: readonly General[]): OwnNationView {
  const population = { cities: 0, now: 0, max: 0 };
  for (let id = 1; id < world.cities.length; id++) {
    const c = world.cities[id]!;
    if (c.nation !== n.id) continue;
    population.cities += 1;
    population.now += c.pop;
    population.max += c.popMax;
  }
  const crew = { generals: 0, now: 0, max: 0 };
  const topChiefs: OwnNationView['topChiefs'] = [];
  for (const g of members) {
    if (g.officerLevel >= 11) topChiefs.push({ level: g.officerLevel, id: g.id, name: g.name, npc: g.npc });
    if (g.npc === 5) continue;
    crew.generals += 1;
    crew.now += g.crew;
    crew.max += g.leadership * 100;
  }
  const troops: TroopView[] = [];
  for (const t of world.troops.values()) {
    const leader = world.generals.get(t.leader);
    if (t.nation !== n.id || leader === undefined || leader.nation !== n.id) continue;
    troops.push({
      leader: t.leader, name: t.name, turntime: leader.turntime,
      reservedCommand: leader.queue.slice(0, MEMBER_TURNS_SHOWN).map((s) => (s.action === 'che_집합' ? '집합' : '-')),
    });
  }
  return {
    id: n.id, name: n.name, color: n.color, type: n.type, level: n.level, capital: n.capital, gold: n.gold, rice: n.rice, tech: n.tech,
    gennum: n.gennum, power: n.power, bill: n.bill, rate: n.rate, secretlimit: n.secretlimit ?? DEFAULT_SECRET_LIMIT, chiefSet: n.chiefSet, scout: n.scout, war: n.war,
    strategicCmdLimit: n.strategicCmdLimit, surlimit: n.surlimit, warSettingsLeft: n.availableWarSettingCnt,
    notice: n.notice === undefined ? null : { ...n.notice }, scoutMsg: n.scoutMsg ?? null, population, crew,
    topChiefs: topChiefs.sort((a, b) => b.level - a.level), troops: troops.sort((a, b) => a.leader - b.leader), spy: { ...n.spy },
    strategicWaits: strategicWaits(world, n),
  };
}

/** Legacy GetFrontInfo: each strategic command of the world's lists whose next use lies after this month. */
function strategicWaits(world: World, n: Nation): OwnNationView['strategicWaits'] {
  const now = joinYearMonth(world.env.year, world.env.month);
  const offered = commandLists(world).chief;
  const out: OwnNationView['strategicWaits'] = [];
  for (const [command, name] of STRATEGIC_COMMANDS) {
    const next = n.nextExecute[name];
    if (offered.includes(command) && next !== undefined && next > now) out.push({ command, name, months: next - now });
  }
  return out;
}

/**
 * Legacy b_currentCity.php, for each city it may be asked: the cities read in detail list
 * their generals with their crews; a city next to the nation's (CityConst `path`) lists them
 * with the crews of other nations hidden (−1 there).
 */
function cityGenerals(world: World, viewer: General, valid: ReadonlySet<number>): CityGeneralView[] {
  const listed = new Set(valid);
  if (viewer.nation !== 0) {
    for (let id = 1; id < world.cities.length; id++) {
      if (listed.has(id)) continue;
      if (world.cities[id]!.neighbours.some((n) => world.cities[n]?.nation === viewer.nation)) listed.add(id);
    }
  }
  const out: CityGeneralView[] = [];
  for (const g of world.generals.values()) {
    if (!listed.has(g.city)) continue;
    const ours = g.nation !== 0 && g.nation === viewer.nation;
    out.push({
      id: g.id, name: g.name, npc: g.npc, injury: g.injury, leadership: g.leadership, strength: g.strength, intel: g.intel,
      officerLevel: g.officerLevel, nation: g.nation, city: g.city,
      crew: ours || valid.has(g.city) ? g.crew : null,
      own: ours
        ? { defenceTrain: g.defenceTrain, crewtype: g.crewtype, train: g.train, atmos: g.atmos, reservedCommand: g.npc < 2 ? slots(g.queue, MEMBER_TURNS_SHOWN) : null }
        : null,
    });
  }
  return out.sort((a, b) => a.city - b.city || world.generals.get(a.id)!.turntime - world.generals.get(b.id)!.turntime || a.id - b.id);
}

/**
 * Legacy Nation/GetGeneralLog `generalAction` as the seat's permission opens it: nothing below
 * 1; an NPC member's (npc ≥ 2) from 1; a player member's from 2 (유저 장수의 개인 기록은 수뇌만
 * 열람 가능합니다). The newest 30 lines of each, in one walk of the log from its newest end.
 */
function memberLogs(world: World, viewer: General, permission: number, since: number): MemberLogView[] {
  if (permission < 1) return [];
  const readable = new Map<number, LineView[]>();
  for (const g of world.generals.values()) {
    if (g.nation === viewer.nation && g.id !== viewer.id && (g.npc >= 2 || permission >= 2)) readable.set(g.id, []);
  }
  let open = readable.size;
  for (let i = world.logs.length - 1; i >= 0 && open > 0; i--) {
    const e = world.logs[i]!;
    if (e.move <= since) break;
    if (e.scope !== 'general') continue;
    const lines = readable.get(e.subject);
    if (lines === undefined || lines.length >= MEMBER_LOG_LINES) continue;
    lines.push(lineView(e));
    if (lines.length === MEMBER_LOG_LINES) open -= 1;
  }
  return [...readable].sort((a, b) => a[0] - b[0]).map(([generalId, lines]) => ({ generalId, lines: lines.reverse() }));
}

function chiefQueues(n: Nation, members: readonly General[]): ChiefQueueView[] {
  const chiefs = new Map<number, General>();
  for (const g of members) if (g.officerLevel >= 5) chiefs.set(g.officerLevel, g);
  return Object.keys(n.chiefQueues)
    .map(Number)
    .sort((a, b) => b - a)
    .map((level) => {
      const g = chiefs.get(level);
      return {
        level, officerTitle: officerTitle(level, n.level),
        general: g === undefined ? null : { id: g.id, name: g.name, npc: g.npc, turntime: g.turntime },
        queue: slots(n.chiefQueues[level]!, GameConst.maxChiefTurn),
      };
    });
}
