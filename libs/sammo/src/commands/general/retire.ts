import { generalLog } from '../../world/logbook';
import { rebirth } from '../../lifecycle/rebirth';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

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
    rebirth(ctx.world, g);
    generalLog(ctx.world, g.id, '은퇴하였습니다.');
    tryUniqueItemLottery(ctx);
    return true;
  },
};
