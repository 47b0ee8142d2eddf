import { GameConst } from '../world/constants';
import { citiesOfNation, relYear } from '../world/queries';
import type { City, TurnSlot } from '../world/types';
import type { AiSession } from './ai-session';
import { DipState } from './diplomacy-state';
import type { AiTurn } from './turns';
import { statOf } from '../stats/stats';

/** `che_NPC능동` (순간이동, its only option) to a city, when it can run. */
export const teleport = (t: AiTurn, destCityId: number) => t.attempt('che_NPC능동', { destCityId });

/**
 * Legacy do후방워프: at 징병 or later, a commander short of soldiers in a city too thin to
 * recruit from (below half its people or below max(50000, 30000) + L×100) appears in another
 * supplied city that can feed a draft, drawn by its people ratio — cities off the front
 * first, else any supplied one with front cities at half weight.
 */
export function rearWarpPriority(t: AiTurn): TurnSlot | null {
  const { minNPCRecruitCityPopulation, safeRecruitCityPopulationRatio, minWarCrew } = t.policy;
  const full = Math.floor(statOf(t.general, 'leadership', false, t.nation, relYear(t.world)));
  const minRecruitPop = Math.max(full * 100 + GameConst.minAvailableRecruitPop, full * 100 + minNPCRecruitCityPopulation);
  if (t.dip.dipState === DipState.peace || t.dip.dipState === DipState.declared) return null;
  if (!t.ai.commander || t.general.crew >= minWarCrew) return null;
  const here = t.city;
  if (here.pop / here.popMax >= safeRecruitCityPopulationRatio && here.pop >= minNPCRecruitCityPopulation && here.pop >= minRecruitPop) return null;
  const recruitable = (c: City, atLeast: (pop: number) => boolean) =>
    c.id !== here.id && c.pop / c.popMax >= safeRecruitCityPopulationRatio && c.pop >= minNPCRecruitCityPopulation && atLeast(c.pop);
  const supplied = citiesOfNation(t.world, t.nation.id).filter((c) => c.supply === 1);
  let weights: [number, number][] = supplied
    .filter((c) => c.front === 0 && recruitable(c, (pop) => pop >= minRecruitPop))
    .map((c) => [c.id, c.pop / c.popMax]);
  if (weights.length === 0) {
    weights = supplied
      .filter((c) => recruitable(c, (pop) => pop > minRecruitPop))
      .map((c) => [c.id, c.front !== 0 ? c.pop / c.popMax / 2 : c.pop / c.popMax]);
  }
  return weights.length > 0 ? teleport(t, t.rng.choiceUsingWeight(weights)) : null;
}

/** Legacy calcCityDevelRate: each ratio and the kind of general who raises it. */
function develRates(c: City): [number, 'commander' | 'scholar' | 'warrior'][] {
  return [
    [c.trust / 100, 'commander'], [c.pop / c.popMax, 'commander'],
    [c.agri / c.agriMax, 'scholar'], [c.comm / c.commMax, 'scholar'],
    [c.secu / c.secuMax, 'warrior'], [c.def / c.defMax, 'warrior'], [c.wall / c.wallMax, 'warrior'],
  ];
}

const ownRates = (ai: AiSession, c: City) => develRates(c).filter(([, kind]) => ai[kind]).map(([rate]) => rate);

/**
 * Legacy do내정워프: unless a commander at 징병 or later, with p 0.4 and then with p the
 * product of its own kinds' ratios here (its work here is mostly done), a general appears in
 * another supplied city whose mean ratio of those kinds is below 0.95, drawn by
 * 1 / (mean × √(members there + 1)) — the members counted only when the nation AI has run
 * in the same turn, as legacy's cached city rows have them only then.
 */
export function domesticWarpPriority(t: AiTurn): TurnSlot | null {
  if (t.ai.commander && t.dip.dipState !== DipState.peace && t.dip.dipState !== DipState.declared) return null;
  if (t.rng.nextBool(0.6)) return null;
  const here = ownRates(t.ai, t.city);
  if (here.length === 0) return null;
  if (!t.rng.nextBool(here.reduce((p, rate) => p * rate, 1))) return null;
  const weights: [number, number][] = [];
  for (const c of citiesOfNation(t.world, t.nation.id)) {
    if (c.supply !== 1 || c.id === t.city.id) continue;
    const rate = ownRates(t.ai, c).reduce((sum, r) => sum + r, 0.0001) / here.length;
    if (rate >= 0.95) continue;
    weights.push([c.id, 1 / (rate * Math.sqrt((t.ai.membersByCity?.get(c.id) ?? 0) + 1))]);
  }
  return weights.length > 0 ? teleport(t, t.rng.choiceUsingWeight(weights)) : null;
}
