import { statOf } from '../stats/stats';
import { relYear } from '../world/queries';
import type { RandUtil } from '../rng/rand-util';
import { techLimited } from '../world/tech';
import type { City, General, Nation, TurnSlot, World } from '../world/types';
import type { AiSession } from './ai-session';

type Weighted = [TurnSlot, number][];

const slot = (action: string): TurnSlot => ({ action, arg: null });
/** `Util::valueFit(v, min, max)`. */
const fit = (v: number, min: number, max = Infinity) => Math.min(max, Math.max(min, v));

interface Rates {
  trust: number; pop: number; agri: number; comm: number; secu: number; def: number; wall: number;
}

function ratesOf(city: City): Rates {
  return {
    trust: city.trust / 100, pop: city.pop / city.popMax, agri: city.agri / city.agriMax, comm: city.comm / city.commMax,
    secu: city.secu / city.secuMax, def: city.def / city.defMax, wall: city.wall / city.wallMax,
  };
}

function currentStats(world: World, general: General, nation: Nation): { l: number; s: number; i: number } {
  const years = relYear(world);
  return {
    l: Math.floor(statOf(general, 'leadership', true, nation, years)),
    s: Math.floor(statOf(general, 'strength', true, null, years)),
    i: Math.floor(statOf(general, 'intel', true, null, years)),
  };
}

/** The research weight: eager when a whole tech level behind (divisor 2000, 3000 at war), else the intel. */
function researchWeight(world: World, nation: Nation, i: number, divisor: number): number | null {
  const { startyear, year } = world.env;
  if (techLimited(startyear, year, nation.tech)) return null;
  return techLimited(startyear, year, nation.tech + 1000) ? i : i / (((nation.tech % 1000) + 1) / divisor);
}

/**
 * 일반내정 candidates by the general's type (§8 weights, current stats): 통솔장 주민선정 and
 * 정착장려, 무장 수비/성벽/치안, 지장 기술/농지/상업 (농지 favoured in spring and summer).
 * The caller keeps those whose full condition holds.
 */
export function peaceDomestic(world: World, general: General, nation: Nation, city: City, ai: AiSession): Weighted {
  const out: Weighted = [];
  const r = ratesOf(city);
  const { l, s, i } = currentStats(world, general, nation);
  const spring = world.env.month <= 6;
  if (ai.commander) {
    if (r.trust < 0.98) out.push([slot('che_주민선정'), (l / fit(r.trust / 2 - 0.2, 0.001)) * 2]);
    if (r.pop < 0.8) out.push([slot('che_정착장려'), l / fit(r.pop, 0.001)]);
    else if (r.pop < 0.99) out.push([slot('che_정착장려'), l / fit(r.pop / 4, 0.001)]);
  }
  if (ai.warrior) {
    if (r.def < 1) out.push([slot('che_수비강화'), s / fit(r.def, 0.001)]);
    if (r.wall < 1) out.push([slot('che_성벽보수'), s / fit(r.wall, 0.001)]);
    if (r.secu < 0.9) out.push([slot('che_치안강화'), s / fit(r.secu / 0.8, 0.001, 1)]);
    else if (r.secu < 1) out.push([slot('che_치안강화'), s / 2 / fit(r.secu, 0.001)]);
  }
  if (ai.scholar) {
    const research = researchWeight(world, nation, i, 2000);
    if (research !== null) out.push([slot('che_기술연구'), research]);
    if (r.agri < 1) out.push([slot('che_농지개간'), ((spring ? 1.2 : 0.8) * i) / fit(r.agri, 0.001, 1)]);
    if (r.comm < 1) out.push([slot('che_상업투자'), ((spring ? 0.8 : 1.2) * i) / fit(r.comm, 0.001, 1)]);
  }
  return out;
}

/**
 * 전쟁내정 candidates: like 일반내정 with half thresholds and lighter weights, front cities
 * (front 1 or 3) favouring settlers and disfavouring farms and markets; research is eager
 * with divisor 3000. Skipped with p 0.3 (the caller draws it).
 */
export function warDomestic(world: World, general: General, nation: Nation, city: City, ai: AiSession): Weighted {
  const out: Weighted = [];
  const r = ratesOf(city);
  const { l, s, i } = currentStats(world, general, nation);
  const spring = world.env.month <= 6;
  const front = city.front === 1 || city.front === 3;
  if (ai.commander) {
    if (r.trust < 0.98) out.push([slot('che_주민선정'), (l / fit(r.trust / 2 - 0.2, 0.001)) * 2]);
    if (r.pop < 0.8) out.push([slot('che_정착장려'), front ? l / fit(r.pop, 0.001) : l / fit(r.pop, 0.001) / 2]);
  }
  if (ai.warrior) {
    if (r.def < 0.5) out.push([slot('che_수비강화'), s / fit(r.def, 0.001) / 2]);
    if (r.wall < 0.5) out.push([slot('che_성벽보수'), s / fit(r.wall, 0.001) / 2]);
    if (r.secu < 0.5) out.push([slot('che_치안강화'), s / fit(r.secu / 0.8, 0.001, 1) / 4]);
  }
  if (ai.scholar) {
    const research = researchWeight(world, nation, i, 3000);
    if (research !== null) out.push([slot('che_기술연구'), research]);
    const share = front ? 4 : 2;
    if (r.agri < 0.5) out.push([slot('che_농지개간'), ((spring ? 1.2 : 0.8) * i) / share / fit(r.agri, 0.001, 1)]);
    if (r.comm < 0.5) out.push([slot('che_상업투자'), ((spring ? 0.8 : 1.2) * i) / share / fit(r.comm, 0.001, 1)]);
  }
  return out;
}

/** Either kind of 내정 is skipped with p 0.3 when the nation is short of its base rice. */
export function skipForRice(nation: Nation, rng: RandUtil, baseRice: number): boolean {
  return nation.rice < baseRice && rng.nextBool(0.3);
}
