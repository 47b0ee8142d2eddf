import {
  CREW_TYPES, DEFAULT_MAP, DEFAULT_NATION_POLICY, ITEMS, ITEM_SLOTS, dedLevelOf, domesticSpecials, emptyWorld, expLevelOf, newCity, newGeneral, newNation,
  personalities, readPolicyChanges, warSpecials, type Item, type RandUtil,
} from '@chronicle/sammo/rules';
import type { Json } from '@chronicle/engine';
import type { General, GeneralAux, GeneralItems, InheritanceStore, LastTurn, NationAux, RankData, World } from '@chronicle/sammo';
import { pick } from './case-helpers';

/**
 * The rows of a case on the che map, in libs/sammo's field names (`php/fixtures.php` writes
 * them into the legacy's tables). Optional fields left out take the table's default on the
 * legacy side and libs/sammo's on ours: an area that reads them sets them.
 */
export interface FixtureGeneral {
  id: number; name: string; npc: number; nation: number; city: number; officerLevel: number; officerCity: number; belong: number;
  leadership: number; strength: number; intel: number; leadershipExp: number; strengthExp: number; intelExp: number;
  injury: number; experience: number; dedication: number; explevel: number; dedlevel: number;
  gold: number; rice: number; crew: number; crewtype: number; train: number; atmos: number; defenceTrain: number;
  dex: number[]; personal: string | null; special: string | null; specialWar: string | null;
  /** The ages of the speciality grants (legacy `specage`, `specage2`); left out, 0 on both sides. */
  specage?: number; specage2?: number;
  age?: number; betray?: number; makelimit?: number; killturn?: number; troop?: number; lastTurn?: LastTurn;
  affinity?: number; aux?: GeneralAux; rank?: Partial<RankData>;
  /** Seconds after the case's turn time (legacy 01:00) this general's turn comes: left out, 0. */
  turntime?: number;
  /** The general's next reserved turn, its argument's keys spelt alike on both sides (징병's, 집합's); left out, rest. */
  reserved?: { action: string; arg: Row | null };
  /** A player's stored inheritance points: set, the legacy row gets the player (owner = id) and the `inheritance_{id}` store. */
  inheritance?: InheritanceStore;
  /** The last battle, in ms from the fixtures' base turn time (legacy 01:00) (thousandths: legacy's microsecond digits); absent, never. */
  recentWar?: number;
  /** Items by slot (the legacy's `horse`/`weapon`/`book`/`item` columns; an absent slot is `None`). */
  items?: GeneralItems;
}
export interface FixtureNation {
  id: number; name: string; capital: number; level: number; tech: number; gold: number; rice: number; type: string; gennum: number;
  color?: string; bill?: number; rate?: number; scout?: number; war?: number; surlimit?: number; strategicCmdLimit?: number; chiefSet?: number;
  /** nation_env's prev_income_gold / _rice (the AI cases set them: absent, the legacy AI reads 1000). */
  prevIncomeGold?: number; prevIncomeRice?: number;
  capset?: number; aux?: NationAux;
  /** Cities spied on (legacy `spy`): city id → months left. */
  spy?: Record<number, number>;
  /** nation_env's recv_assist (in order), resp_assist and resp_assist_try, as [nation, value] pairs. */
  aidReceived?: [number, number][]; aidAnswered?: [number, number][]; pactOffered?: [number, number][];
  /** nation_env's npc_nation_policy: the values set (legacy names; CombatForce keyed by leader id) and `priority` when set. */
  policy?: Row;
}
export interface FixtureCity {
  id: number; nation: number; def: number; wall: number; agri: number; comm: number; secu: number; pop: number; trust: number; supply: number;
  front?: number; trade?: number | null; officerSet?: number; state?: number;
  /** Levels 증축 added over the map's, with the maxima they raised. */
  expanded?: number;
}
export interface FixtureDiplomacy { me: number; you: number; state: number; term: number }
export interface Fixture {
  year: number; month: number; startyear: number;
  /** `game_env`'s develcost and killturn; left out, libs/sammo's new-world values. */
  develcost?: number; killturn?: number;
  /** Minutes a turn (game_env turnterm); left out, 60. */
  turnterm?: number;
  cities: FixtureCity[]; nations: FixtureNation[]; generals: FixtureGeneral[]; diplomacy: FixtureDiplomacy[];
}

export type Row = Record<string, unknown>;

const RECRUITABLE = CREW_TYPES.filter((t) => t.id !== 1000).map((t) => t.id);
export const MAP = new Map(DEFAULT_MAP.cities.map((c) => [c.id, c]));

export function randomGeneral(rng: RandUtil, id: number, nation: number, city: number, officerLevel: number, officerCity: number): FixtureGeneral {
  const experience = rng.nextInt(30000);
  const dedication = rng.nextInt(30000);
  const warSpecial = rng.nextBool(0.4);
  return {
    id, name: `장수${id}`, npc: pick(rng, [0, 1, 2, 2, 2, 3, 4, 5, 6]), nation, city, officerLevel, officerCity, belong: rng.nextInt(20),
    leadership: rng.nextRangeInt(10, 100), strength: rng.nextRangeInt(10, 100), intel: rng.nextRangeInt(10, 100),
    leadershipExp: rng.nextInt(40), strengthExp: rng.nextInt(40), intelExp: rng.nextInt(40),
    injury: rng.nextBool(0.2) ? rng.nextInt(60) : 0, experience, dedication, explevel: expLevelOf(experience), dedlevel: dedLevelOf(dedication),
    gold: rng.nextInt(20000), rice: rng.nextBool(0.1) ? rng.nextInt(100) : rng.nextRangeInt(500, 20000),
    crew: rng.nextBool(0.2) ? 0 : 100 * rng.nextRangeInt(1, 60), crewtype: pick(rng, RECRUITABLE),
    train: rng.nextRangeInt(40, 110), atmos: rng.nextRangeInt(40, 110), defenceTrain: pick(rng, [40, 60, 80, 90, 999]),
    dex: [0, ...Array.from({ length: 5 }, () => rng.nextInt(300000))],
    personal: pick(rng, [null, ...personalities.map((p) => p.key)]),
    special: warSpecial ? null : pick(rng, [null, ...domesticSpecials.map((s) => s.key)]),
    specialWar: warSpecial ? pick(rng, warSpecials.map((s) => s.key)) : null,
  };
}

/**
 * Items for a general of a case: each slot now and then, a shop item or a unique (every area
 * with items draws them so), out of `items`.
 */
export function randomItems(rng: RandUtil, g: { items?: GeneralItems }, items: readonly Item[] = ITEMS): void {
  if (!rng.nextBool(0.5)) return;
  for (const slot of ITEM_SLOTS) {
    if (!rng.nextBool(0.4)) continue;
    const buyable = rng.nextBool(0.5);
    const ofSlot = items.filter((i) => i.slot === slot && i.buyable === buyable);
    g.items = { ...g.items, [slot]: pick(rng, ofSlot).key };
  }
}

/**
 * The items a battle case draws from: all but the 능력치 tools (두강주, 이강주, 보령압주), whose
 * point every fourth year since the start libs/sammo does not add (libs/sammo README, Items),
 * and which read the year from the database the battle area does not have.
 */
export const BATTLE_ITEMS: readonly Item[] = ITEMS.filter((i) => !i.key.startsWith('che_능력치_'));

export function randomCity(rng: RandUtil, id: number, nation: number): FixtureCity {
  const m = MAP.get(id)!.max;
  return {
    id, nation, def: rng.nextRangeInt(10, m.defence), wall: rng.nextRangeInt(0, m.wall), agri: rng.nextInt(m.agriculture),
    comm: rng.nextInt(m.commerce), secu: rng.nextInt(m.security), pop: rng.nextRangeInt(10000, m.population), trust: 50, supply: rng.nextBool(0.9) ? 1 : 0,
  };
}

/** The fixture as a libs/sammo world: every map city (the fixture's with their rows), the nations, diplomacy and generals. */
export function fixtureWorld(f: Fixture): World {
  const world = emptyWorld({ scenarioId: 0, title: 'legacy-diff', startyear: f.startyear, fiction: 0, turnterm: f.turnterm ?? 60, start: Date.UTC(2026, 0, 1), maxgeneral: 500, autorunLimitMinutes: 0 });
  world.env.year = f.year;
  world.env.month = f.month;
  if (f.develcost !== undefined) world.env.develcost = f.develcost;
  if (f.killturn !== undefined) world.env.killturn = f.killturn;
  const rows = new Map(f.cities.map((row) => [row.id, row]));
  for (const m of DEFAULT_MAP.cities) {
    const row = rows.get(m.id);
    const city = newCity({
      id: m.id, name: m.name, level: m.level, region: m.region, neighbours: [...m.neighbors],
      pop: row?.pop ?? m.max.population, agri: row?.agri ?? 0, comm: row?.comm ?? 0, secu: row?.secu ?? 0,
      def: row?.def ?? m.max.defence, wall: row?.wall ?? m.max.wall, trust: row?.trust ?? 50,
      popMax: m.max.population, agriMax: m.max.agriculture, commMax: m.max.commerce, secuMax: m.max.security, defMax: m.max.defence, wallMax: m.max.wall,
    });
    city.nation = row?.nation ?? 0;
    city.supply = row?.supply ?? 1;
    city.front = row?.front ?? 0;
    if (row?.trade !== undefined) city.trade = row.trade;
    if (row?.officerSet !== undefined) city.officerSet = row.officerSet;
    if (row?.state !== undefined) city.state = row.state;
    const expanded = row?.expanded ?? 0;
    if (expanded > 0) {
      city.expanded = expanded;
      city.level += expanded;
      city.popMax += 100000 * expanded;
      for (const max of ['agriMax', 'commMax', 'secuMax', 'defMax', 'wallMax'] as const) city[max] += 2000 * expanded;
    }
    world.cities[m.id] = city;
  }
  for (const n of f.nations) {
    const { gennum, bill, rate, scout, war, surlimit, strategicCmdLimit, chiefSet, prevIncomeGold, prevIncomeRice, capset, aux, spy, aidReceived, aidAnswered, pactOffered, policy, ...seed } = n;
    const nation = newNation({ ...seed, color: n.color ?? '#000000' });
    Object.assign(nation, { gennum }, dropUndefined({
      bill, rate, rateTmp: rate, scout, war, surlimit, strategicCmdLimit, chiefSet, prevIncomeGold, prevIncomeRice, capset, aux: aux && { ...aux }, spy: spy && { ...spy },
      aidReceived: aidReceived?.map(([from, amount]) => [from, amount]),
      aidAnswered: aidAnswered && Object.fromEntries(aidAnswered),
      pactOffered: pactOffered && Object.fromEntries(pactOffered),
    }));
    if (policy !== undefined) {
      const reading = readPolicyChanges(policy, DEFAULT_NATION_POLICY);
      if ('problem' in reading) throw new Error(`nation ${n.id}'s policy: ${reading.problem}`);
      nation.policy = reading.policy;
    }
    world.nations.set(n.id, nation);
  }
  for (const d of f.diplomacy) world.diplomacy.set(`${d.me}:${d.you}`, { state: d.state, term: d.term, dead: 0 });
  for (const g of f.generals) {
    const general = newGeneral({
      ...g, special: g.special, special2: g.specialWar, owner: g.npc < 2 ? `user-${g.id}` : null,
      bornyear: f.year - (g.age ?? 30), deadyear: f.year + 30, year: f.year, affinity: g.affinity ?? 1, turntime: (g.turntime ?? 0) * 1000, killturn: g.killturn ?? 100,
    });
    Object.assign(general, {
      officerCity: g.officerCity, belong: g.belong, leadershipExp: g.leadershipExp, strengthExp: g.strengthExp, intelExp: g.intelExp,
      injury: g.injury, explevel: g.explevel, dedlevel: g.dedlevel, gold: g.gold, rice: g.rice, crew: g.crew, crewtype: g.crewtype,
      train: g.train, atmos: g.atmos, defenceTrain: g.defenceTrain, dex: g.dex.slice(),
    }, dropUndefined({
      betray: g.betray, makelimit: g.makelimit, troop: g.troop, lastTurn: g.lastTurn && { ...g.lastTurn }, aux: g.aux && { ...g.aux },
      inheritance: g.inheritance && { ...g.inheritance }, recentWar: g.recentWar, items: g.items && { ...g.items },
    }));
    Object.assign(general.rank, g.rank);
    if (g.reserved) general.queue[0] = { action: g.reserved.action, arg: g.reserved.arg as Json };
    world.generals.set(general.id, general);
  }
  // Rows the case creates (인재탐색's general, 거병's nation) take the next ids, as AUTO_INCREMENT gives them.
  world.env.nextGeneralId = Math.max(0, ...f.generals.map((g) => g.id)) + 1;
  world.env.nextNationId = Math.max(0, ...f.nations.map((n) => n.id)) + 1;
  return world;
}

function dropUndefined(o: Row): Row {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** Legacy's argument keys where libs/sammo spells them otherwise. */
const LEGACY_ARG: Record<string, string> = { destNationId: 'destNationID', destCityId: 'destCityID', destGeneralId: 'destGeneralID' };

/** A command argument in the legacy's spelling. */
export function legacyArg(arg: unknown): Row | null {
  return arg === null ? null : Object.fromEntries(Object.entries(arg as Row).map(([k, v]) => [LEGACY_ARG[k] ?? k, v]));
}

/** `recent_war` as `php/fixtures.php`'s `fixture_recent_war_offset` reads it: microseconds from the fixture's turn time (0). */
export function recentWarOffset(g: General): number | null {
  return g.recentWar === null ? null : Math.round(g.recentWar * 1000);
}

/** The general's row as `php/fixtures.php` reads it back (`fixture_general_rows`). */
export function generalRow(g: General): Row {
  return {
    id: g.id, nation: g.nation, city: g.city, officer_level: g.officerLevel, officer_city: g.officerCity, crew: g.crew, rice: g.rice, gold: g.gold,
    train: g.train, atmos: g.atmos, experience: g.experience, explevel: g.explevel, dedication: g.dedication, dedlevel: g.dedlevel, injury: g.injury,
    dex1: g.dex[1], dex2: g.dex[2], dex3: g.dex[3], dex4: g.dex[4], dex5: g.dex[5],
    leadership_exp: g.leadershipExp, strength_exp: g.strengthExp, intel_exp: g.intelExp, belong: g.belong, troop: g.troop,
    queue: g.queue.flatMap((slot, i) => (slot.action === '휴식' ? [] : [[i, slot.action, legacyArg(slot.arg)]])),
  };
}

/** The general's item columns as the legacy stores them (`None` for an empty slot). */
export function itemRow(g: General): Row {
  return { horse: g.items?.horse ?? 'None', weapon: g.items?.weapon ?? 'None', book: g.items?.book ?? 'None', item: g.items?.item ?? 'None' };
}
