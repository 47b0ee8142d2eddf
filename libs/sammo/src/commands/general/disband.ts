import { GameConst } from '../../world/constants';
import { generalLog, log } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { beLord, wanderingNation } from '../constraints';
import { withJosa } from '../../world/josa';
import { deleteNation } from '../../lifecycle/delete-nation';
import { inFirstMonth, TALENT_SEARCH_INSTEAD } from './first-month';

/** 해산: the ruler of a band disbands it (not in the game's first month); everyone goes back to the wilderness. */
export const disband: CommandDef<null> = {
  key: 'che_해산',
  name: '해산',
  id: 'disband',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'disband'),
  constraints: [beLord, wanderingNation],
  run(ctx) {
    const { world } = ctx;
    if (inFirstMonth(ctx)) {
      generalLog(world, ctx.general.id, '다음 턴부터 해산할 수 있습니다.');
      return false;
    }
    const nation = ctx.nation!;
    // Members keep at most the default gold. The legacy's rice update tests gold again
    // (che_해산.php l.89–96), after gold was capped, so it catches nobody: only the ruler's
    // rice is capped, through the ruler's own clamp.
    for (const g of world.generals.values()) if (g.nation === nation.id && g.gold > GameConst.defaultGold) g.gold = GameConst.defaultGold;
    ctx.general.rice = Math.min(Math.max(ctx.general.rice, 0), GameConst.defaultRice);
    generalLog(world, ctx.general.id, '세력을 해산했습니다.');
    log(world, 'world', 0, `${withJosa(ctx.general.name, '이')} 세력을 해산했습니다.`);
    for (const g of deleteNation(world, ctx.general)) g.makelimit = GameConst.joinActionLimit;
    return true;
  },
  alternative: (ctx) => (inFirstMonth(ctx) ? TALENT_SEARCH_INSTEAD : null),
};
