import type { Json } from '@chronicle/engine';
import { relYear, searchDistance } from '../world/queries';
import { statOf } from '../stats/stats';
import type { RandUtil } from '../rng/rand-util';
import { GameConst, NATION_COLORS, CHIEF_STAT_MIN } from '../world/constants';
import type { General, TurnSlot, World } from '../world/types';

/** Legacy `GameConst::$availableNationType`, in its order (the AI's 건국 draws from it). */
export const NATION_TYPES = [
  'che_도적', 'che_명가', 'che_음양가', 'che_종횡가', 'che_불가', 'che_오두미도', 'che_태평도', 'che_도가',
  'che_묵가', 'che_덕가', 'che_병가', 'che_유가', 'che_법가',
] as const;

/** What the founding priorities read (the general AI's turn has these). */
export interface FoundingTurn {
  world: World;
  general: General;
  rng: RandUtil;
  attempt(action: string, arg?: Json): TurnSlot | null;
}

const foundable = (world: World, id: number) => world.cities[id]!.level >= 5 && world.cities[id]!.level <= 6;

/** Cities a band cannot found in: held by a nation, or where a wandering ruler already stands. */
function occupiedCities(world: World): Set<number> {
  const occupied = new Set<number>();
  for (const g of world.generals.values()) if (g.officerLevel === 12 && world.cities[g.city]!.nation === 0) occupied.add(g.city);
  for (let id = 1; id < world.cities.length; id++) if (world.cities[id]!.nation !== 0) occupied.add(id);
  return occupied;
}

/**
 * Legacy do거병: an unaffiliated NPC (type 2) free to act, near (3 steps) a free small or
 * medium city, able enough (a draw below its mean full stat, out of (75 + 70)/2), raises a
 * band with p 0.0075 × (1..3, more in the first years). Outside a small or medium city it
 * hesitates first (p 0.5).
 */
export function raiseBandPriority(t: FoundingTurn): TurnSlot | null {
  const { world, general, rng } = t;
  if (general.makelimit !== 0 || general.npc > 2) return null;
  if (!foundable(world, general.city) && rng.nextBool(0.5)) return null;
  const occupied = occupiedCities(world);
  let near = false;
  for (const [id, d] of searchDistance(world, general.city, 3)) {
    if (occupied.has(id) || !foundable(world, id)) continue;
    if (d === 3 && rng.nextBool()) continue;
    near = true;
    break;
  }
  if (!near) return null;
  const prop = rng.nextFloat1() * ((GameConst.defaultStatNPCMax + CHIEF_STAT_MIN) / 2);
  const full = (s: 'leadership' | 'strength' | 'intel') => Math.floor(statOf(general, s, false, null, relYear(world)));
  if (prop >= (full('leadership') + full('strength') + full('intel')) / 3) return null;
  const more = Math.min(3, Math.max(1, 3 - world.env.year + world.env.startyear));
  if (!rng.nextBool(0.0075 * more)) return null;
  return t.attempt('che_거병');
}

/**
 * The wandering NPC ruler (legacy chooseGeneralTurn): found a nation where it stands (건국:
 * type and colour drawn, named ㉿ + the ruler's name but its first letter), else march towards
 * a free small or medium city (방랑군이동), else disband (해산).
 */
export function wanderingRulerTurn(t: FoundingTurn): TurnSlot | null {
  const { general, rng } = t;
  const nationType = rng.choice(NATION_TYPES);
  const color = rng.choice(NATION_COLORS);
  const found = t.attempt('che_건국', { nationName: `㉿${Array.from(general.name).slice(1).join('')}`, nationType, color });
  if (found) {
    delete general.aux.movingTargetCityID;
    return found;
  }
  const march = wanderingMove(t);
  if (march) return march;
  const disband = t.attempt('che_해산');
  if (disband) delete general.aux.movingTargetCityID;
  return disband;
}

/**
 * Legacy do방랑군이동: keep (or draw, weight 2^−distance within 4 steps) a free small or
 * medium city as the target; there, look for talent (인재탐색); else step to a neighbour one
 * step closer (weight 1) or to a free foundable neighbour (weight 10).
 */
function wanderingMove(t: FoundingTurn): TurnSlot | null {
  const { world, general, rng } = t;
  const occupied = occupiedCities(world);
  let target = general.aux.movingTargetCityID;
  if (target === general.city || (target !== undefined && occupied.has(target))) target = undefined;
  if (target === undefined) {
    const candidates: [number, number][] = [];
    for (const [id, d] of searchDistance(world, general.city, 4)) {
      if (!occupied.has(id) && foundable(world, id)) candidates.push([id, 1 / 2 ** d]);
    }
    if (candidates.length === 0) return null;
    target = rng.choiceUsingWeight(candidates);
    general.aux.movingTargetCityID = target;
  }
  if (target === general.city) return { action: 'che_인재탐색', arg: null };
  const toTarget = searchDistance(world, target, 99);
  const here = toTarget.get(general.city)!;
  const steps: [number, number][] = [];
  for (const n of world.cities[general.city]!.neighbours) {
    if (foundable(world, n) && !occupied.has(n)) steps.push([n, 10]);
    if (toTarget.get(n)! + 1 === here) steps.push([n, 1]);
  }
  if (steps.length === 0) return null;
  return t.attempt('che_이동', { destCityId: rng.choiceUsingWeight(steps) });
}
