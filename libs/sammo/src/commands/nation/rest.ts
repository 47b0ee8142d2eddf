import { noArg } from '../args';
import type { CommandDef } from '../command';

/** 휴식 for chiefs. */
export const nationRest: CommandDef<null> = {
  key: '휴식',
  name: '휴식',
  id: 'rest',
  kind: 'nation',
  readArg: (raw) => noArg(raw, 'rest'),
  constraints: [],
  run: () => true,
};
