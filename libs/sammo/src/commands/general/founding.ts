import type { CommandDef } from '../command';
import { foundNation, type FoundArg } from './found-nation';

/**
 * 건국 as scenario 910 offers it (legacy cr_건국): che_건국's conditions and run, but any
 * neutral city will do (NeutralCity, not ConstructableCity's medium or small one).
 */
export const foundNationAnywhere: CommandDef<FoundArg> = {
  ...foundNation,
  key: 'cr_건국',
  id: 'found-nation-anywhere',
  constraints: [...foundNation.constraints.slice(0, -1), (c) => (c.city.nation !== 0 ? '공백지가 아닙니다.' : null)],
};
