import { generalLog } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandDef } from '../command';

/** 휴식: does nothing; the default of every empty slot. */
export const rest: CommandDef<null> = {
  key: '휴식',
  name: '휴식',
  id: 'rest',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'rest'),
  constraints: [],
  run(ctx) {
    generalLog(ctx.world, ctx.general.id, '아무것도 실행하지 않았습니다.');
    return true;
  },
};
