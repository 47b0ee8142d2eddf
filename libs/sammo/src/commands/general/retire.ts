import { chronicle, generalLog } from '../../world/logbook';
import { rebirth } from '../../lifecycle/rebirth';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { withJosa } from '../../world/josa';

/** 은퇴: from 60, after one turn of preparation, the general is reborn (§5.4, §3). */
export const retire: CommandDef<null> = {
  key: 'che_은퇴',
  name: '은퇴',
  id: 'retire',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'retire'),
  constraints: [(c) => (c.general.age < 60 ? '나이가 60세 이상이어야 합니다.' : null)],
  preTurns: () => 1,
  run(ctx) {
    const g = ctx.general;
    rebirth(g);
    generalLog(ctx.world, g.id, '은퇴하고 새 삶을 시작합니다.');
    chronicle(ctx.world, `${withJosa(g.name, '이')} 은퇴했습니다.`);
    return true;
  },
};
