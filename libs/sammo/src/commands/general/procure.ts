import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { relYear } from '../../world/queries';
import { generalLog } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { notBeNeutral, notWanderingNation, occupiedCity, suppliedCity } from '../constraints';
import { modifiers } from '../../stats/chain';
import { statOf } from '../../stats/stats';
import { frontDebuff } from './domestic';
import { drawStatExp } from './stat-exp';
import { phpRound } from '../../world/php-math';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

/** The front debuff of 물자조달 (legacy `$debuffFront`). */
const PROCURE_FRONT_DEBUFF = 0.5;

/**
 * 물자조달 (legacy che_물자조달): gold or rice for the nation, no cost. Draws, in order: the
 * resource (`choice` of 금/쌀: one bit), `nextRange(0.8, 1.2)`, the outcome by weight
 * (fail 0.3, success 0.1, normal 0.6, in that order), the critical multiplier (success
 * `nextRange(2.2, 3.0)`, fail `nextRange(0.2, 0.4)`), then the stat experience.
 * score = round(onCalcDomestic('조달', 'score', (L + S + I) × (1 + explevel/500) × range ×
 * critical)), each stat with injury and the trait chain, floored (legacy `getLeadership()`
 * defaults); the 0.1/0.3 ratios pass `onCalcDomestic('조달', 'success'|'fail')` (no modelled
 * trait changes 조달). exp = score × 0.7/3, ded = score/3 (from
 * the score before the front debuff); on a front city (front 1 or 3) the nation gets
 * score × 0.5 (softened in the capital in the first 25 years, as for domestic commands),
 * truncated to an integer as legacy's `%i` update does.
 */
export const procure: CommandDef<null> = {
  key: 'che_물자조달',
  name: '물자조달',
  id: 'procure',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'procure'),
  constraints: [notBeNeutral, notWanderingNation, occupiedCity, suppliedCity],
  run(ctx) {
    const { general: g, city, rng } = ctx;
    const nation = ctx.nation!;
    const traits = modifiers(g, nation);
    const [resName, resKey] = rng.choice([['금', 'gold'], ['쌀', 'rice']] as const);
    const stat = (name: 'leadership' | 'strength' | 'intel') => Math.floor(statOf(g, name, true, nation, relYear(ctx.world)));
    let score = stat('leadership') + stat('strength') + stat('intel');
    score *= 1 + g.explevel / 500;
    score *= rng.nextRange(0.8, 1.2);
    const success = traits.domestic('조달', 'success', 0.1);
    const fail = traits.domestic('조달', 'fail', 0.3);
    const pick = rng.choiceUsingWeight<'fail' | 'success' | 'normal'>([['fail', fail], ['success', success], ['normal', 1 - fail - success]]);
    if (pick === 'success') score *= rng.nextRange(2.2, 3.0);
    else if (pick === 'fail') score *= rng.nextRange(0.2, 0.4);
    score = phpRound(traits.domestic('조달', 'score', score));
    const exp = (score * 0.7) / 3;
    const ded = score / 3;
    if (city.front === 1 || city.front === 3) score *= frontDebuff(ctx, PROCURE_FRONT_DEBUFF);
    const amount = Math.trunc(score);
    const verdict = pick === 'fail' ? '조달을 실패하여 ' : pick === 'success' ? '조달을 성공하여 ' : '';
    // The log shows the score rounded (legacy number_format); the nation gets it truncated.
    generalLog(ctx.world, g.id, `${verdict}${resName}을 ${phpRound(score)} 조달했습니다.`);
    const statExp = drawStatExp(rng, g);
    for (const line of addExperience(g, exp)) generalLog(ctx.world, g.id, line);
    for (const line of addDedication(g, ded)) generalLog(ctx.world, g.id, line);
    g[statExp] += 1;
    nation[resKey] += amount;
    for (const line of checkStatChange(g)) generalLog(ctx.world, g.id, line);
    tryUniqueItemLottery(ctx);
    return true;
  },
};
