import { GeneralBuilder } from '../pool/general-builder';
import { sqlAverage } from '../pool/pool-averages';
import type { RandUtil } from '../rng/rand-util';
import { changeTurnTerm } from '../world/change-term';
import { Diplo } from '../world/constants';
import { chronicle } from '../world/logbook';
import { diplomacyKey } from '../world/queries';
import type { City, General, World } from '../world/types';
import { buildScenarioNation } from './npc-nations';
import { FIRST_SCENARIO_EVENT_ID, type ScenarioEvent, type StoredAction } from '../world/stored-events';
import { INVADER_MARK } from './invader-events';

/**
 * RaiseInvader's arguments (legacy `[npcEachCount, specAvg, tech, dex]`): a positive value is
 * taken as it is, a negative one as that multiple of the world's own figure — generals per
 * invader city of the non-troop NPC and player generals (npc < 4) per level-4 city, their mean
 * stat total, the nations' mean tech, their mean dexterity.
 */
export interface InvaderStrength {
  npcEachCount: number;
  specAvg: number;
  tech: number;
  dex: number;
}

export const INVADER_DIFFICULTIES = ['어려움', '보통', '쉬움'] as const;
export type InvaderDifficulty = (typeof INVADER_DIFFICULTIES)[number];

/** The three offers of legacy RaiseInvaderMessage. */
export const INVADER_STRENGTH: Readonly<Record<InvaderDifficulty, InvaderStrength>> = {
  어려움: { npcEachCount: -2, specAvg: -1.2, tech: 15000, dex: -1 },
  보통: { npcEachCount: -2, specAvg: -1.2, tech: -1, dex: -0.5 },
  쉬움: { npcEachCount: -1, specAvg: -1, tech: -0.8, dex: 0 },
};

/** ServerEnv::$maxGeneralsPerMinute: past this many generals a turn minute, the turn grows. */
const MAX_GENERALS_PER_MINUTE = 1000;
const TURN_TERMS = [1, 2, 5, 10, 20, 30, 60, 120] as const;

/** The map's level of a city (증축 raises `level`; legacy reads CityConst's). */
const mapLevel = (c: City) => c.level - (c.expanded ?? 0);

/** The level-4 cities (the map's 이민족 lands), where invaders rise. */
export function invaderCities(world: World): City[] {
  return world.cities.slice(1).filter((c) => mapLevel(c) === 4);
}

/**
 * RaiseInvader's `moveCapital`: a nation seated in an invader city moves its capital (and the
 * generals there) to one of its other cities, drawn; with none, no invader rises in that city.
 * Officers posted to invader cities step down, and those cities fall to no one. Legacy's query
 * for the other cities is malformed (`SELECT from city …`) and throws, which aborts the event
 * half done; this is the move it means.
 */
function moveCapitals(world: World, rng: RandUtil, cities: readonly City[]): Set<number> {
  const ids = new Set(cities.map((c) => c.id));
  const disabled = new Set<number>();
  for (const nation of [...world.nations.values()].sort((a, b) => a.id - b.id)) {
    if (!ids.has(nation.capital)) continue;
    const old = nation.capital;
    const others = world.cities.slice(1).filter((c) => c.nation === nation.id && c.id !== old);
    if (others.length === 0) {
      disabled.add(old);
      continue;
    }
    nation.capital = rng.choice(others).id;
    for (const g of world.generals.values()) if (g.nation === nation.id && g.city === old) g.city = nation.capital;
  }
  for (const g of world.generals.values()) {
    if (!ids.has(g.officerCity)) continue;
    g.officerLevel = 1;
    g.officerCity = 0;
  }
  for (const city of cities) Object.assign(city, { nation: 0, front: 0, supply: 1 });
  return disabled;
}

/** A monthly event of priority 1000 with one action, numbered after the world's events (legacy's AUTO_INCREMENT). */
function addMonthlyEvent(world: World, action: StoredAction): void {
  const events = world.events ?? [];
  const id = Math.max(FIRST_SCENARIO_EVENT_ID - 1, ...events.map((e) => e.id)) + 1;
  const event: ScenarioEvent = { id, target: 'MONTH', priority: 1000, condition: { kind: 'always' }, actions: [action] };
  world.events = [...events, event];
}

/**
 * Legacy RaiseInvader (the event game after unification, started by a chief's acceptance):
 * the world is at war again (isunited 1). In every level-4 city rises `ⓞ<city>족` — level 2,
 * 병가, 9,999,999 gold and rice, the tech of `strength` — under `<city>대왕` (1.8/1.8/1.2 of the
 * mean stat, 1.2 × the mean experience) with `npcEachCount` − 1 generals `<city>장수<i>` (two
 * stats drawn from 1.2–1.4 of the mean, the rest of three means to the third; a 무장 by a
 * drawn bit, whose dexterity `[2d, d, d]` is shuffled by `shuffleDex` — legacy's unseeded
 * `shuffle` —, or a 지장 with `2d` in wizardry), all npc 9, 패권, 인덕/척사, aged 20 with 20
 * years to live, 99,999 gold and rice, on stream `rng` (`RaiseInvader`, year, month) and
 * first turns in the window at `clock`. Before: the turn grows when the world would pass
 * 1,000 generals a turn minute; war and scout settings reset; capitals leave the invader
 * cities; every general gets 999,999 gold and rice. After: every nation is declared on by
 * every invader nation (24 months), invaders keep a 480-month pact among themselves, their
 * cities hold `mean × count × 400` people and 100,000/10,000 defence and wall at most, every
 * city is filled to its maxima, and each invader nation gets a monthly AutoDeleteInvader,
 * then the world an InvaderEnding. Returns the number of invader nations; a map without
 * level-4 cities raises none and changes nothing.
 */
export function raiseInvader(
  world: World, strength: InvaderStrength, rng: RandUtil, clock: number, shuffleDex: (table: number[]) => number[],
): number {
  const env = world.env;
  const cities = invaderCities(world);
  if (cities.length === 0) return 0;
  env.isunited = 1;
  // The builders read the term of the env legacy passed in, before any change below.
  const turnterm = env.turnterm;
  const generals = [...world.generals.values()];
  const fighters = generals.filter((g) => g.npc < 4);

  let npcEachCount = strength.npcEachCount;
  if (npcEachCount < 0) npcEachCount = (fighters.length / cities.length) * -strength.npcEachCount;
  npcEachCount = Math.max(10, Math.trunc(npcEachCount));
  const total = npcEachCount * cities.length + generals.length;
  if (total > MAX_GENERALS_PER_MINUTE * turnterm) {
    const next = TURN_TERMS.find((term) => total <= MAX_GENERALS_PER_MINUTE * term);
    if (next !== undefined) changeTurnTerm(world, next);
  }

  let specAvg = strength.specAvg;
  if (specAvg < 0) specAvg = sqlAverage(fighters.reduce((s, g) => s + g.leadership + g.strength + g.intel, 0), fighters.length) * -strength.specAvg;
  specAvg = Math.trunc(specAvg / 3);

  let tech = strength.tech;
  if (tech < 0) {
    // MariaDB's AVG of the FLOAT column: a double mean of the float32 values.
    const techs = [...world.nations.values()].filter((n) => n.level > 0).map((n) => Math.fround(n.tech));
    tech = techs.length === 0 ? 0 : (techs.reduce((s, t) => s + t, 0) / techs.length) * -strength.tech;
  }
  tech = Math.trunc(tech);

  let dex = strength.dex;
  if (dex < 0) {
    const sum = fighters.reduce((s, g) => s + g.dex[1]! + g.dex[2]! + g.dex[3]! + g.dex[4]! + g.dex[5]!, 0);
    dex = fighters.length === 0 ? 0 : (sum / 5 / fighters.length) * -strength.dex;
  }
  dex = Math.trunc(dex);

  for (const nation of world.nations.values()) {
    nation.war = 0;
    nation.scout = 0;
  }
  const disabled = moveCapitals(world, rng, cities);
  const existing = [...world.nations.keys()];
  let lastNation = Math.max(env.nextNationId - 1, ...existing);
  const veterans = generals.filter((g) => g.npc < 6);
  // AVG(experience) is a DECIMAL string: ×1.2 reads it as a float, the members' int parameter truncates it.
  const exp = sqlAverage(veterans.reduce((s, g) => s + g.experience, 0), veterans.length);
  for (const g of generals) {
    g.gold = 999999;
    g.rice = 999999;
  }

  const { year } = env;
  const invaders: number[] = [];
  const invader = (builder: GeneralBuilder) => Object.assign(builder, {
    personal: 'che_패권', special: 'che_인덕', special2: 'che_척사', bornyear: year - 20, deadyear: year + 20,
    npc: 9, affinity: 999, officerLevel: 0, gold: 99999, rice: 99999,
  });
  for (const city of cities) {
    if (disabled.has(city.id)) continue;
    const id = ++lastNation;
    invaders.push(id);
    const nation = buildScenarioNation(world, { id, name: `${INVADER_MARK}${city.name}족`, color: '#800080', capital: city.id, gold: 9999999, rice: 9999999, tech, level: 2, type: 'che_병가' });
    const made: General[] = [];
    const ruler = invader(new GeneralBuilder(rng, `${city.name}대왕`, id));
    Object.assign(ruler, {
      city: city.id, experience: Math.trunc(exp * 1.2),
      stats: { leadership: Math.trunc(specAvg * 1.8), strength: Math.trunc(specAvg * 1.8), intel: Math.trunc(specAvg * 1.2) },
    });
    made.push(ruler.build(world, clock, turnterm));
    // Legacy's Util::range(1, n) stops before n: the ruler and n − 1 members.
    for (let i = 1; i < npcEachCount; i++) {
      const member = invader(new GeneralBuilder(rng, `${city.name}장수${i}`, id));
      Object.assign(member, { city: city.id, experience: Math.trunc(exp) });
      const leadership = rng.nextRangeInt(Math.trunc(specAvg * 1.2), Math.trunc(specAvg * 1.4));
      const main = rng.nextRangeInt(Math.trunc(specAvg * 1.2), Math.trunc(specAvg * 1.4));
      const sub = specAvg * 3 - leadership - main;
      if (rng.nextBool()) {
        const [a, b, c] = shuffleDex([dex * 2, dex, dex]);
        member.stats = { leadership, strength: main, intel: sub };
        member.dex = [0, a!, b!, c!, dex, 0];
      } else {
        member.stats = { leadership, strength: sub, intel: main };
        member.dex = [0, dex, dex, dex, dex * 2, 0];
      }
      made.push(member.build(world, clock, turnterm));
    }
    // Scenario\Nation::postBuild: the members counted, and with no ruler the strongest (the first of equals) crowned.
    nation.gennum = made.length;
    const sum = (g: General) => g.leadership + g.strength + g.intel;
    made.reduce((best, g) => (sum(g) > sum(best) ? g : best)).officerLevel = 12;
    addMonthlyEvent(world, ['AutoDeleteInvader', id]);
  }
  env.nextNationId = lastNation + 1;
  addMonthlyEvent(world, 'InvaderEnding');

  const raised = new Set(invaders);
  for (const me of existing) {
    for (const you of invaders) {
      for (const key of [diplomacyKey(me, you), diplomacyKey(you, me)]) Object.assign(world.diplomacy.get(key)!, { state: Diplo.declared, term: 24 });
    }
  }
  for (const me of invaders) for (const you of invaders) if (me !== you) Object.assign(world.diplomacy.get(diplomacyKey(me, you))!, { state: Diplo.nap, term: 480 });
  for (const city of world.cities.slice(1)) {
    if (raised.has(city.nation)) Object.assign(city, { popMax: specAvg * npcEachCount * 100 * 4, defMax: 100000, wallMax: 10000 });
    Object.assign(city, { pop: city.popMax, agri: city.agriMax, comm: city.commMax, secu: city.secuMax });
  }
  chronicle(world, '【이벤트】 각지의 이민족들이 궐기합니다!');
  chronicle(world, '【이벤트】 중원의 전 국가에 선전포고 합니다!');
  chronicle(world, '【이벤트】 이민족의 기세는 그 누구도 막을 수 없을듯 합니다!');
  return invaders.length;
}
