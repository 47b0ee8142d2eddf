import { NATION_TYPES } from '../ai/founding-ai';
import { cityDistance } from '../commands/constraints';
import { GeneralBuilder, type PickTypeWeights } from '../pool/general-builder';
import { pickGeneralsFromPool } from '../pool/general-pool';
import type { RandUtil } from '../rng/rand-util';
import { Diplo, GameConst, NATION_COLORS } from '../world/constants';
import { newNation, scenarioNationAux, type NationSeed } from '../state/factory';
import { chronicle } from '../world/logbook';
import { phpRound } from '../world/php-math';
import { diplomacyKey } from '../world/queries';
import type { City, Nation, World } from '../world/types';

/** The development a new NPC nation's capital is brought to, capped by the city's own maxima. */
type Development = Record<'pop' | 'agri' | 'comm' | 'secu' | 'def' | 'wall', number>;
const KEYS = ['pop', 'agri', 'comm', 'secu', 'def', 'wall'] as const;
const MAX_OF = { pop: 'popMax', agri: 'agriMax', comm: 'commMax', secu: 'secuMax', def: 'defMax', wall: 'wallMax' } as const;

/** Closer than this to a held small or middle city, an empty city gets no NPC nation. */
const MIN_DISTANCE_TO_NATION = 3;
/** Closer than this to another new NPC nation, likewise. */
const MIN_DISTANCE_TO_NPC_NATION = 2;
const PICK_TYPES: PickTypeWeights = [['무', 1], ['지', 1]];

/** Legacy's trimmed mean: of three or more sorted values, the `round(n/6)` (at least one) lowest and highest go. */
function trimmed<T>(sorted: readonly T[]): readonly T[] {
  if (sorted.length < 3) return sorted;
  const cut = Math.max(phpRound(sorted.length / 6), 1);
  return sorted.slice(cut, sorted.length - cut);
}

/**
 * The development of the held cities among `cities` (by agri+comm+secu+def+wall, ties in id
 * order, trimmed), each key's mean truncated; with none held, a drawn city's maxima.
 */
function averageDevelopment(rng: RandUtil, cities: readonly City[]): Development {
  const held = cities.filter((c) => c.nation !== 0);
  if (held.length === 0) {
    const city = rng.choice(cities);
    return Object.fromEntries(KEYS.map((k) => [k, city[MAX_OF[k]]])) as Development;
  }
  const sum = (c: City) => c.agri + c.comm + c.secu + c.def + c.wall;
  const kept = trimmed([...held].sort((a, b) => sum(a) - sum(b)));
  return Object.fromEntries(KEYS.map((k) => [k, Math.trunc(kept.reduce((s, c) => s + c[k], 0) / kept.length)])) as Development;
}

/** The nations' (level > 0) trimmed mean of members, rounded; 10 (the opening's join limit) without one. */
function averageMembers(world: World): number {
  const counts = [...world.nations.values()].filter((n) => n.level !== 0).map((n) => n.gennum).sort((a, b) => a - b);
  if (counts.length === 0) return GameConst.initialNationGenLimit;
  const kept = trimmed(counts);
  return phpRound(kept.reduce((s, n) => s + n, 0) / kept.length);
}

/** The nations' (level > 0) mean tech, truncated: MariaDB sums the FLOAT column's float32 values. */
function averageTech(world: World): number {
  const techs = [...world.nations.values()].filter((n) => n.level > 0).map((n) => Math.fround(n.tech));
  return techs.length === 0 ? 0 : Math.trunc(techs.reduce((s, t) => s + t, 0) / techs.length);
}

/**
 * Legacy `Scenario\Nation::build` for a nation of one city: the row (bill 100, rate 15, a
 * strategic limit of 24, the flag change allowed — the name change too at level 7), the city
 * taken, and 통상 both ways with every nation already there.
 */
export function buildScenarioNation(world: World, seed: NationSeed): Nation {
  const others = [...world.nations.keys()];
  const nation = newNation(seed);
  Object.assign(nation, { rate: 15, rateTmp: 0, strategicCmdLimit: 24, aux: scenarioNationAux(seed.level) });
  world.nations.set(seed.id, nation);
  world.cities[seed.capital]!.nation = seed.id;
  for (const other of others) {
    world.diplomacy.set(diplomacyKey(seed.id, other), { state: Diplo.normal, term: 0, dead: 0 });
    world.diplomacy.set(diplomacyKey(other, seed.id), { state: Diplo.normal, term: 0, dead: 0 });
  }
  return nation;
}

/**
 * One NPC nation (legacy `buildNation`): `ⓤ{city}` of level 2 with 0 gold, 2000 rice, the
 * mean tech, a drawn colour and type; its ruler `{city}태수` (npc 6, killturn 240) and
 * `members − 1` pool generals (npc 6, aged 20, dying 10 + ⌊60(1 − log₂(1..1024)/10)⌋ years
 * on), all 1000 gold and rice and a 무 or 지 build; the capital at the averaged
 * development under its maxima, trust 100.
 */
function buildNpcNation(world: World, rng: RandUtil, city: City, tech: number, development: Development, members: number, clock: number): void {
  const { year } = world.env;
  const id = world.env.nextNationId++;
  const color = rng.choice(NATION_COLORS);
  const type = rng.choice(NATION_TYPES);
  const nation = buildScenarioNation(world, { id, name: `ⓤ${city.name}`, color, capital: city.id, gold: 0, rice: 2000, tech, level: 2, type });
  const ruler = new GeneralBuilder(rng, `${city.name}태수`, id);
  Object.assign(ruler, { officerLevel: 12, city: city.id, npc: 6, gold: 1000, rice: 1000 });
  ruler.drawStats(PICK_TYPES);
  ruler.killturn = 240;
  ruler.fillZero(world).build(world, clock);
  for (const member of pickGeneralsFromPool(world, rng, Math.max(0, members - 1))) {
    const deadyear = year + 10 + Math.trunc(60 * (1 - Math.log2(rng.nextRange(1, 1024)) / 10));
    Object.assign(member, { nation: id, city: city.id, npc: 6, gold: 1000, rice: 1000, bornyear: year - 20, deadyear });
    member.drawStats(PICK_TYPES);
    member.fillZero(world).build(world, clock);
  }
  nation.gennum = Math.max(0, members - 1) + 1;
  for (const k of KEYS) city[k] = Math.min(city[MAX_OF[k]], development[k]);
  city.trust = 100;
}

/**
 * Legacy RaiseNPCNation (a scenario event of the 공백지 scenarios): every empty small or
 * middle city (level 5–6) at least 3 roads from the held ones of those levels and 2 from the
 * NPC nations already raised gets one (see {@link buildNpcNation}), on the event's stream
 * (`RaiseNPCNation`, year, month). The cities are tried in `order`'s order: legacy shuffles
 * them with PHP's unseeded generator, the event action here on a stream of its own.
 */
export function raiseNpcNations(world: World, rng: RandUtil, clock: number, order: (cityIds: number[]) => number[]): number {
  const candidates = world.cities.slice(1).filter((c) => c.level >= 5 && c.level <= 6);
  if (candidates.length === 0) return 0;
  const development = averageDevelopment(rng, candidates);
  const members = averageMembers(world);
  const tech = averageTech(world);
  const held = candidates.filter((c) => c.nation !== 0).map((c) => c.id);
  const raised: number[] = [];
  for (const id of order(candidates.filter((c) => c.nation === 0).map((c) => c.id))) {
    if (held.some((other) => cityDistance(world, id, other, MIN_DISTANCE_TO_NATION) < MIN_DISTANCE_TO_NATION)) continue;
    if (raised.some((other) => cityDistance(world, id, other, MIN_DISTANCE_TO_NPC_NATION) < MIN_DISTANCE_TO_NPC_NATION)) continue;
    buildNpcNation(world, rng, world.cities[id]!, tech, development, members, clock);
    raised.push(id);
  }
  if (raised.length > 0) chronicle(world, '【공지】 공백지에 임의의 국가가 생성되었습니다.');
  return raised.length;
}
