import { grouped, phpRound } from '../../world/php-math';
import { GameConst } from '../../world/constants';
import { relYear } from '../../world/queries';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { notBeNeutral, notWanderingNation, occupiedCity, reqGeneralCrew, reqTrainMargin } from '../constraints';
import { leadershipWithInjury } from '../../stats/stats';
import { clamp } from './domestic';
import { drillRewards } from './drill-score';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

/**
 * 맹훈련 (legacy cr_맹훈련, offered by scenarios that list it): two thirds of 훈련's score to
 * both training and morale, twice that in dex. Its 500 rice is shown, never asked nor taken.
 */
export const hardDrill: CommandDef<null> = {
  key: 'cr_맹훈련',
  name: '맹훈련',
  id: 'hard-drill',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'hard-drill'),
  constraints: [notBeNeutral, notWanderingNation, occupiedCity, reqGeneralCrew, reqTrainMargin(0)],
  run(ctx) {
    const g = ctx.general;
    // The legacy's left-to-right product: × delta × 2 / 3, not × (delta × 2 / 3).
    const score = phpRound((((leadershipWithInjury(g, ctx.nation, relYear(ctx.world)) * 100) / g.crew) * GameConst.trainDelta * 2) / 3);
    g.train = clamp(g.train + score, 0, GameConst.maxTrainByCommand);
    g.atmos = clamp(g.atmos + score, 0, GameConst.maxAtmosByCommand);
    drillRewards(ctx, g, score * 2, `훈련, 사기치가 ${grouped(score)} 상승했습니다.`, { exp: 150, ded: 100, leadershipExp: 1 });
    tryUniqueItemLottery(ctx);
    return true;
  },
};
