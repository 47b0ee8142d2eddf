import { generalLog } from '../../world/logbook';
import { argCity, argObject } from '../args';
import type { CommandDef } from '../command';
import type { DestCityArg } from './move';
import { withJosa } from '../../world/josa';

/** che_NPC능동 (순간이동): an AI general appears in another city at no cost — legacy's warp for NPCs only. */
export const npcWarp: CommandDef<DestCityArg> = {
  key: 'che_NPC능동',
  name: 'NPC능동',
  id: 'npcWarp',
  kind: 'general',
  readArg: (raw, world) => ({ destCityId: argCity(argObject(raw, 'npcWarp'), 'destCityId', 'npcWarp', world) }),
  constraints: [(c) => (c.general.npc < 2 ? 'NPC 전용 명령입니다.' : null)],
  run(ctx, arg) {
    ctx.general.city = arg.destCityId;
    generalLog(ctx.world, ctx.general.id, `NPC 전용 명령을 이용해 ${withJosa(ctx.world.cities[arg.destCityId]!.name, '으로')} 이동했습니다.`);
    return true;
  },
};
