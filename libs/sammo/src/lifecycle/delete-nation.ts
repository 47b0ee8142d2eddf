import { chronicle, generalLog } from '../world/logbook';
import type { General, World } from '../world/types';
import { withJosa } from '../world/josa';
import { dropNationTroops } from '../world/troops';
import { keepMaxBelong } from '../world/inheritance';
import { deleteConflict } from '../world/conflict';

/**
 * Legacy `deleteNation`, the one way a nation ends — taken (출병's conquest), disbanded (해산)
 * or left without a ruler (a dead lord with no successor): it leaves every dispute, its members
 * go back to the wilderness, its cities turn neutral, its troops and treaties are gone.
 *
 * Returns the members as the legacy lists them, because what follows (a conqueror's spoils,
 * 해산's join limit) walks them in that order: the `(nation, npc)` index order — by NPC type,
 * then id — with the lord last.
 */
export function deleteNation(world: World, lord: General): General[] {
  const nation = world.nations.get(lord.nation);
  if (!nation) throw new Error(`deleteNation: ${lord.name} (${lord.id}) belongs to no nation`);
  deleteConflict(world.cities, nation.id);
  // The chronicle's particle is 은/는 and the members' 이/가, as in the legacy.
  chronicle(world, `【멸망】 ${withJosa(nation.name, '은')} 멸망했습니다.`);

  const members = [...world.generals.values()]
    .filter((g) => g.nation === nation.id && g !== lord)
    .sort((a, b) => a.npc - b.npc || a.id - b.id);
  members.push(lord);
  const fallen = `${withJosa(nation.name, '이')} 멸망했습니다.`;
  for (const g of members) {
    keepMaxBelong(g);
    g.belong = 0;
    g.troop = 0;
    g.officerLevel = 0;
    g.officerCity = 0;
    g.nation = 0;
    delete g.permission;
    generalLog(world, g.id, fallen);
  }

  for (let id = 1; id < world.cities.length; id++) {
    const city = world.cities[id]!;
    if (city.nation === nation.id) {
      city.nation = 0;
      city.front = 0;
    }
  }
  dropNationTroops(world, nation.id);
  world.nations.delete(nation.id);
  for (const key of [...world.diplomacy.keys()]) {
    const [a, b] = key.split(':').map(Number);
    if (a === nation.id || b === nation.id) world.diplomacy.delete(key);
  }
  return members;
}
