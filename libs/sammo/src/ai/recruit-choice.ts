import type { Json } from '@chronicle/engine';
import type { CommandContext } from '../commands/command';
import { crewTypeAvailable, crewTypeOf, crewTypesOfArm, nationHoldings, pickScore, riceWithTech, type Holdings } from '../stats/crew-types';
import { recruitCost } from '../commands/general/recruit';
import { statOf } from '../stats/stats';
import { relYear } from '../world/queries';
import type { TurnSlot } from '../world/types';
import type { AiSession } from './ai-session';
import { DipState, type DiplomacyState } from './diplomacy-state';
import { roundHundreds } from './nation-policy';
import { policyOf } from '../world/policy';

// Reused buffers: the crew-type draw allocates nothing per general turn.
const held: Holdings = { cities: 0, regions: 0 };
const pool: [number, number][] = [];
const candidates: [number, number][] = [];

/**
 * The 징병 priority (legacy GeneralAI::do징병) for an NPC with the default general policy
 * (no 모병, no 한계징병, no 고급병종). Draws from the AI stream, in order: the skip roll when the
 * city is below half its population cap, the arm type when none is kept, the crew type.
 */
export function recruitChoice(
  ctx: CommandContext,
  ai: AiSession,
  dip: DiplomacyState,
  attempt: (action: string, arg: Json) => TurnSlot | null,
): TurnSlot | null {
  const { general: g, city, rng } = ctx;
  if (dip.dipState === DipState.peace || dip.dipState === DipState.declared) return null;
  if (!ai.commander) return null;
  const { minNPCRecruitCityPopulation, safeRecruitCityPopulationRatio, minWarCrew } = policyOf(ctx.nation);
  if (g.crew >= minWarCrew) return null;

  const fullLeadership = Math.floor(statOf(g, 'leadership', false, ctx.nation, relYear(ctx.world)));
  // Keep the city above the policy's 50000 people after the draft; below half its cap, skip now and then.
  const remainPop = city.pop - minNPCRecruitCityPopulation - fullLeadership * 100;
  if (remainPop <= 0) return null;
  const maxPop = city.popMax - minNPCRecruitCityPopulation;
  if (city.pop / city.popMax < safeRecruitCityPopulationRatio && rng.nextBool(remainPop / maxPop)) return null;

  let armType = g.aux.armType;
  // A kept arm type the general's type does not fit is dropped (wizards need a 지장,
  // footmen/archers/cavalry a 무장).
  if (armType === 4 && !ai.scholar) armType = undefined;
  else if (armType !== undefined && armType >= 1 && armType <= 3 && !ai.warrior) armType = undefined;
  if (!armType) {
    const fullStrength = Math.floor(statOf(g, 'strength', false, null, relYear(ctx.world)));
    const fullIntel = Math.floor(statOf(g, 'intel', false, null, relYear(ctx.world)));
    const dexWeight = (arm: number) => Math.sqrt((g.dex[arm] ?? 0) + 500);
    const arms: [number, number][] = [];
    if (fullStrength > fullIntel * 0.9) for (const arm of [1, 2, 3]) arms.push([arm, dexWeight(arm) * fullStrength]);
    if (fullIntel > fullStrength * 0.9) arms.push([4, dexWeight(4) * fullIntel * 3]);
    armType = rng.choiceUsingWeight(arms);
  }
  // Legacy weighs the arm's crew types the nation may raise now (tech, owned cities and
  // regions, year) by pickScore(tech), in the unit set's order, and draws one float even when
  // a single type is left.
  const tech = ctx.nation?.tech ?? 0;
  nationHoldings(ctx.world, g.nation, held);
  const year = relYear(ctx.world);
  candidates.length = 0;
  for (const t of crewTypesOfArm(armType)) {
    if (!crewTypeAvailable(t, held, year, tech)) continue;
    const slot = pool[candidates.length] ?? (pool[candidates.length] = [0, 0]);
    slot[0] = t.id;
    slot[1] = pickScore(t, tech);
    candidates.push(slot);
  }
  if (candidates.length === 0) return null;
  const crewType = rng.choiceUsingWeight(candidates);

  // What 훈련 and 사기진작 will need is kept aside (legacy hard-codes L×3 gold, L×4 rice).
  const gold = g.gold - fullLeadership * 3;
  const rice = g.rice - fullLeadership * 4;
  if (gold <= 0 || rice <= 0) return null;

  let crew = fullLeadership * 100;
  // Legacy riceWithTech(tech, toInt(L×100 × killcrew/max(deathcrew,1) × 1.2)) of the drawn type:
  // the type's battle rice, not what 징병 charges.
  let riceCost = riceWithTech(crewTypeOf(crewType)!, tech, Math.trunc(((crew * g.rank.killcrew) / Math.max(g.rank.deathcrew, 1)) * 1.2));
  const cost = recruitCost(ctx, { crewType, amount: crew }, 1).gold;
  if (gold < cost && gold * 2 >= cost) {
    crew = roundHundreds(crew * 0.5 - 49);
    riceCost *= 0.5;
  }
  if (rice * 1.1 <= riceCost) return null;
  return attempt('che_징병', { crewType, amount: crew });
}
