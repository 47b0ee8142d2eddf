import { GameConst } from '../../world/constants';
import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { chronicle, generalLog } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { notBeNeutral, notLord } from '../constraints';
import { withJosa } from '../../world/josa';
import { dissolveTroop } from '../../world/troops';
import { keepMaxBelong, increaseInheritancePoint } from '../../world/inheritance';

/** 하야: leave the nation; riches above the default stay with it, and trust in the general drops. */
export const resign: CommandDef<null> = {
  key: 'che_하야',
  name: '하야',
  id: 'resign',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'resign'),
  constraints: [notBeNeutral, notLord],
  run(ctx) {
    const { world, general: g, nation } = ctx;
    if (nation) {
      const gold = Math.max(0, g.gold - GameConst.defaultGold);
      const rice = Math.max(0, g.rice - GameConst.defaultRice);
      nation.gold += gold;
      nation.rice += rice;
      g.gold -= gold;
      g.rice -= rice;
      nation.gennum = Math.max(0, nation.gennum - 1);
    }
    // The legacy sets the scaled values and adds 0 (no personality): the levels follow the
    // unrounded product, the columns round it.
    generalLog(world, g.id, `${nation?.name ?? ''}에서 하야했습니다.`);
    const keep = 1 - 0.1 * g.betray;
    g.experience *= keep;
    g.dedication *= keep;
    for (const line of addExperience(g, 0, false)) generalLog(world, g.id, line);
    for (const line of addDedication(g, 0, false)) generalLog(world, g.id, line);
    g.betray = Math.min(GameConst.maxBetrayCnt, g.betray + 1);
    g.nation = 0;
    keepMaxBelong(g);
    g.belong = 0;
    g.makelimit = 12;
    g.officerLevel = 0;
    g.officerCity = 0;
    delete g.permission;
    if (g.troop === g.id) dissolveTroop(world, g.id);
    g.troop = 0;
    chronicle(world, `${withJosa(g.name, '이')} ${nation?.name ?? ''}에서 하야했습니다.`);
    for (const line of checkStatChange(g)) generalLog(world, g.id, line);
    increaseInheritancePoint(ctx.world, ctx.general, 'active_action', 1);
    return true;
  },
};
