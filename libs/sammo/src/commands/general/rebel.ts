import { checkStatChange } from '../../stats/levels';
import { chronicle, generalLog, nationLog } from '../../world/logbook';
import { phpRound } from '../../world/php-math';
import { withJosa } from '../../world/josa';
import type { General } from '../../world/types';
import { noArg } from '../args';
import type { CommandContext, CommandDef, Constraint } from '../command';
import { beChief, notBeNeutral, notLord, occupiedCity, suppliedCity } from '../constraints';
import { increaseInheritancePoint } from '../../world/inheritance';

/** NPC kinds whose rule nobody may take (legacy AllowRebellion). */
const GUARDED_NPC = [2, 3, 6, 9];

const lordOf = (c: CommandContext): General | undefined => {
  for (const g of c.world.generals.values()) if (g.nation === c.general.nation && g.officerLevel === 12) return g;
  return undefined;
};

/** AllowRebellion: the ruler has been idle past the killturn reset and is not an NPC. */
const allowRebellion: Constraint<unknown> = (c) => {
  const lord = lordOf(c);
  if (!lord) return '군주가 없습니다.';
  if (lord.id === c.general.id) return '이미 군주입니다.';
  if (lord.killturn >= c.world.env.killturn) return '군주가 활동중입니다.';
  if (GUARDED_NPC.includes(lord.npc)) return '군주가 NPC입니다.';
  return null;
};

/**
 * 모반시도 (legacy che_모반시도): a chief takes the throne of a ruler who has not played for a
 * while (killturn below the world's) and is no NPC. The ruler becomes a plain officer with 70 %
 * of the experience (rounded by the integer column; its level is left as it was, as legacy's
 * `multiplyVar` leaves it).
 */
export const rebel: CommandDef<null> = {
  key: 'che_모반시도',
  name: '모반시도',
  id: 'rebel',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'rebel'),
  constraints: [notBeNeutral, beChief, occupiedCity, suppliedCity, notLord, allowRebellion],
  run(ctx) {
    const { world, general } = ctx;
    const lord = lordOf(ctx)!;
    const nationName = ctx.nation!.name;
    general.officerLevel = 12;
    general.officerCity = 0;
    lord.officerLevel = 1;
    lord.officerCity = 0;
    lord.experience = phpRound(lord.experience * 0.7);
    chronicle(world, `【모반】 ${withJosa(general.name, '이')} ${nationName}의 군주 자리를 찬탈했습니다.`);
    nationLog(world, general.nation, `${withJosa(general.name, '이')} ${lord.name}에게서 군주자리를 찬탈`);
    generalLog(world, general.id, '모반에 성공했습니다.');
    generalLog(world, lord.id, `${general.name}에게 군주의 자리를 뺏겼습니다.`);
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    increaseInheritancePoint(ctx.world, ctx.general, 'active_action', 1);
    return true;
  },
};
