import { chronicle, nationLog } from '../world/logbook';
import type { General, World } from '../world/types';
import type { StreamSource } from '../state/turn-run';
import { nextRuler } from './succession';
import { withJosa } from '../world/josa';
import { dissolveTroop } from '../world/troops';
import { deleteNation } from './delete-nation';

/**
 * `kill()`: the general leaves the world. A ruler hands the nation to a successor
 * (stream `('NextNPCRuler', y, m, gid)`), or the nation falls with nobody left;
 * a troop leader's troop disbands.
 */
export function killGeneral(world: World, general: General, random: StreamSource): void {
  const { year, month } = world.env;
  const nation = general.nation === 0 ? undefined : world.nations.get(general.nation);
  if (nation && general.officerLevel === 12) {
    const successor = nextRuler(world, general, () => random.stream('NextNPCRuler', year, month, general.id));
    if (successor) {
      successor.officerLevel = 12;
      successor.officerCity = 0;
      general.officerLevel = 1;
      general.officerCity = 0;
      nationLog(world, nation.id, `${general.name}의 뒤를 이어 ${withJosa(successor.name, '이')} 군주가 되었습니다.`);
      chronicle(world, `${nation.name}의 ${withJosa(general.name, '이')} 죽고 ${withJosa(successor.name, '이')} 뒤를 이었습니다.`);
    } else {
      deleteNation(world, general);
    }
  }
  if (general.troop === general.id) dissolveTroop(world, general.id);
  if (nation && world.nations.has(nation.id)) nation.gennum = Math.max(0, nation.gennum - 1);
  world.generals.delete(general.id);
  chronicle(world, `${withJosa(general.name, '이')} 세상을 떠났습니다.`);
}
