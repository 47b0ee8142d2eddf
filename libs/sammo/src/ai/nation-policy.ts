import { CREW_TYPES, crewTypeOf } from '../commands/crew-types';
import { statOf } from '../commands/stats';
import { GameConst } from '../world/constants';
import type { General } from '../world/types';

/**
 * AutorunNationPolicy defaults the reward priorities read (§8 values; `defaultStatMax` 80 and
 * `defaultStatNPCMax` 75 are legacy GameConst's). Values the legacy policy leaves at 0 are
 * derived from drafts of the default crew type (보병), here the stand-in unit data.
 */
export const NationPolicy = {
  reqNationGold: 10000,
  reqNationRice: 12000,
  reqHumanDevelGold: 10000,
  reqHumanDevelRice: 10000,
  reqNpcDevelRice: 500,
  minimumResourceActionAmount: 1000,
  minNpcWarLeadership: 40,
  defaultStatMax: 80,
  defaultStatNpcMax: 75,
} as const;

export const fullLeadership = (g: General) => Math.floor(statOf(g, 'leadership', false));

const techCost = (tech: number) => 1 + Math.min(Math.max(Math.floor(tech / 1000), 0), GameConst.maxTechLevel) * 0.15;

/** `GameUnitDetail::costWithTech(tech, crew)` on the stand-in unit data: gold per 100 × tech factor × crew/100. */
export const costWithTech = (crewtype: number, tech: number, crew: number) => (crewTypeOf(crewtype) ?? CREW_TYPES[0]!).cost * techCost(tech) * (crew / 100);

/** `riceWithTech` on the stand-in unit data: 1 rice per 100 soldiers, as 징병 charges here. */
export const riceWithTech = (crew: number) => crew / 100;

/** Legacy `Util::valueFit(v, min, max)`: the lower bound first, then the upper. */
export const valueFit = (v: number, min: number, max: number) => (v < min ? min : v > max ? max : v);

/** Legacy `Util::round(v, -2)` for the non-negative amounts here. */
export const roundHundreds = (v: number) => Math.round(v / 100) * 100;

/** Default draft of `stat` leadership with the default crew type: [gold, rice]. */
export function defaultDraft(tech: number, stat: number): [number, number] {
  return [costWithTech(CREW_TYPES[0]!.id, tech, stat * 100), riceWithTech(stat * 100)];
}

/** A 포상 candidate and its weight, as the legacy reward priorities build them. */
export type RewardCandidate = [{ isGold: boolean; amount: number; destGeneralId: number }, number];
