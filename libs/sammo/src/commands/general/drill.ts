import { grouped } from '../../world/php-math';
import { GameConst } from '../../world/constants';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { notBeNeutral, notWanderingNation, occupiedCity, reqGeneralCrew, reqTrainMargin } from '../constraints';
import { clamp } from './domestic';
import { drillRewards, drillScore } from './drill-score';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

/** 훈련: raises training. */
export const drill: CommandDef<null> = {
  key: 'che_훈련',
  name: '훈련',
  id: 'drill',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'drill'),
  constraints: [notBeNeutral, notWanderingNation, occupiedCity, reqGeneralCrew, reqTrainMargin(0)],
  run(ctx) {
    const g = ctx.general;
    const score = drillScore(ctx, GameConst.trainDelta);
    g.train = clamp(g.train + score, 0, GameConst.maxTrainByCommand);
    g.atmos = Math.max(0, Math.trunc(g.atmos * 1));
    drillRewards(ctx, g, score, `훈련치가 ${grouped(score)} 상승했습니다.`);
    tryUniqueItemLottery(ctx);
    return true;
  },
};
