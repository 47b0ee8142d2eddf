import { costWithTech as unitCostWithTech, crewTypeOf, DEFAULT_CREW_TYPE, riceWithTech } from '../stats/crew-types';
import { statOf } from '../stats/stats';
import { GameConst } from '../world/constants';
import type { General, Nation, NationPolicy, World } from '../world/types';
import { phpRound } from '../world/php-math';
import { policyOf } from '../world/policy';

/** Legacy `GameConst::$defaultStatMax`: the stat cap the users' war stocks are priced at. */
export const DEFAULT_STAT_MAX = 80;

type Resource = 'gold' | 'rice';

/** `reqNationGold` / `reqNationRice`: what the treasury keeps before it rewards. */
export const nationReserve = (p: NationPolicy, key: Resource) => (key === 'gold' ? p.reqNationGold : p.reqNationRice);

/** `reqHumanDevelGold` / `Rice`: a civil user's stock. */
export const humanDevelStock = (p: NationPolicy, key: Resource) => (key === 'gold' ? p.reqHumanDevelGold : p.reqHumanDevelRice);

/** `reqNPCWarGold` / `Rice`; 0 takes four default drafts at the NPC stat cap (75), to hundreds. */
export function npcWarStock(p: NationPolicy, key: Resource, tech: number): number {
  const set = key === 'gold' ? p.reqNPCWarGold : p.reqNPCWarRice;
  return set !== 0 ? set : roundHundreds(defaultDraft(tech, GameConst.defaultStatNPCMax)[key === 'gold' ? 0 : 1] * 4);
}

/** `reqNPCDevelGold` (0 takes 30 develcosts) / `reqNPCDevelRice`: a civil NPC's stock. */
export function npcDevelStock(p: NationPolicy, key: Resource, develcost: number): number {
  if (key === 'rice') return p.reqNPCDevelRice;
  return p.reqNPCDevelGold !== 0 ? p.reqNPCDevelGold : develcost * 30;
}

/** `reqHumanWarUrgentGold` / `Rice`; 0 takes six default drafts at the stat cap (80), to hundreds. */
export function humanWarUrgentStock(p: NationPolicy, key: Resource, tech: number): number {
  const set = key === 'gold' ? p.reqHumanWarUrgentGold : p.reqHumanWarUrgentRice;
  return set !== 0 ? set : roundHundreds(defaultDraft(tech, DEFAULT_STAT_MAX)[key === 'gold' ? 0 : 1] * 3 * 2);
}

/** `reqHumanWarRecommandGold` / `Rice`; 0 takes twice the urgent stock, to hundreds. */
export function humanWarRecommendedStock(p: NationPolicy, key: Resource, tech: number): number {
  const set = key === 'gold' ? p.reqHumanWarRecommandGold : p.reqHumanWarRecommandRice;
  return set !== 0 ? set : roundHundreds(humanWarUrgentStock(p, key, tech) * 2);
}

/** Legacy `getLeadership(false)`: without injury, with the trait chain (the office's bonus among it), floored. */
export const fullLeadership = (g: General, nation: Nation, relYear: number) => Math.floor(statOf(g, 'leadership', false, nation, relYear));

/** `GameUnitDetail::costWithTech(tech, crew)` of the general's crew type (보병 for an unknown one). */
export const costWithTech = (crewtype: number, tech: number, crew: number) => unitCostWithTech(crewTypeOf(crewtype) ?? DEFAULT_CREW_TYPE, tech, crew);

/** Legacy `Util::valueFit(v, min, max)` (`clamp`): the lower bound when the bounds cross, else the lower bound first, then the upper. */
export const valueFit = (v: number, min: number, max: number) => (max < min || v < min ? min : v > max ? max : v);

/** Legacy `Util::round(v, -2)` for the non-negative amounts here. */
export const roundHundreds = (v: number) => phpRound(v / 100) * 100;

/** Default draft of `stat` leadership with the default crew type: [costWithTech, riceWithTech] (unrounded). */
export function defaultDraft(tech: number, stat: number): [number, number] {
  return [unitCostWithTech(DEFAULT_CREW_TYPE, tech, stat * 100), riceWithTech(DEFAULT_CREW_TYPE, tech, stat * 100)];
}

/**
 * The members holding less than `below` of a resource, poorest first (a stable sort: the given
 * order among equals). The reward priorities walk the members sorted by the resource and stop
 * at the first one with `below` or more, so this is the part of that list they read, with each
 * member at the same index; sorting only it spares sorting the whole nation every chief turn.
 */
export function poorestBelow(members: readonly General[], key: 'gold' | 'rice', below: number): General[] {
  return members.filter((g) => g[key] < below).sort((a, b) => a[key] - b[key]);
}

/** A 포상 candidate and its weight, as the legacy reward priorities build them. */
export type RewardCandidate = [{ isGold: boolean; amount: number; destGeneralId: number }, number];

/**
 * Legacy GeneralAI's maxResourceActionAmount: the largest 포상/몰수 its nation priorities
 * make — the largest of the policy's minimum, a tenth of last month's incomes, a fifth of the
 * treasury and 1000 a year after the third, to hundreds, at most the policy's maximum and 10000.
 */
export function maxResourceActionAmount(world: World, nation: Nation): number {
  const { year, startyear } = world.env;
  const policy = policyOf(nation);
  const amount = phpRound(Math.max(
    policy.minimumResourceActionAmount, nation.prevIncomeGold / 10, nation.prevIncomeRice / 10, nation.gold / 5, nation.rice / 5, (year - startyear - 3) * 1000,
  ) / 100) * 100;
  return Math.min(amount, policy.maximumResourceActionAmount, GameConst.maxResourceActionAmount);
}
