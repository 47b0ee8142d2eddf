import { addDedication, addExperience, checkStatChange } from '../../world/levels';
import { generalLog } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { notBeNeutral, occupiedCity, suppliedCity } from '../constraints';
import { withJosa } from '../../world/josa';

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
    let moved = 0;
    for (const other of world.generals.values()) {
      if (other.troop === general.id && other.id !== general.id && other.city !== general.city) {
        other.city = general.city;
        generalLog(world, other.id, `부대장의 집합 명령으로 ${withJosa(ctx.city.name, '으로')} 이동했습니다.`);
        moved++;
      }
    }
    for (const line of addExperience(general, 70)) generalLog(world, general.id, line);
    for (const line of addDedication(general, 100)) generalLog(world, general.id, line);
    general.leadershipExp += 1;
    generalLog(world, general.id, `${ctx.city.name}에서 부대원 ${moved}명을 집합시켰습니다.`);
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    return true;
  },
};
