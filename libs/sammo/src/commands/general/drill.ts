import { GameConst } from '../../world/constants';
import { addDedication, addExperience, checkStatChange } from '../../world/levels';
import { generalLog } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { notBeNeutral, occupiedCity, reqGeneralCrew } from '../constraints';
import { addDex, armTypeOf } from '../crew-types';
import { clamp } from './domestic';
import { drillScore } from './drill-score';

/** 훈련: raises training. */
export const drill: CommandDef<null> = {
  key: 'che_훈련',
  name: '훈련',
  id: 'drill',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'drill'),
  constraints: [notBeNeutral, occupiedCity, reqGeneralCrew, (c) => (c.general.train >= GameConst.maxTrainByCommand ? '병사들은 이미 정예병사들입니다.' : null)],
  run(ctx) {
    const g = ctx.general;
    const score = drillScore(ctx, GameConst.trainDelta);
    g.train = clamp(g.train + score, 0, GameConst.maxTrainByCommand);
    g.atmos = Math.max(0, Math.trunc(g.atmos * 1));
    addDex(g.dex, armTypeOf(g.crewtype), score);
    addExperience(g, 100);
    addDedication(g, 70);
    g.leadershipExp += 1;
    generalLog(ctx.world, g.id, `훈련치가 ${score} 상승했습니다.`);
    for (const line of checkStatChange(g)) generalLog(ctx.world, g.id, line);
    return true;
  },
};
