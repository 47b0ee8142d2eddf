import { ensureChiefQueues } from '../world/factory';
import { chronicle } from '../world/logbook';
import { increaseInheritancePoint } from '../world/inheritance';
import type { General, World } from '../world/types';
import { withJosa } from '../world/josa';

/** Nation level by the count of owned cities of level ≥ 4 (§1.2). */
export function levelForCities(count: number): number {
  if (count >= 21) return 7;
  if (count >= 16) return 6;
  if (count >= 11) return 5;
  if (count >= 8) return 4;
  if (count >= 5) return 3;
  if (count >= 2) return 2;
  if (count >= 1) return 1;
  return 0;
}

const TITLES = ['방랑군', '호족', '군벌', '주자사', '주목', '공', '왕', '황제'];

/** The ruler among the nation's players whose killturn is within a day's turns of the full one (legacy's lottery list). */
function activePlayerRuler(world: World, nationId: number): General | undefined {
  const active = world.env.killturn - (24 * 60) / world.env.turnterm;
  for (const g of world.generals.values()) if (g.nation === nationId && g.officerLevel === 12 && g.npc < 2 && g.killturn >= active) return g;
  return undefined;
}

/**
 * UpdateNationLevel (§6.7): a level only rises; each new level pays 1000 gold and rice and
 * opens the chief queues the level allows; an empire gets its flag and name changes back. A
 * ruler who is a player still active (killturn within a day of turns of the full one) earns
 * 250 unification points a level. The unique-item awards are not modelled.
 */
export function updateNationLevel(world: World): void {
  const counts = new Map<number, number>();
  for (let id = 1; id < world.cities.length; id++) {
    const city = world.cities[id]!;
    if (city.nation !== 0 && city.level >= 4) counts.set(city.nation, (counts.get(city.nation) ?? 0) + 1);
  }
  for (const nation of [...world.nations.values()].sort((a, b) => a.id - b.id)) {
    const level = levelForCities(counts.get(nation.id) ?? 0);
    if (level <= nation.level) continue;
    const ruler = activePlayerRuler(world, nation.id);
    if (ruler !== undefined) increaseInheritancePoint(world, ruler, 'unifier', 250 * (level - nation.level));
    nation.gold += level * 1000;
    nation.rice += level * 1000;
    nation.level = level;
    ensureChiefQueues(nation);
    // Legacy UpdateNationLevel: an empire may change its flag and its name (once more).
    if (level === 7) nation.aux = { ...nation.aux, can_국기변경: 1, can_국호변경: 1 };
    chronicle(world, `【작위】 ${withJosa(nation.name, '이')} ${withJosa(TITLES[level]!, '으로')} 승격했습니다.`);
  }
}
