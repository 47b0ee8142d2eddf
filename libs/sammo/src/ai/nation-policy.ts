import { costWithTech as unitCostWithTech, crewTypeOf, DEFAULT_CREW_TYPE, riceWithTech } from '../commands/crew-types';
import { statOf } from '../commands/stats';
import { GameConst } from '../world/constants';
import type { General, Nation, World } from '../world/types';
import { phpRound } from '../world/php-math';

/**
 * AutorunNationPolicy defaults the reward priorities read (§8 values; `defaultStatMax` 80 and
 * `defaultStatNPCMax` 75 are legacy GameConst's). Values the legacy policy leaves at 0 are
 * derived from drafts of the default crew type (보병 of the `che` unit set: 9 gold, 9 rice per 100).
 */
export const NationPolicy = {
  reqNationGold: 10000,
  reqNationRice: 12000,
  reqHumanDevelGold: 10000,
  reqHumanDevelRice: 10000,
  reqNpcDevelRice: 500,
  minimumResourceActionAmount: 1000,
  minNpcWarLeadership: 40,
  minWarCrew: 1500,
  minNpcRecruitCityPopulation: 50000,
  safeRecruitCityPopulationRatio: 0.5,
  properWarTrainAtmos: 90,
  defaultStatMax: 80,
  defaultStatNpcMax: 75,
} as const;

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
 * make — the largest of 1000, a tenth of last month's incomes, a fifth of the treasury and
 * 1000 a year after the third, to hundreds, at most 10000.
 */
export function maxResourceActionAmount(world: World, nation: Nation): number {
  const { year, startyear } = world.env;
  const amount = phpRound(Math.max(
    NationPolicy.minimumResourceActionAmount, nation.prevIncomeGold / 10, nation.prevIncomeRice / 10, nation.gold / 5, nation.rice / 5, (year - startyear - 3) * 1000,
  ) / 100) * 100;
  return Math.min(amount, GameConst.maxResourceActionAmount);
}
