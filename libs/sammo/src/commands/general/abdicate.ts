import { checkStatChange } from '../../stats/levels';
import { chronicle, generalLog } from '../../world/logbook';
import { argGeneral, argObject } from '../args';
import type { CommandDef } from '../command';
import { beLord, friendlyDestGeneral, notSelfArgument } from '../constraints';
import { phpRound } from '../../world/php-math';
import { withJosa } from '../../world/josa';
import { increaseInheritancePoint } from '../../world/inheritance';

/**
 * 선양 {destGeneralId}: the ruler hands the throne to a fellow member, who leaves any city
 * office; the old ruler becomes a plain officer and keeps 70% of the experience (legacy
 * `multiplyVar`, rounded by the integer column).
 */
export const abdicate: CommandDef<{ destGeneralId: number }> = {
  key: 'che_선양',
  name: '선양',
  id: 'abdicate',
  kind: 'general',
  readArg: (raw, world) => ({ destGeneralId: argGeneral(argObject(raw, 'abdicate'), 'destGeneralId', 'abdicate', world) }),
  // Legacy's argTest refuses the ruler's own id; the argument does not know the ruler, so a condition does.
  constraints: [notSelfArgument((a: { destGeneralId: number }) => a.destGeneralId), beLord, friendlyDestGeneral((a: { destGeneralId: number }) => a.destGeneralId)],
  run(ctx, arg) {
    const { world, general } = ctx;
    const heir = world.generals.get(arg.destGeneralId)!;
    heir.officerLevel = 12;
    heir.officerCity = 0;
    general.officerLevel = 1;
    general.officerCity = 0;
    // multiplyVar: the column rounds the product, explevel stays until the next gain.
    general.experience = phpRound(general.experience * 0.7);
    generalLog(world, general.id, `${heir.name}에게 군주의 자리를 물려줍니다.`);
    generalLog(world, heir.id, `${general.name}에게서 군주의 자리를 물려받습니다.`);
    chronicle(world, `【선양】 ${withJosa(general.name, '이')} ${ctx.nation!.name}의 군주 자리를 ${heir.name}에게 선양했습니다.`);
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    increaseInheritancePoint(ctx.world, ctx.general, 'active_action', 1);
    return true;
  },
};
