import {
  INVADER_DIFFICULTIES, INVADER_STRENGTH, autoDeleteInvader, raiseInvader, runInvaderEnding, streamFromSeed, type InvaderStrength, type RandUtil,
} from '@chronicle/sammo/rules';
import type { General, World } from '@chronicle/sammo';
import type { Area } from './areas';
import { hex, pick } from './case-helpers';
import { MAP, fixtureWorld, randomGeneral, type Fixture, type FixtureCity, type FixtureDiplomacy, type FixtureGeneral, type FixtureNation } from './fixtures';
import { PhpMt } from './php-mt';

/** Which invader step a case runs: `term` is a raise big enough to lengthen the turn. */
type InvaderStep = 'raise' | 'term' | 'autoDelete' | 'ending';

export interface InvaderCase extends Fixture {
  step: InvaderStep;
  tableSeed: string;
  /** PHP's global generator's seed (`mt_srand`), which RaiseInvader's `shuffle` of a 무장's dexterity draws from. */
  mtSeed: number;
  /** RaiseInvader's arguments `[npcEachCount, specAvg, tech, dex]`. */
  strength: [number, number, number, number];
  /** The largest nation id `ng_old_nations` holds for the server (0: none). */
  oldNation: number;
  /** AutoDeleteInvader's nation. */
  nation: number;
  isunited: number;
  refreshLimit: number;
}

const LEVEL4 = [...MAP.values()].filter((c) => c.level === 4).map((c) => c.id);
const OTHER_CITIES = [...MAP.values()].filter((c) => c.level !== 4).map((c) => c.id);
const ALL_CITIES = [...MAP.keys()];

function base(rng: RandUtil, step: InvaderStep): InvaderCase {
  const startyear = pick(rng, [180, 184, 190]);
  return {
    step, tableSeed: hex(rng, 64), mtSeed: rng.nextRangeInt(1, 2_000_000_000), startyear, year: startyear + rng.nextRangeInt(3, 30), month: rng.nextRangeInt(1, 12),
    cities: [], nations: [], generals: [], diplomacy: [], strength: [0, 0, 0, 0], oldNation: 0, nation: 0, isunited: 2, refreshLimit: 0,
  };
}

const techOf = (rng: RandUtil) => (rng.nextBool(0.5) ? rng.nextInt(15000) : Number((rng.nextInt(1500000) / 100).toPrecision(6)));

function nation(id: number, name: string, capital: number, level: number, tech: number): FixtureNation {
  return { id, name, capital, level, tech, gold: 10000, rice: 10000, type: 'che_중립', gennum: 0, bill: 100, rate: 20, strategicCmdLimit: 12, surlimit: 72, war: 1, scout: 1 };
}

/** Relations between every pair of the case's nations, both ways alike. */
function relations(rng: RandUtil, ids: readonly number[], states: readonly number[]): FixtureDiplomacy[] {
  const out: FixtureDiplomacy[] = [];
  for (const me of ids) {
    for (const you of ids) {
      if (me >= you) continue;
      const state = pick(rng, states);
      const term = state === 2 ? 0 : rng.nextRangeInt(1, 30);
      out.push({ me, you, state, term }, { me: you, you: me, state, term });
    }
  }
  return out;
}

/**
 * A unified world as RaiseInvader finds it: one nation of level 1–7 holding every city (its
 * capital never an invader city — there legacy's malformed query throws, see libs/sammo
 * README), now and then bands of level 0 beside it, 6–18 generals of every npc type (officers
 * posted to invader cities among them), ids used before (`ng_old_nations`); the three legacy
 * difficulties, or a quarter of the time fixed arguments.
 */
function raiseCase(rng: RandUtil): InvaderCase {
  const c = base(rng, 'raise');
  const unifier = rng.nextRangeInt(1, 3);
  c.nations.push(nation(unifier, '통일국', pick(rng, OTHER_CITIES), rng.nextRangeInt(1, 7), techOf(rng)));
  for (let i = 1, bands = rng.nextInt(2); i <= bands; i++) c.nations.push(nation(unifier + i, `방랑군${i}`, 0, 0, techOf(rng)));
  c.cities = ALL_CITIES.map((id) => ({ id, nation: unifier }) as FixtureCity);
  c.diplomacy = relations(rng, c.nations.map((n) => n.id), [2, 2, 7]);
  const count = rng.nextRangeInt(6, 18);
  for (let id = 1; id <= count; id++) {
    const member = c.nations[id === 1 ? 0 : rng.nextInt(c.nations.length - 1)]!;
    const inNation = rng.nextBool(0.9);
    const officer = id === 1 ? 12 : rng.nextBool(0.2) ? rng.nextRangeInt(2, 11) : 1;
    const city = rng.nextBool(0.3) ? pick(rng, LEVEL4) : pick(rng, ALL_CITIES);
    const officerCity = officer >= 2 && officer <= 4 ? (rng.nextBool(0.5) ? pick(rng, LEVEL4) : pick(rng, OTHER_CITIES)) : 0;
    const g: FixtureGeneral = randomGeneral(rng, id, inNation || id === 1 ? member.id : 0, city, inNation || id === 1 ? officer : 0, officerCity);
    if (g.nation === 0) g.officerCity = 0;
    c.generals.push(g);
  }
  for (const n of c.nations) n.gennum = c.generals.filter((g) => g.nation === n.id).length;
  const maxNation = Math.max(...c.nations.map((n) => n.id));
  c.oldNation = rng.nextBool(0.5) ? 0 : maxNation + rng.nextRangeInt(1, 15);
  if (rng.nextBool(0.75)) {
    const s = INVADER_STRENGTH[pick(rng, INVADER_DIFFICULTIES)];
    c.strength = [s.npcEachCount, s.specAvg, s.tech, s.dex];
  } else {
    c.strength = [rng.nextRangeInt(8, 12), rng.nextRangeInt(40, 90), rng.nextInt(20000), rng.nextInt(100000)];
  }
  return c;
}

/**
 * A raise past 1,000 generals a turn minute on a 1- or 2-minute turn (ServerTool::changeServerTerm):
 * fixed arguments of 150–290 generals an invader city, the old generals' turns an hour and
 * some seconds after the world's turn time.
 */
function termCase(rng: RandUtil): InvaderCase {
  const c = raiseCase(rng);
  c.step = 'term';
  c.turnterm = pick(rng, [1, 1, 2]);
  c.strength = [c.turnterm === 1 ? pick(rng, [150, 200, 290]) : 300, 50, 0, 0];
  for (const g of c.generals) g.turntime = rng.nextInt(3 * 3600);
  return c;
}

/** An invader nation (or one fallen: 1 in 10) among 1–3 others, at war, declared, at peace or in a pact with each. */
function autoDeleteCase(rng: RandUtil): InvaderCase {
  const c = base(rng, 'autoDelete');
  c.isunited = 1;
  const count = rng.nextRangeInt(2, 4);
  for (let id = 1; id <= count; id++) c.nations.push(nation(id, id === count ? 'ⓞ강족' : `국가${id}`, pick(rng, OTHER_CITIES), 2, 0));
  c.nation = rng.nextBool(0.1) ? count + 1 : count;
  c.diplomacy = relations(rng, c.nations.map((n) => n.id), rng.nextBool(0.5) ? [2, 7] : [0, 1, 2, 7]);
  let id = 1;
  for (const n of c.nations) {
    for (let i = 0, members = rng.nextRangeInt(1, 3); i < members; i++, id++) {
      c.generals.push(randomGeneral(rng, id, n.id, n.capital, i === 0 && rng.nextBool(0.9) ? 12 : 1, 0));
    }
  }
  return c;
}

/** InvaderEnding: 0–2 nations (invader or not) holding every city, some or none, at each isunited. */
function endingCase(rng: RandUtil): InvaderCase {
  const c = base(rng, 'ending');
  c.isunited = pick(rng, [0, 1, 1, 1, 1, 2]);
  c.refreshLimit = rng.nextRangeInt(100, 3000);
  const count = pick(rng, [0, 1, 1, 1, 2]);
  for (let id = 1; id <= count; id++) c.nations.push(nation(id, rng.nextBool(0.5) ? `ⓞ${pick(rng, ['강', '왜', '남만'])}족` : `국가${id}`, pick(rng, OTHER_CITIES), pick(rng, [0, 2]), 0));
  const cover = pick(rng, ['all', 'all', 'none', 'some']);
  c.cities = ALL_CITIES.map((id) => ({
    id, nation: count === 0 || cover === 'none' || (cover === 'some' && rng.nextBool(0.5)) ? 0 : rng.nextRangeInt(1, count),
  }) as FixtureCity);
  return c;
}

function generateCase(rng: RandUtil): InvaderCase {
  const step = rng.nextBool(0.06) ? 'term' : pick(rng, ['raise', 'raise', 'autoDelete', 'ending'] as const);
  return step === 'raise' ? raiseCase(rng) : step === 'term' ? termCase(rng) : step === 'autoDelete' ? autoDeleteCase(rng) : endingCase(rng);
}

/** The case's world as the step finds it (the fixture's clock at the turn-time base PHP is given, 2026-01-01 00:00). */
function caseWorld(c: InvaderCase): World {
  const world = fixtureWorld(c);
  // The legacy's rows have their turns that many seconds after 01:00, an hour after the world's turn time (php/fixtures.php).
  for (const g of world.generals.values()) g.turntime = world.env.turntime + 3_600_000 + g.turntime;
  world.env.isunited = c.isunited;
  world.env.conlimit = c.refreshLimit;
  world.env.nextNationId = Math.max(world.env.nextNationId, c.oldNation + 1);
  return world;
}

/** The legacy's history line as both sides' texts compare: tags, the date prefix and the space after a 【…】 heading dropped. */
const plainHistory = (text: string) => text.replace(/】\s+/g, '】');

const sqlTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

/** A general RaiseInvader made, in `INVADER_GENERAL_COLUMNS`' order (php/areas/invaders.php): its first turn a window (of the term it was made in) back. */
function madeGeneral(g: General, turnterm: number): unknown[] {
  return [
    g.id, g.name, g.nation, g.city, g.officerLevel, g.npc, g.leadership, g.strength, g.intel, g.affinity, g.personal ?? 'None', g.special ?? 'None', g.special2 ?? 'None',
    g.specage, g.specage2, g.bornyear, g.deadyear, g.age, g.killturn, g.gold, g.rice, g.experience, g.dedication, g.dex[1], g.dex[2], g.dex[3], g.dex[4], g.dex[5],
    sqlTime(g.turntime - turnterm * 60_000),
  ];
}

function raiseResult(c: InvaderCase): Record<string, unknown> {
  const world = caseWorld(c);
  const [npcEachCount, specAvg, tech, dex] = c.strength;
  const strength: InvaderStrength = { npcEachCount, specAvg, tech, dex };
  const mt = new PhpMt(c.mtSeed);
  const historyBefore = world.history.length;
  const turnterm = world.env.turnterm;
  const raised = raiseInvader(world, strength, streamFromSeed(c.tableSeed, 'RaiseInvader', c.year, c.month), world.env.turntime + turnterm * 60_000, (t) => mt.shuffle(t));
  const lastGeneral = Math.max(0, ...c.generals.map((g) => g.id));
  const lastNation = Math.max(0, ...c.nations.map((n) => n.id));
  const generals = [...world.generals.values()].sort((a, b) => a.id - b.id);
  const nations = [...world.nations.values()].sort((a, b) => a.id - b.id);
  const made = generals.filter((g) => g.id > lastGeneral).map((g) => madeGeneral(g, turnterm));
  if (c.step === 'term') {
    // A thousand generals and more: their count, the first and last few, and what the new term moved.
    return {
      raised, isunited: world.env.isunited, turnterm: world.env.turnterm, starttime: sqlTime(world.env.starttime).slice(0, 19),
      turns: generals.filter((g) => g.id <= lastGeneral).map((g) => [g.id, sqlTime(g.turntime)]),
      made: made.length, first: made.slice(0, 3), last: made.slice(-3), history: world.history.slice(historyBefore).map((h) => plainHistory(h.text)),
    };
  }
  return {
    raised, isunited: world.env.isunited, turnterm: world.env.turnterm,
    generals: generals.filter((g) => g.id <= lastGeneral).map((g) => [g.id, g.nation, g.city, g.officerLevel, g.officerCity, g.gold, g.rice]),
    made,
    nations: nations.map((n) => [n.id, n.name, n.color, n.capital, n.gold, n.rice, n.bill, n.rate, n.rateTmp, n.tech, n.level, n.type, n.gennum, n.strategicCmdLimit, n.surlimit, n.war, n.scout, n.aux]),
    // The fixture writes no chief turns: those of the nations the step made.
    chiefTurns: nations.filter((n) => n.id > lastNation).flatMap((n) => Object.keys(n.chiefQueues).map(Number).sort((a, b) => a - b).map((level) => [n.id, level, n.chiefQueues[level]!.length])),
    // The invader cities' rows; of the others (the unifier's, untouched but for the fill), how many stand at their maxima.
    cities: world.cities.slice(1).filter((x) => LEVEL4.includes(x.id)).map((x) => [x.id, x.nation, x.front, x.supply, x.pop, x.popMax, x.agri, x.comm, x.secu, x.def, x.defMax, x.wall, x.wallMax]),
    filled: world.cities.slice(1).filter((x) => x.pop === x.popMax && x.agri === x.agriMax && x.comm === x.commMax && x.secu === x.secuMax).length,
    diplomacy: [...world.diplomacy].map(([key, d]) => [...key.split(':').map(Number), d.state, d.term]).sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!),
    events: (world.events ?? []).map((e) => [e.target, e.priority, true, e.actions.map((a) => (typeof a === 'string' ? [a] : [...a]))]),
    history: world.history.slice(historyBefore).map((h) => plainHistory(h.text)),
  };
}

const EVENT_ID = 11;

function autoDeleteResult(c: InvaderCase): Record<string, unknown> {
  const world = caseWorld(c);
  world.events = [{ id: EVENT_ID, target: 'MONTH', priority: 1000, condition: { kind: 'always' }, actions: [['AutoDeleteInvader', c.nation]] }];
  autoDeleteInvader(world, c.nation, EVENT_ID);
  return {
    turns: [...world.generals.values()].sort((a, b) => a.id - b.id).flatMap((g) => g.queue.flatMap((slot, i) => (slot.action === '휴식' ? [] : [[g.id, i, slot.action]]))),
    events: world.events.length,
  };
}

function endingResult(c: InvaderCase): Record<string, unknown> {
  const world = caseWorld(c);
  world.events = [{ id: EVENT_ID, target: 'MONTH', priority: 1000, condition: { kind: 'always' }, actions: ['InvaderEnding'] }];
  runInvaderEnding(world, EVENT_ID);
  return { isunited: world.env.isunited, refreshLimit: world.env.conlimit, events: world.events.length, history: world.history.map((h) => plainHistory(h.text)) };
}

/** RaiseInvader, AutoDeleteInvader and InvaderEnding on random worlds (see php/areas/invaders.php). */
export const invadersArea: Area<InvaderCase, Record<string, unknown>> = {
  name: 'invaders',
  about:
    'legacy RaiseInvader (the event game after unification: the three difficulties and fixed arguments) on MariaDB with the legacy schema, PHP\'s generator seeded for its unseeded shuffle of a 무장\'s dexterity (libs/sammo is given the same order), on a unified che map (a nation of level 1–7 holding every city, bands beside it, 6–18 generals of every npc type, officers posted to invader cities, nation ids used before); compared: the isunited and turn term, every old general\'s nation, city, office and purse, every general it made (name, nation, city, office, npc, stats, affinity, personality, specialities and their ages — a NULL age as 0 —, life, killturn, purse, experience, dedication, dexterity, first turn), every nation with its chief turns, the invader cities (and how many cities stand at their maxima), every diplomacy row, the monthly events it added, the chronicle; and AutoDeleteInvader (an invader nation, fallen or among 1–3 others at war, declared, at peace or in a pact: the reserved turns, the event kept or gone) and InvaderEnding (0–2 nations, invader or not, holding all, some or no cities, at every isunited: isunited, the refresh limit, the event, the chronicle)',
  generate: (rng, count) => Array.from({ length: count }, () => generateCase(rng)),
  // A raise makes some 70 generals: two dozen cases keep the golden file near 300 KB.
  goldenCases: 24,
  sammo: (c) => (c.step === 'raise' || c.step === 'term' ? raiseResult(c) : c.step === 'autoDelete' ? autoDeleteResult(c) : endingResult(c)),
};
