import { chronicle, nationLog } from '../world/logbook';
import type { General, World } from '../world/types';
import type { StreamSource } from '../turn/turn-run';
import { nextRuler } from './succession';
import { withJosa } from '../world/josa';
import { dissolveTroop, dropNationTroops } from '../world/troops';
import { keepMaxBelong } from '../world/inheritance';

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
      destroyNation(world, nation.id);
    }
  }
  if (general.troop === general.id) dissolveTroop(world, general.id);
  if (nation && world.nations.has(nation.id)) nation.gennum = Math.max(0, nation.gennum - 1);
  world.generals.delete(general.id);
  chronicle(world, `${withJosa(general.name, '이')} 세상을 떠났습니다.`);
}

/** A nation with nobody to lead it: its cities turn neutral and its people go wandering. */
export function destroyNation(world: World, nationId: number): void {
  const nation = world.nations.get(nationId);
  if (!nation) return;
  for (let i = 1; i < world.cities.length; i++) {
    const city = world.cities[i]!;
    if (city.nation === nationId) {
      city.nation = 0;
      city.front = 0;
      city.officerSet = 0;
      city.term = 0;
    }
  }
  for (const g of world.generals.values()) {
    if (g.nation !== nationId) continue;
    g.nation = 0;
    g.officerLevel = 0;
    g.officerCity = 0;
    keepMaxBelong(g);
    g.belong = 0;
    g.troop = 0;
  }
  for (const key of [...world.diplomacy.keys()]) {
    const [a, b] = key.split(':').map(Number);
    if (a === nationId || b === nationId) world.diplomacy.delete(key);
  }
  dropNationTroops(world, nationId);
  world.nations.delete(nationId);
  chronicle(world, `${withJosa(nation.name, '이')} 멸망했습니다.`);
}
