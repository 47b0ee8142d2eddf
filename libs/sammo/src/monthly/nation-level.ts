import { ITEM_SLOTS } from '../items/catalog';
import { uniqueItemsHeld } from '../items/held';
import { giveRandomUniqueItem, uniqueLimitByYear } from '../lottery/item-lottery';
import type { StreamSource } from '../state/turn-run';
import { ensureChiefQueues } from '../state/factory';
import { chronicle } from '../world/logbook';
import { increaseInheritancePoint } from '../world/inheritance';
import { relYear } from '../world/queries';
import type { General, Nation, World } from '../world/types';
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
 * opens the chief queues the level allows; an empire gets its flag and name changes back;
 * each level gained grants a unique item to a member (see {@link grantUniques}). A ruler who
 * is a player still active (killturn within a day of turns of the full one) earns 250
 * unification points a level.
 */
export function updateNationLevel(world: World, random: StreamSource): void {
  const counts = new Map<number, number>();
  for (let id = 1; id < world.cities.length; id++) {
    const city = world.cities[id]!;
    if (city.nation !== 0 && city.level >= 4) counts.set(city.nation, (counts.get(city.nation) ?? 0) + 1);
  }
  for (const nation of [...world.nations.values()].sort((a, b) => a.id - b.id)) {
    const level = levelForCities(counts.get(nation.id) ?? 0);
    if (level <= nation.level) continue;
    const ruler = activePlayerRuler(world, nation.id);
    const levelsGained = level - nation.level;
    if (ruler !== undefined) increaseInheritancePoint(world, ruler, 'unifier', 250 * levelsGained);
    nation.gold += level * 1000;
    nation.rice += level * 1000;
    nation.level = level;
    ensureChiefQueues(nation);
    // Legacy UpdateNationLevel: an empire may change its flag and its name (once more).
    if (level === 7) nation.aux = { ...nation.aux, can_국기변경: 1, can_국호변경: 1 };
    chronicle(world, `【작위】 ${withJosa(nation.name, '이')} ${withJosa(TITLES[level]!, '으로')} 승격했습니다.`);
    grantUniques(world, random, nation, levelsGained);
  }
}

/**
 * The legacy's query for the candidates (`nation = ? AND killturn >= ? AND npc < 2`) has no
 * ORDER BY: they come in the order of the access path MariaDB (10.11) costs cheapest. Its
 * optimizer trace on the legacy schema, for a general table of one page (a world of a few
 * dozen generals), costs the paths that matter as follows (users and members of the nation,
 * the world's users and generals):
 * - the table scan, 3 + 0.2 × generals, against the cheapest range, about 1.2 × rows + 0.145
 *   (the nation's users on `nation (nation, npc)`): with no range cheaper the table is read
 *   whole, by id;
 * - otherwise a ref on `nation`: min(users + 1, 3) — three seeks clip a one-page table; it
 *   reads by npc type, then id;
 * - a ref on `officer_level (nation, officer_level)`: members + 0.125, by office, then id;
 * - when the world's users are all the nation's, a range on `npc` filtered by officer_level's
 *   rowids: about 0.308 + 1.2 × users × members / generals, by npc type, then id.
 * So the office order wins only when the nation's members are all users, at most two (the
 * clip), and the filtered range does not undercut it. A table of more pages clips elsewhere:
 * not modelled.
 */
function candidateOrder(world: World, nationId: number): (a: General, b: General) => number {
  let members = 0;
  let users = 0;
  let worldUsers = 0;
  for (const g of world.generals.values()) {
    if (g.npc < 2) worldUsers++;
    if (g.nation !== nationId) continue;
    members++;
    if (g.npc < 2) users++;
  }
  const byId = (a: General, b: General) => a.id - b.id;
  const byNpc = (a: General, b: General) => a.npc - b.npc || a.id - b.id;
  if (1.2 * users + 0.145 > 3 + 0.2 * world.generals.size) return byId;
  const byOfficeCost = members + 0.125;
  if (users !== members || byOfficeCost >= Math.min(users + 1, 3)) return byNpc;
  if (worldUsers === users && 0.308 + (1.2 * users * members) / world.generals.size < byOfficeCost) return byNpc;
  return (a, b) => a.officerLevel - b.officerLevel || a.id - b.id;
}

/**
 * Legacy UpdateNationLevel's 작위보상: one unique per level gained, each to a different user
 * member active in the last day (killturn ≥ the game's killturn less a day of turns), drawn
 * on the `nationLevelUp` stream (year, month, nation) by weight (belong + 10, +60 the ruler,
 * +30 office 11, +15 other chiefs) × 2^(uniques the member may still take this year); the
 * item itself from the winner's `givenUnique` stream (year, month, nation, general).
 */
function grantUniques(world: World, random: StreamSource, nation: Nation, levels: number): void {
  const { env } = world;
  const activeFrom = env.killturn - (24 * 60) / env.turnterm;
  const limit = Math.min(uniqueLimitByYear(relYear(world)), ITEM_SLOTS.length);
  const candidates: [General, number][] = [];
  const members = [...world.generals.values()].filter((g) => g.nation === nation.id && g.npc < 2 && g.killturn >= activeFrom);
  members.sort(candidateOrder(world, nation.id));
  for (const g of members) {
    const tries = limit - uniqueItemsHeld(g);
    if (tries <= 0) continue;
    const office = g.officerLevel === 12 ? 60 : g.officerLevel === 11 ? 30 : g.officerLevel > 4 ? 15 : 0;
    candidates.push([g, (g.belong + 10 + office) * 2 ** tries]);
  }
  const rng = random.stream('nationLevelUp', env.year, env.month, nation.id);
  for (let i = 0; i < levels && candidates.length > 0; i++) {
    const winner = rng.choiceUsingWeight(candidates);
    candidates.splice(candidates.findIndex(([g]) => g === winner), 1);
    giveRandomUniqueItem(world, random.stream('givenUnique', env.year, env.month, nation.id, winner.id), winner, '작위보상');
  }
}
