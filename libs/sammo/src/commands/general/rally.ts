import { grouped, phpRound } from '../../world/php-math';
import { GameConst } from '../../world/constants';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { notBeNeutral, notWanderingNation, occupiedCity, reqGeneralCrew, reqGeneralGold, reqAtmosMargin } from '../constraints';
import { clamp } from './domestic';
import { drillRewards, drillScore } from './drill-score';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

/** 사기진작: raises morale for a crew/100 gold. */
export const rally: CommandDef<null> = {
  key: 'che_사기진작',
  name: '사기진작',
  id: 'rally',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'rally'),
  constraints: [
    notBeNeutral, notWanderingNation, occupiedCity, reqGeneralCrew,
    reqGeneralGold((c) => phpRound(c.general.crew / 100)),
    reqAtmosMargin(0),
  ],
  run(ctx) {
    const g = ctx.general;
    const score = drillScore(ctx, GameConst.atmosDelta);
    g.atmos = clamp(g.atmos + score, 0, GameConst.maxAtmosByCommand);
    g.train = Math.max(0, Math.trunc(g.train * 1));
    g.gold = Math.max(0, g.gold - phpRound(g.crew / 100));
    drillRewards(ctx, g, score, `사기치가 ${grouped(score)} 상승했습니다.`);
    tryUniqueItemLottery(ctx);
    return true;
  },
};
