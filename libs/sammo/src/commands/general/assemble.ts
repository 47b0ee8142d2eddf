import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { generalLog } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { notBeNeutral, occupiedCity, suppliedCity } from '../constraints';
import { withJosa } from '../../world/josa';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

/** 집합: a troop leader calls the troop's members to the leader's city. */
export const assemble: CommandDef<null> = {
  key: 'che_집합',
  name: '집합',
  id: 'assemble',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'assemble'),
  constraints: [notBeNeutral, occupiedCity, suppliedCity, (c) => (c.general.troop !== c.general.id ? '부대장이 아닙니다.' : null)],
  run(ctx) {
    const { world, general } = ctx;
    const troopName = world.troops.get(general.id)?.name ?? '';
    generalLog(world, general.id, `${ctx.city.name}에서 집합을 실시했습니다.`);
    // Legacy calls only members still serving the leader's nation.
    for (const other of world.generals.values()) {
      if (other.troop === general.id && other.id !== general.id && other.nation === general.nation && other.city !== general.city) {
        other.city = general.city;
        generalLog(world, other.id, `${troopName} 부대원들은 ${withJosa(ctx.city.name, '으로')} 집합되었습니다.`);
      }
    }
    for (const line of addExperience(general, 70)) generalLog(world, general.id, line);
    for (const line of addDedication(general, 100)) generalLog(world, general.id, line);
    general.leadershipExp += 1;
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    tryUniqueItemLottery(ctx);
    return true;
  },
};
