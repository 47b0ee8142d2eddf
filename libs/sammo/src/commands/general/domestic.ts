import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { relYear } from '../../world/queries';
import { techLimited } from '../../world/tech';
import { floatColumn, sqlNumber } from '../../world/sql-columns';
import { generalLog } from '../../world/logbook';
import type { City, General, Nation } from '../../world/types';
import { noArg } from '../args';
import type { CommandContext, CommandDef, Constraint } from '../command';
import {
  notBeNeutral, notWanderingNation, occupiedCity, remainCityCapacity, remainCityTrust, reqGeneralGold, reqGeneralRice, suppliedCity,
} from '../constraints';
import { statOf, type StatName } from '../../stats/stats';
import { type DomesticTurn } from '../../traits';
import { modifiers } from '../../stats/chain';
import { withJosa } from '../../world/josa';
import { phpNumberFormat, phpRound } from '../../world/php-math';
import { recordDomesticCriticalRun } from '../../world/inheritance';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

/** What a domestic command improves (§5.1 table). */
type Target = 'agri' | 'comm' | 'secu' | 'def' | 'wall' | 'tech' | 'pop' | 'trust';

/** The legacy `onCalcDomestic` turn type of each target (§5.1 table, "key"). */
const TURN_TYPE: Record<Target, DomesticTurn> = { agri: '농업', comm: '상업', secu: '치안', def: '수비', wall: '성벽', tech: '기술', pop: '인구', trust: '민심' };

export interface DomesticSpec {
  key: string;
  name: string;
  id: string;
  stat: StatName;
  target: Target;
  /** The front debuff for the five city-stat commands; null for 기술/정착/주민. */
  debuff: number | null;
  /** Whether the score scales with trust (`che_상업투자` and its subclasses). */
  trustScaled: boolean;
  /** Cost in rice (×2) rather than gold. */
  paidInRice: boolean;
}

const STAT_EXP = { leadership: 'leadershipExp', strength: 'strengthExp', intel: 'intelExp' } as const;

/**
 * `round(onCalcDomestic(key, 'cost', develcost × times))` (§5.1 step 1); without a target,
 * the bare cost. The rice-paid commands double the cost before the hook and the rounding.
 */
export function domesticCost(ctx: CommandContext, target?: Target, times = 1): number {
  const base = ctx.world.env.develcost * times;
  return phpRound(target === undefined ? base : modifiers(ctx.general, ctx.nation).domestic(TURN_TYPE[target], 'cost', base));
}

function capacityConstraint(spec: DomesticSpec): Constraint<null>[] {
  if (spec.target === 'tech') return [];
  if (spec.target === 'trust') return [remainCityTrust];
  return [remainCityCapacity(spec.target, spec.name)];
}

/** The shared body of the eight domestic commands (§5.1 steps 1–6). */
export function domesticCommand(spec: DomesticSpec): CommandDef<null> {
  const turn = TURN_TYPE[spec.target];
  const gold = (c: CommandContext) => (spec.paidInRice ? 0 : domesticCost(c, spec.target));
  const rice = (c: CommandContext) => (spec.paidInRice ? domesticCost(c, spec.target, 2) : 0);
  return {
    key: spec.key,
    name: spec.name,
    id: spec.id,
    kind: 'general',
    readArg: (raw) => noArg(raw, spec.id),
    constraints: [notBeNeutral, notWanderingNation, occupiedCity, suppliedCity, reqGeneralGold(gold), reqGeneralRice(rice), ...capacityConstraint(spec)],
    run(ctx) {
      const { general, city, rng } = ctx;
      const traits = modifiers(general, ctx.nation);
      let score = statOf(general, spec.stat, true, ctx.nation, relYear(ctx.world));
      if (spec.trustScaled) score *= Math.max(city.trust, 50) / 100;
      score *= 1 + general.explevel / 500;
      score *= rng.nextRange(0.8, 1.2);
      score = Math.max(1, traits.domestic(turn, 'score', score));

      const { success, fail } = criticalRatios(general, spec, city, ctx.nation, relYear(ctx.world));
      const pick = rng.choiceUsingWeight<'fail' | 'success' | 'normal'>([['fail', fail], ['success', success], ['normal', 1 - fail - success]]);
      const multiplier = pick === 'success' ? rng.nextRange(2.2, 3.0) : pick === 'fail' ? rng.nextRange(0.2, 0.4) : 1;
      score = spec.target === 'trust' ? score * multiplier : phpRound(score * multiplier);
      const baseScore = score;

      if (spec.debuff !== null && (city.front === 1 || city.front === 3)) score *= frontDebuff(ctx, spec.debuff);

      // The legacy logs the outcome first, then the level and stat changes it brings.
      const verdict = pick === 'success' ? '성공하여' : pick === 'fail' ? '실패하여' : '하여';
      generalLog(ctx.world, general.id, `${withJosa(spec.name, '을')} ${verdict} ${scoreText(spec.target, baseScore)}`);
      for (const line of addExperience(general, baseScore * 0.7)) generalLog(ctx.world, general.id, line);
      for (const line of addDedication(general, baseScore)) generalLog(ctx.world, general.id, line);
      general.aux.maxDomesticCritical = pick === 'success' ? (general.aux.maxDomesticCritical ?? 0) + baseScore / 2 : 0;
      recordDomesticCriticalRun(ctx.world, general);
      applyScore(ctx, spec.target, score);
      general.gold = Math.max(0, general.gold - gold(ctx));
      general.rice = Math.max(0, general.rice - rice(ctx));
      general[STAT_EXP[spec.stat]] += 1;
      for (const line of checkStatChange(general)) generalLog(ctx.world, general.id, line);
      tryUniqueItemLottery(ctx);
      return true;
    },
  };
}

/** Criticals from full stats (no injury), `v = min(mean(L,S,I)/stat, 1.2)` (§5.1 step 3). */
export function criticalRatios(
  general: General, spec: Pick<DomesticSpec, 'stat' | 'trustScaled' | 'target'>, city: City, nation: Nation | undefined, relYear: number,
): { success: number; fail: number } {
  const l = statOf(general, 'leadership', false, nation, relYear);
  const s = statOf(general, 'strength', false, nation, relYear);
  const i = statOf(general, 'intel', false, nation, relYear);
  const own = statOf(general, spec.stat, false, nation, relYear);
  const v = Math.min((l + s + i) / 3 / Math.max(own, 1e-9), 1.2);
  let fail = clamp((v / 1.2) ** 1.4 - 0.3, 0, 0.5);
  let success = clamp((v / 1.2) ** 1.5 - 0.25, 0, 0.5);
  // The legacy reads trust through valueFit(trust, 50) here as for the score.
  const trust = Math.max(city.trust, 50);
  if (spec.trustScaled && trust < 80) success *= trust / 80;
  const traits = modifiers(general, nation);
  const turn = TURN_TYPE[spec.target];
  success = clamp(traits.domestic(turn, 'success', success), 0, 1);
  fail = traits.domestic(turn, 'fail', fail);
  fail = clamp(fail, 0, 1 - success);
  return { success, fail };
}

/** The front debuff, softened in the capital during the first 25 years (§5.1 step 5). */
export function frontDebuff(ctx: CommandContext, debuff: number): number {
  if (ctx.nation === undefined || ctx.nation.capital !== ctx.city.id) return debuff;
  const years = relYear(ctx.world);
  if (years >= 25) return debuff;
  const k = clamp(years - 5, 0, 20) * 0.05;
  return k * debuff + (1 - k);
}

function applyScore(ctx: CommandContext, target: Target, score: number): void {
  const city = ctx.city;
  switch (target) {
    case 'tech': {
      const nation = ctx.nation!;
      const effective = techLimited(ctx.world.env.startyear, ctx.world.env.year, nation.tech) ? score / 4 : score;
      // Written as PHP's float text into the FLOAT column and read back at six digits.
      nation.tech = floatColumn(sqlNumber(nation.tech + effective / Math.max(nation.gennum, 10)));
      return;
    }
    case 'pop': {
      city.pop = phpRound(clamp(city.pop + score * 10, 0, city.popMax));
      return;
    }
    case 'trust': {
      city.trust = floatColumn(sqlNumber(clamp(city.trust + score / 10, 0, 100)));
      return;
    }
    default: {
      city[target] = phpRound(clamp(city[target] + score, 0, city[`${target}Max`]));
    }
  }
}

/** The legacy log shows the score before the front debuff and the caps, not what the city gained. */
function scoreText(target: Target, score: number): string {
  if (target === 'pop') return `주민이 ${phpNumberFormat(score * 10, 0, ',')}명 증가했습니다.`;
  if (target === 'trust') return `${phpNumberFormat(score / 10, 1, ',')} 상승했습니다.`;
  return `${phpNumberFormat(score, 0, ',')} 상승했습니다.`;
}

export function clamp(v: number, min: number, max: number): number {
  return v < min ? min : v > max ? max : v;
}
