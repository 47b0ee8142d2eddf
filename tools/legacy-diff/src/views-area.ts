import { chronicle, dedLevelText, generalLog, joinYearMonth, log, STRATEGIC_COMMANDS, type RandUtil } from '@chronicle/sammo/rules';
import type { Json } from '@chronicle/engine';
import { publicView, seatView, type LineView, type SlotView, type World } from '@chronicle/sammo';
import type { Area } from './areas';
import { pick } from './case-helpers';
import { MAP, fixtureWorld, randomCity, randomGeneral, type Fixture, type FixtureGeneral, type FixtureNation, type Row } from './fixtures';

type Turn = [number, string, Row | null];
interface ViewsNation extends FixtureNation { secretlimit: number; power: number; bill: number; rate: number }
interface ViewsGeneral extends FixtureGeneral { permission?: 'ambassador' | 'auditor'; turns?: Turn[] }
export interface ViewsCase extends Fixture {
  nations: ViewsNation[];
  generals: ViewsGeneral[];
  /** The general whose session asks. */
  viewer: number;
  /** Seconds after the fixtures' base turn time of the last executed turn (game_env turntime). */
  lastExecuted: number;
  /** The chief levels that have a nation queue (legacy nation_turn rows), the same in every nation. */
  chiefLevels: number[];
  chiefTurns: [nation: number, level: number, slot: number, action: string, arg: Row | null][];
  troops: [leader: number, nation: number, name: string][];
  /**
   * Log lines in the order they were written: a general's action line (legacy general_record
   * `action`), a public action line (general 0's `history`: 장수동향) or a chronicle line
   * (world_history of nation 0: 중원정세).
   */
  lines: [kind: 'action' | 'global' | 'history', general: number, text: string][];
  /** Months from now to each nation's next use of a strategic command (legacy nation_env `next_execute_<name>`). */
  strategic: [nation: number, name: string, months: number][];
  /** Whose action log the viewer asks for (Nation/GetGeneralLog `generalAction`). */
  logOf: number;
}

const CHIEF_LEVELS = [5, 6, 7, 8, 9, 10, 11, 12];
/** Reserved turns as the legacy stores them (the argument's keys in its spelling): an empty argument reads back as null on both sides. */
const TURNS: [string, Row | null][] = [
  ['che_징병', { crewType: 1100, amount: 1000 }], ['che_집합', null], ['che_훈련', null], ['che_이동', { destCityID: 3 }], ['che_농지개간', null],
];
const CHIEF_TURNS: [string, Row | null][] = [['che_포상', { isGold: true, amount: 100, destGeneralID: 1 }], ['che_선전포고', { destNationID: 2 }], ['che_발령', { destGeneralID: 2, destCityID: 3 }]];

function randomTurns(rng: RandUtil, table: readonly [string, Row | null][], slots: number): Turn[] {
  const used = new Set<number>();
  const out: Turn[] = [];
  for (let i = rng.nextInt(4); i > 0; i--) {
    const slot = rng.nextBool(0.6) ? rng.nextInt(4) : rng.nextInt(slots - 1);
    if (used.has(slot)) continue;
    used.add(slot);
    const [action, arg] = pick(rng, table);
    out.push([slot, action, arg]);
  }
  return out;
}

function generateCase(rng: RandUtil): ViewsCase {
  const startyear = 190;
  const nationCount = rng.nextRangeInt(1, 3);
  const free = DEFAULT_CITY_IDS.slice();
  rng.shuffle(free);
  const cities = [];
  const nations: ViewsNation[] = [];
  for (let id = 1; id <= nationCount; id++) {
    const held = free.splice(0, rng.nextRangeInt(1, 4));
    for (const city of held) cities.push({ ...randomCity(rng, city, id), trade: pick(rng, [null, 95, 100, 105]) });
    nations.push({
      id, name: `국가${id}`, capital: held[0]!, level: pick(rng, [0, 1, 2, 3, 4, 5, 6, 7]), tech: rng.nextInt(20000), gold: rng.nextInt(100000), rice: rng.nextInt(100000),
      type: 'che_중립', gennum: 0, secretlimit: rng.nextRangeInt(1, 5), power: rng.nextInt(50000), bill: pick(rng, [20, 100, 150]), rate: pick(rng, [10, 15, 25]),
      spy: Object.fromEntries(free.slice(0, rng.nextInt(3)).map((city) => [city, rng.nextRangeInt(1, 3)])),
    });
  }
  const generals: ViewsGeneral[] = [];
  let id = 1;
  const turnOffsets = Array.from({ length: 40 }, (_, i) => i * 97);
  rng.shuffle(turnOffsets);
  const add = (nation: number, city: number, level: number, officerCity: number) => {
    // Service around the nation's secretlimit, where a plain member's permission turns.
    const limit = nations.find((n) => n.id === nation)?.secretlimit ?? 3;
    const g: ViewsGeneral = { ...randomGeneral(rng, id, nation, city, level, officerCity), turntime: turnOffsets[id]!, belong: Math.max(0, limit + rng.nextRangeInt(-1, 1)) };
    if (nation !== 0 && rng.nextBool(0.2)) g.permission = pick(rng, ['ambassador', 'auditor'] as const);
    if (rng.nextBool(0.6)) g.turns = randomTurns(rng, TURNS, 30);
    generals.push(g);
    id += 1;
    return g;
  };
  const troops: ViewsCase['troops'] = [];
  for (const n of nations) {
    const held = cities.filter((c) => c.nation === n.id).map((c) => c.id);
    const members = [add(n.id, n.capital, 12, 0)];
    // A chief office has one holder.
    const offices = new Set<number>();
    for (let i = rng.nextRangeInt(1, 6); i > 0; i--) {
      let level = pick(rng, [1, 1, 1, 2, 3, 4, 5, 7, 9, 11]);
      if (level >= 5 && offices.has(level)) level = 1;
      offices.add(level);
      const elsewhere = rng.nextBool(0.2) ? pick(rng, DEFAULT_CITY_IDS) : pick(rng, held);
      members.push(add(n.id, elsewhere, level, level >= 2 && level <= 4 ? pick(rng, held) : 0));
    }
    n.gennum = members.length;
    if (rng.nextBool(0.5)) {
      const leader = pick(rng, members);
      troops.push([leader.id, n.id, `부대${leader.id}`]);
      for (const m of members) if (m === leader || rng.nextBool(0.4)) m.troop = leader.id;
    }
  }
  for (let i = rng.nextInt(2); i > 0; i--) add(0, pick(rng, DEFAULT_CITY_IDS), 0, 0);
  // Every city a general stands in is written, with its trade, on both sides.
  for (const g of generals) if (!cities.some((c) => c.id === g.city)) cities.push({ ...randomCity(rng, g.city, 0), trade: pick(rng, [null, 100]) });
  const diplomacy = [];
  for (const a of nations) for (const b of nations) if (a.id < b.id) {
    const state = pick(rng, [0, 1, 2, 2, 7]);
    diplomacy.push({ me: a.id, you: b.id, state, term: 0 }, { me: b.id, you: a.id, state, term: 0 });
  }
  const chiefTurns: ViewsCase['chiefTurns'] = [];
  for (const n of nations) for (const [slot, action, arg] of randomTurns(rng, CHIEF_TURNS, 12)) chiefTurns.push([n.id, pick(rng, CHIEF_LEVELS), slot, action, arg]);
  // Often more lines than a list shows (15 on the front page, 30 of a member's log).
  const lines: ViewsCase['lines'] = Array.from({ length: pick(rng, [0, 5, 20, 60, 120]) }, (_, i) => {
    const kind = pick(rng, ['action', 'action', 'action', 'global', 'history'] as const);
    const general = kind === 'action' ? pick(rng, generals).id : 0;
    return [kind, general, `${kind} ${general} #${i}`];
  });
  const strategic: ViewsCase['strategic'] = [];
  for (const n of nations) for (const name of STRATEGIC_NAMES) if (rng.nextBool(0.25)) strategic.push([n.id, name, rng.nextRangeInt(-2, 24)]);
  return {
    year: startyear + rng.nextInt(10), month: rng.nextRangeInt(1, 12), startyear, cities, nations, generals, diplomacy,
    // Half the time a plain member, whose permission hangs on its service.
    viewer: pick(rng, rng.nextBool(0.5) ? generals.filter((g) => g.officerLevel === 1).concat(generals.slice(0, 1)) : generals).id, lastExecuted: rng.nextInt(3599), chiefLevels: CHIEF_LEVELS, chiefTurns, troops,
    lines, strategic, logOf: pick(rng, generals).id,
  };
}

const STRATEGIC_NAMES = [...STRATEGIC_COMMANDS.values()];

const DEFAULT_CITY_IDS = [...MAP.keys()];

/** The case's world in libs/sammo: the fixture's, with the secret limits, permissions, queues and troops. */
function caseWorld(c: ViewsCase): World {
  const world = fixtureWorld(c);
  world.env.turntime = c.lastExecuted * 1000;
  for (const n of c.nations) {
    const nation = world.nations.get(n.id)!;
    Object.assign(nation, { secretlimit: n.secretlimit, power: n.power, bill: n.bill, rate: n.rate });
    nation.chiefQueues = Object.fromEntries(c.chiefLevels.map((level) => [level, Array.from({ length: 12 }, () => ({ action: '휴식', arg: null }))]));
  }
  for (const [nation, level, slot, action, arg] of c.chiefTurns) world.nations.get(nation)!.chiefQueues[level]![slot] = { action, arg: arg as Json };
  for (const g of c.generals) {
    const general = world.generals.get(g.id)!;
    if (g.permission) general.permission = g.permission;
    for (const [slot, action, arg] of g.turns ?? []) general.queue[slot] = { action, arg: arg as Json };
  }
  for (const [leader, nation, name] of c.troops) world.troops.set(leader, { leader, nation, name });
  const now = joinYearMonth(c.year, c.month);
  for (const [nation, name, months] of c.strategic) world.nations.get(nation)!.nextExecute[name] = now + months;
  for (const [kind, general, text] of c.lines) {
    if (kind === 'history') chronicle(world, text);
    else if (kind === 'global') log(world, 'world', 0, text);
    else generalLog(world, general, text);
  }
  return world;
}

/** The newest `count` texts, newest first, as the legacy's lists give them. */
const newest = (lines: readonly LineView[], count: number) => lines.slice(-count).reverse().map((l) => l.text);

const slots = (s: readonly SlotView[]) => s.map((t) => [t.action, t.arg]);

/** libs/sammo's seat view (and public view) of the viewer, in the shape `php/areas/views.php` gives the legacy's answers. */
function sammoViews(c: ViewsCase): unknown {
  const world = caseWorld(c);
  const seat = world.generals.get(c.viewer)!;
  seat.owner = `viewer-${c.viewer}`;
  const v = seatView(world, seat.owner);
  const pub = publicView(world);
  const g = v.general!;
  const d = g.detail;
  const n = v.nation;
  const city = v.city!;
  const nationName = (id: number) => world.nations.get(id)?.name ?? '재야';
  return {
    permission: g.permission,
    general: [g.id, g.gold, g.rice, d.crew, d.officerLevel, g.belong, g.troop, g.city, d.experience, d.dedication, g.killturn],
    troop: v.troop === null ? null : [v.troop.name, v.troop.leader.city, slots(v.troop.leader.reservedCommand)],
    queue: slots(v.queue),
    queueDate: [v.queueDate.year, v.queueDate.month],
    city: [city.id, city.nation, city.pop, city.agri, city.comm, city.secu, city.def, city.wall, city.trust, city.trade, [2, 3, 4].map((l) => city.officers[l as 2 | 3 | 4]?.name ?? null)],
    nation: n === null ? null : [
      n.id, n.gold, n.rice, n.tech, n.bill, n.rate, n.secretlimit,
      { cityCnt: n.population.cities, now: n.population.now, max: n.population.max }, { generalCnt: n.crew.generals, now: n.crew.now, max: n.crew.max },
      n.topChiefs.map((t) => [t.level, t.id]),
    ],
    members: v.members.map((m) => [
      m.id, m.officerLevel, m.gold, m.rice, m.belong, m.troop, m.city,
      m.detail === undefined ? null : [
        [m.detail.leadershipExp, m.detail.strengthExp, m.detail.intelExp, m.detail.experience, m.detail.dedication, m.detail.officerLevel, m.detail.officerCity,
          m.detail.defenceTrain, m.detail.crewtype, m.detail.crew, m.detail.train, m.detail.atmos,
          m.detail.warnum, m.detail.killnum, m.detail.deathnum, m.detail.killcrew, m.detail.deathcrew, m.detail.firenum],
        m.detail.dex, m.detail.reservedCommand === null ? null : slots(m.detail.reservedCommand),
      ],
    ]),
    memberTroops: (n?.troops ?? []).map((t) => [t.leader, t.name, t.reservedCommand]),
    chiefQueues: v.chiefQueues === null ? null : v.chiefQueues.map((q) => [q.level, q.general?.name ?? null, slots(q.queue)]),
    spy: n === null ? [] : Object.entries(n.spy).map(([city, months]) => [Number(city), months]).sort((a, b) => a[0]! - b[0]!),
    seen: v.cities.map((x) => x.id),
    diplomacy: v.diplomacy,
    strategicWaits: n === null ? [] : n.strategicWaits.map((w) => [w.name, w.months]),
    // GetFrontInfo's recentRecord: 15 of each.
    records: { history: newest(pub.history, 15), global: newest(pub.logs, 15), general: newest(v.log, 15) },
    // Nation/GetGeneralLog: the 30 newest of a member's action log the permission opens, or a refusal.
    memberLog: ((): string[] | null => {
      // Its own from permission 1 too (below it, the front page's 15 lines): the legacy checks the permission first.
      if (c.logOf === c.viewer) return g.permission < 1 ? null : newest(v.log, 30);
      const opened = v.memberLogs.find((m) => m.generalId === c.logOf);
      return opened === undefined ? null : newest(opened.lines, 30);
    })(),
    public: {
      generals: pub.generals.map((p) => [p.id, nationName(p.nation), p.officerTitle, p.explevel, dedLevelText(p.dedlevel), p.killturn]).sort((a, b) => (a[0] as number) - (b[0] as number)),
      nations: pub.nations.filter((p) => p.id !== 0).sort((a, b) => a.id - b.id).map((p) => [p.id, p.name, p.level, p.capital, p.gennum, p.power, p.cities]),
    },
  };
}

export const viewsArea: Area<ViewsCase, unknown> = {
  name: 'views',
  about: 'what a general is shown: the legacy API classes in its session (GetFrontInfo with its strategic waits and log lines, GetReservedCommand, Nation/GeneralList, Nation/GetGeneralLog, NationCommand/GetReservedCommand, GetMap, GetDiplomacy, the public lists) beside libs/sammo’s seat and public views',
  generate: (rng, count) => Array.from({ length: count }, () => generateCase(rng)),
  sammo: sammoViews,
  // A case holds every city and general row the lists return (some 11 KB).
  goldenCases: 60,
};
