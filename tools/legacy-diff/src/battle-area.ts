import {
  battle, CREW_TYPES, dedLevelOf, domesticSpecials, emptyWorld, expLevelOf, LiteHashDRBG, nationTypes, newCity, newGeneral,
  newNation, personalities, RandUtil, warSpecials,
} from '@chronicle/sammo/rules';
import type { General, GeneralItems, World } from '@chronicle/sammo';
import type { Area } from './areas';
import { hex, pick } from './case-helpers';
import { BATTLE_ITEMS, itemRow, randomItems, recentWarOffset, type Row } from './fixtures';

/** A general of a battle case, in libs/sammo's field names (the PHP side maps them to legacy columns). */
interface CaseGeneral {
  id: number; name: string; city: number; officerLevel: number; officerCity: number;
  leadership: number; strength: number; intel: number; leadershipExp: number; strengthExp: number; intelExp: number;
  injury: number; experience: number; dedication: number; explevel: number; dedlevel: number;
  gold: number; rice: number; crew: number; crewtype: number; train: number; atmos: number; defenceTrain: number;
  dex: number[]; personal: string | null;
  /** A domestic or a war special (legacy `special`/`special2`). */
  special: string | null; specialWar: string | null;
  /** The rank's kill count before the battle (무쌍 reads it). */
  killnum: number;
  /** Held items by slot (the general-command cases' draw). */
  items?: GeneralItems;
}
interface CaseNation { id: number; name: string; capital: number; level: number; tech: number; gold: number; rice: number; type: string; gennum: number }
interface CaseCity { id: number; name: string; level: number; def: number; wall: number; agri: number; comm: number; secu: number; supply: number }
export interface BattleCase {
  seed: string; year: number; month: number; startyear: number;
  attacker: CaseGeneral; attackerNation: CaseNation; attackerCity: { id: number; level: number };
  defenders: CaseGeneral[]; defenderNation: CaseNation | null; city: CaseCity;
}

interface GeneralOut {
  crew: number; gold: number; rice: number; train: number; atmos: number; experience: number; explevel: number; dedication: number; injury: number;
  dex1: number; dex2: number; dex3: number; dex4: number; dex5: number; leadership: number; strength: number; intel: number;
  leadershipExp: number; strengthExp: number; intelExp: number; rank: Record<string, number>;
  /** `recent_war` in microseconds from the turn time (legacy's phase digits), null if it did not fight. */
  recentWar: number | null;
  killed: number; dead: number;
  /** The item columns (a consumable used in the battle is gone). */
  items: Row;
}
export interface BattleOut {
  conquered: boolean;
  fought: number[];
  /** Each phase's line of the attacker's battle log: [phase, attacker HP, its loss, defender HP, its loss]. */
  phases: [string, number, number, number, number][];
  attacker: GeneralOut;
  defenders: GeneralOut[];
  city: { def: number; wall: number; agri: number; comm: number; secu: number; conflict: [number, number][]; killed: number; dead: number };
}

const ATTACKER_CITY = 1;
const TARGET_CITY = 2;
const RECRUITABLE = CREW_TYPES.filter((t) => t.id !== 1000).map((t) => t.id);
const PERSONALITIES = [null, ...personalities.map((p) => p.key)];
const SPECIALS = [null, ...domesticSpecials.map((s) => s.key)];
const WAR_SPECIALS = warSpecials.map((s) => s.key);

function randomGeneral(rng: RandUtil, id: number, city: number, officerCity: number): CaseGeneral {
  const experience = rng.nextBool(0.3) ? rng.nextInt(1000) : rng.nextInt(40000);
  const dedication = rng.nextInt(30000);
  const crew = rng.nextBool(0.1) ? 0 : 100 * rng.nextRangeInt(1, 80);
  const officerLevel = pick(rng, [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  return {
    id, name: `장수${id}`, city, officerLevel, officerCity: officerLevel >= 2 && officerLevel <= 4 ? pick(rng, [city, officerCity]) : 0,
    leadership: rng.nextRangeInt(10, 100), strength: rng.nextRangeInt(10, 100), intel: rng.nextRangeInt(10, 100),
    leadershipExp: rng.nextInt(40), strengthExp: rng.nextInt(40), intelExp: rng.nextInt(40),
    injury: rng.nextBool(0.2) ? rng.nextInt(60) : 0, experience, dedication, explevel: expLevelOf(experience), dedlevel: dedLevelOf(dedication),
    gold: 1000, rice: rng.nextBool(0.15) ? rng.nextInt(200) : rng.nextRangeInt(500, 20000), crew, crewtype: pick(rng, RECRUITABLE),
    train: rng.nextRangeInt(40, 110), atmos: rng.nextRangeInt(40, 110), defenceTrain: pick(rng, [40, 60, 80, 90, 999]),
    dex: [0, ...Array.from({ length: 5 }, () => (rng.nextBool(0.3) ? 0 : rng.nextInt(rng.nextBool(0.5) ? 30000 : 600000)))],
    personal: pick(rng, PERSONALITIES), ...(rng.nextBool(0.6) ? { special: null, specialWar: pick(rng, WAR_SPECIALS) } : { special: pick(rng, SPECIALS), specialWar: null }),
    killnum: rng.nextBool(0.5) ? 0 : rng.nextInt(300),
  };
}

function randomNation(rng: RandUtil, id: number, capital: number): CaseNation {
  return {
    id, name: id === 1 ? '위' : '오', capital, level: rng.nextInt(7), tech: rng.nextBool(0.2) ? 0 : rng.nextInt(12000),
    gold: 10000, rice: rng.nextBool(0.1) ? 0 : rng.nextInt(50000), type: pick(rng, nationTypes.map((t) => t.key)), gennum: rng.nextRangeInt(1, 30),
  };
}

function generateCase(rng: RandUtil): BattleCase {
  const startyear = pick(rng, [180, 184, 190]);
  const wild = rng.nextBool(0.1);
  const attacker = randomGeneral(rng, 1, ATTACKER_CITY, ATTACKER_CITY);
  attacker.crew = 100 * rng.nextRangeInt(5, 80);
  if (rng.nextBool(0.85)) attacker.rice = rng.nextRangeInt(1000, 20000);
  const defenders = wild ? [] : Array.from({ length: rng.nextInt(4) }, (_, i) => randomGeneral(rng, 10 + i, TARGET_CITY, TARGET_CITY));
  for (const g of [attacker, ...defenders]) randomItems(rng, g, BATTLE_ITEMS);
  return {
    seed: hex(rng, 32), year: startyear + rng.nextInt(45), month: rng.nextRangeInt(1, 12), startyear,
    attacker, attackerNation: randomNation(rng, 1, pick(rng, [ATTACKER_CITY, 5])), attackerCity: { id: ATTACKER_CITY, level: rng.nextRangeInt(1, 8) },
    defenders, defenderNation: wild ? null : randomNation(rng, 2, pick(rng, [TARGET_CITY, 6])),
    city: {
      id: TARGET_CITY, name: '다', level: rng.nextRangeInt(1, 8), def: rng.nextRangeInt(10, 8000), wall: rng.nextRangeInt(0, 8000),
      agri: rng.nextInt(10000), comm: rng.nextInt(10000), secu: rng.nextInt(10000), supply: rng.nextBool(0.9) ? 1 : 0,
    },
  };
}

/** The case as a libs/sammo world: the two cities, the nations and the generals with the case's rows. */
function caseWorld(c: BattleCase): World {
  const world = emptyWorld({ scenarioId: 0, title: 'legacy-diff', startyear: c.startyear, fiction: 0, turnterm: 60, start: Date.UTC(2026, 0, 1), maxgeneral: 500, autorunLimitMinutes: 0 });
  world.env.year = c.year;
  world.env.month = c.month;
  const cityStats = { pop: 100000, agri: 0, comm: 0, secu: 0, def: 0, wall: 0, popMax: 400000, agriMax: 10000, commMax: 10000, secuMax: 10000, defMax: 10000, wallMax: 10000, trust: 50 };
  world.cities[ATTACKER_CITY] = newCity({ ...cityStats, id: ATTACKER_CITY, name: '가', level: c.attackerCity.level, region: 1, neighbours: [TARGET_CITY] });
  world.cities[ATTACKER_CITY]!.nation = c.attackerNation.id;
  const target = newCity({ ...cityStats, ...c.city, region: 1, neighbours: [ATTACKER_CITY] });
  target.supply = c.city.supply;
  target.nation = c.defenderNation?.id ?? 0;
  world.cities[TARGET_CITY] = target;
  for (const n of [c.attackerNation, c.defenderNation]) {
    if (n === null) continue;
    const nation = newNation({ ...n, color: '#000' });
    nation.gennum = n.gennum;
    world.nations.set(n.id, nation);
  }
  const add = (g: CaseGeneral, nation: number): General => {
    const general = newGeneral({ ...g, special: g.special, special2: g.specialWar, npc: 2, nation, bornyear: c.year - 30, deadyear: c.year + 30, year: c.year, affinity: 1, turntime: 0, killturn: 100 });
    general.rank.killnum = g.killnum;
    Object.assign(general, {
      officerCity: g.officerCity, leadershipExp: g.leadershipExp, strengthExp: g.strengthExp, intelExp: g.intelExp, injury: g.injury,
      explevel: g.explevel, dedlevel: g.dedlevel, gold: g.gold, rice: g.rice, crew: g.crew, crewtype: g.crewtype,
      train: g.train, atmos: g.atmos, defenceTrain: g.defenceTrain, dex: g.dex.slice(),
    }, g.items ? { items: { ...g.items } } : {});
    world.generals.set(general.id, general);
    return general;
  };
  add(c.attacker, c.attackerNation.id);
  for (const d of c.defenders) add(d, c.defenderNation!.id);
  return world;
}

const PHASE_LINE = /^(\S+)\s*: 【.*】 (\d+) \(-(\d+)\) VS (\d+) \(-(\d+)\) 【/u;

function generalOut(g: General, killed: number, dead: number): GeneralOut {
  const r = g.rank;
  return {
    crew: g.crew, gold: g.gold, rice: g.rice, train: g.train, atmos: g.atmos, experience: g.experience, explevel: g.explevel, dedication: g.dedication,
    injury: g.injury, dex1: g.dex[1]!, dex2: g.dex[2]!, dex3: g.dex[3]!, dex4: g.dex[4]!, dex5: g.dex[5]!,
    leadership: g.leadership, strength: g.strength, intel: g.intel, leadershipExp: g.leadershipExp, strengthExp: g.strengthExp, intelExp: g.intelExp,
    rank: {
      warnum: r.warnum, killnum: r.killnum, deathnum: r.deathnum, occupied: r.occupied, killcrew: r.killcrew, deathcrew: r.deathcrew,
      killcrew_person: r.killcrewPerson, deathcrew_person: r.deathcrewPerson,
    },
    recentWar: recentWarOffset(g),
    killed, dead,
    items: itemRow(g),
  };
}

/** A battle (legacy `processWar_NG` with `processWar`'s defender order) on the case's battle seed. */
export const battleArea: Area<BattleCase, BattleOut> = {
  name: 'battle',
  about: "processWar_NG between random generals and a city on a random battle seed: every phase's losses, the rows, ranks and the city after",
  generate: (rng, count) => Array.from({ length: count }, () => generateCase(rng)),
  sammo: (c) => {
    const world = caseWorld(c);
    const attacker = world.generals.get(c.attacker.id)!;
    const result = battle(world, new RandUtil(new LiteHashDRBG(c.seed)), attacker, world.cities[TARGET_CITY]!);
    const units = new Map([[attacker.id, result.attacker], ...result.defenders.map((u) => [u.general.id, u] as const)]);
    const out = (g: General) => generalOut(g, units.get(g.id)?.killed ?? 0, units.get(g.id)?.dead ?? 0);
    const phases = world.logs
      .filter((e) => e.scope === 'general' && e.subject === attacker.id)
      .map((e) => PHASE_LINE.exec(e.text))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1]!, Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])] as [string, number, number, number, number]);
    const city = world.cities[TARGET_CITY]!;
    return {
      conquered: result.conquered,
      fought: result.fought,
      phases,
      attacker: out(attacker),
      defenders: c.defenders.map((d) => out(world.generals.get(d.id)!)),
      city: {
        def: city.def, wall: city.wall, agri: city.agri, comm: city.comm, secu: city.secu,
        conflict: city.conflict.map(([n, v]) => [n, v] as [number, number]), killed: result.city.killed, dead: result.city.dead,
      },
    };
  },
};
