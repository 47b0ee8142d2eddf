import type { Json } from '@chronicle/engine';
import { relYear } from '../world/queries';
import { GENERAL_COMMANDS } from '../commands/registry';
import type { RandUtil } from '../rng/rand-util';
import type { AiSession } from './ai-session';
import { calcDiplomacyState, DipState } from './diplomacy-state';
import { peaceDomestic, skipForRice, warDomestic } from './domestic-weights';
import { GameConst, REST_KEY, CHIEF_STAT_MIN } from '../world/constants';
import type { City, General, Nation, TurnSlot, World } from '../world/types';
import { contextFor, feasible } from '../commands/feasible';
import { leadershipWithInjury } from '../stats/stats';
import { policyOf } from '../world/policy';
import type { AiTurn } from './turns';
import { recruitChoice } from './recruit-choice';
import { attackPriority, dischargePriority, frontWarpPriority } from './war-ai';
import { raiseBandPriority, wanderingRulerTurn } from './founding-ai';
import { donationPriority, tradePriority } from './resource-ai';
import { domesticWarpPriority, rearWarpPriority } from './warp-ai';
import { troopDummyTurn } from './troop-gather';

const slot = (action: string, arg: Json = null): TurnSlot => ({ action, arg });

type Priority = (t: AiTurn) => TurnSlot | null;

/** One of the candidates whose full condition holds, by weight. */
function pickFeasible(t: AiTurn, candidates: [TurnSlot, number][]): TurnSlot | null {
  const feasibleOnes = candidates.filter(([s]) => t.attempt(s.action, s.arg) !== null);
  return feasibleOnes.length > 0 ? t.rng.choiceUsingWeight(feasibleOnes) : null;
}

/**
 * The general priorities of §8, in the reference's order (후방워프 is commented out in the
 * legacy AI, so it is absent here too).
 */
const PRIORITIES: readonly (readonly [string, Priority])[] = [
  // Legacy doNPC사망대비: near death, give everything of the larger stock (or gather when
  // there is nothing), returned without testing the command.
  ['NPC사망대비', (t) => {
    const g = t.general;
    if (g.npc < 2 || g.killturn > 5) return null;
    if (g.gold + g.rice === 0) return slot('che_물자조달');
    return slot('che_헌납', { isGold: g.gold >= g.rice, amount: GameConst.maxResourceActionAmount });
  }],
  ['귀환', (t) => (t.city.nation === t.general.nation && t.city.supply === 1 ? null : t.attempt('che_귀환'))],
  ['금쌀구매', tradePriority],
  ['출병', attackPriority],
  // Legacy do긴급내정: outside peace, a
  // city losing trust or people gets 주민선정 / 정착장려 with p L/chiefStatMin (halved for
  // people); L with injury, floored. p ≥ 1 draws nothing.
  ['긴급내정', (t) => {
    if (t.dip.dipState === DipState.peace) return null;
    const leadership = leadershipWithInjury(t.general, t.nation, relYear(t.world));
    if (t.city.trust < 70 && t.rng.nextBool(leadership / CHIEF_STAT_MIN)) {
      const goodwill = t.attempt('che_주민선정');
      if (goodwill) return goodwill;
    }
    if (t.city.pop < t.policy.minNPCRecruitCityPopulation && t.rng.nextBool(leadership / CHIEF_STAT_MIN / 2)) {
      const settle = t.attempt('che_정착장려');
      if (settle) return settle;
    }
    return null;
  }],
  ['전투준비', (t) => {
    const g = t.general;
    // Legacy do전투준비: skipped only in 평화 and 선포 (a far declaration).
    if (t.dip.dipState === DipState.peace || t.dip.dipState === DipState.declared) return null;
    const options: [TurnSlot, number][] = [];
    // Legacy do전투준비 offers each only while it is below properWarTrainAtmos.
    const drill = g.train < t.policy.properWarTrainAtmos ? t.attempt('che_훈련') : null;
    if (drill) options.push([drill, 100 / Math.max(g.train, 1)]);
    const rally = g.atmos < t.policy.properWarTrainAtmos ? t.attempt('che_사기진작') : null;
    if (rally) options.push([rally, 100 / Math.max(g.atmos, 1)]);
    return options.length > 0 ? t.rng.choiceUsingWeight(options) : null;
  }],
  ['전방워프', frontWarpPriority],
  ['NPC헌납', donationPriority],
  ['징병', (t) => recruitChoice(contextFor(t.world, t.general, t.rng), t.ai, t.dip, t.attempt)],
  ['후방워프', rearWarpPriority],
  ['전쟁내정', (t) => {
    // Legacy do전쟁내정 runs in every state but 평화.
    if (t.dip.dipState === DipState.peace || skipForRice(t.nation, t.rng, GameConst.baserice) || t.rng.nextBool(0.3)) return null;
    return pickFeasible(t, warDomestic(t.world, t.general, t.nation, t.city, t.ai));
  }],
  ['소집해제', dischargePriority],
  ['일반내정', (t) => {
    if (skipForRice(t.nation, t.rng, GameConst.baserice)) return null;
    return pickFeasible(t, peaceDomestic(t.world, t.general, t.nation, t.city, t.ai));
  }],
  ['내정워프', domesticWarpPriority],
];

/**
 * GeneralAI (§8) over the implemented commands, drawing only from the general's
 * `GeneralAI` stream. Before the priorities, in the legacy order: a troop dummy gathers its
 * troop (do집합), a reserved command is kept, the hurt (injury > 10) take 요양, an
 * unaffiliated NPC may raise a band (do거병) or else sometimes joins a nation (else 견문), a
 * wandering NPC ruler founds, marches or disbands; after them, the neutral fallback (legacy
 * do중립).
 */
export function chooseGeneralTurn(world: World, general: General, reserved: TurnSlot, ai: AiSession): TurnSlot {
  const rng = ai.rng;
  const ctx = contextFor(world, general, rng);
  if (general.npc >= 2) general.defenceTrain = GameConst.defaultDefenceTrain;
  if (general.npc === 5) return troopDummyTurn(general, reserved, rng);
  // A reserved command is kept as it is; if it cannot run, its turn fails and says why.
  if (reserved.action !== REST_KEY) return reserved;
  // §8: cure past the policy's cureThreshold (10) — legacy returns che_요양, which has no condition to fail.
  if (general.injury > policyOf(ctx.nation).cureThreshold) return slot('che_요양');
  const attempt = (action: string, arg: Json = null): TurnSlot | null => (feasible(ctx, GENERAL_COMMANDS.get(action)!, arg) ? slot(action, arg) : null);
  if (general.nation === 0 && (general.npc === 2 || general.npc === 3)) {
    const band = raiseBandPriority({ world, general, rng, attempt });
    if (band) return band;
  }
  if (general.nation === 0) return chooseNation(world, general, ctx.city, rng, attempt) ?? neutralFallback(general, undefined, rng, attempt);
  if (general.npc >= 2 && general.officerLevel === 12 && ctx.nation!.capital === 0) {
    const wandering = wanderingRulerTurn({ world, general, rng, attempt });
    if (wandering) return wandering;
  }
  const turn: AiTurn = { world, general, nation: ctx.nation!, policy: policyOf(ctx.nation), city: ctx.city, rng, ai, attempt, dip: calcDiplomacyState(world, general.nation) };
  for (const [, priority] of PRIORITIES) {
    const chosen = priority(turn);
    if (chosen) return chosen;
  }
  return neutralFallback(general, ctx.nation, rng, attempt);
}

/**
 * Legacy do국가선택 for a wanderer: with p 0.3 try 랜덤임관 — unless affinity is 999; in the
 * first three years skipped with p (1/(nations+1)/notFull³)^¼, later with p ½ — else with
 * p 0.2 move to a neighbour (`choice` over the city's paths). Null when nothing is chosen
 * or the command cannot run.
 */
function chooseNation(world: World, general: General, city: City, rng: RandUtil, attempt: AiTurn['attempt']): TurnSlot | null {
  if (rng.nextBool(0.3)) {
    if (general.affinity === 999) return null;
    if (world.env.year < world.env.startyear + 3) {
      const nations = world.nations.size;
      let notFull = 0;
      for (const n of world.nations.values()) if (n.gennum < GameConst.initialNationGenLimit) notFull++;
      if (nations === 0 || notFull === 0) return null;
      if (rng.nextBool((1 / (nations + 1) / notFull ** 3) ** (1 / 4))) return null;
    } else if (rng.nextBool()) {
      return null;
    }
    return attempt('che_랜덤임관');
  }
  if (rng.nextBool(0.2)) return attempt('che_이동', { destCityId: rng.choice(city.neighbours) });
  return null;
}

/**
 * Legacy do중립, the fallback when no priority chose. A wanderer takes 인재탐색 when it can
 * run and `!nextBool(0.8)` (no draw when it cannot), else 견문. A member picks (`choice`)
 * between 물자조달 and 인재탐색 — only 물자조달 when the nation's gold is below
 * reqNationGold or its rice below reqNationRice (one item: no draw) — and falls back to
 * 물자조달, unchecked, when the pick cannot run.
 */
export function neutralFallback(general: General, nation: Nation | undefined, rng: RandUtil, attempt: AiTurn['attempt']): TurnSlot {
  if (general.nation === 0 || nation === undefined) {
    const search = attempt('che_인재탐색');
    return search !== null && !rng.nextBool(0.8) ? search : slot('che_견문');
  }
  const { reqNationGold, reqNationRice } = policyOf(nation);
  const poor = nation.gold < reqNationGold || nation.rice < reqNationRice;
  const pick = rng.choice(poor ? ['che_물자조달'] : ['che_물자조달', 'che_인재탐색']);
  return attempt(pick) ?? slot('che_물자조달');
}

export function developmentRate(city: City): number {
  return (city.agri / city.agriMax + city.comm / city.commMax + city.secu / city.secuMax + city.def / city.defMax + city.wall / city.wallMax) / 5;
}
