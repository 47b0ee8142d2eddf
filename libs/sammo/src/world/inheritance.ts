import type { General, InheritanceStore, World } from './types';

/**
 * Inheritance points (legacy `InheritancePointManager`) for a world without the web lobby:
 * the points a player's general earns are kept on the general (`inheritance`, the legacy's
 * `inheritance_{owner}` store), and the half-yearly MergeInheritPointRank adds them with
 * the ones the legacy computes from the general's row into `rank.inheritEarned`.
 */

/** Points per unit of each stored kind (legacy `pointCoeff`): 능동 행동 3, the rest 1. */
const STORED_COEFF: Readonly<Record<keyof InheritanceStore, number>> = {
  lived_month: 1, max_domestic_critical: 1, active_action: 3, unifier: 1,
};

/** Only a player's own general (an owner and npc < 2) earns, and nothing after unification. */
function earns(world: World, g: General): boolean {
  return g.owner !== null && g.npc < 2 && world.env.isunited === 0;
}

/** `increaseInheritancePoint`: adds `value` units of a stored kind. */
export function increaseInheritancePoint(world: World, g: General, key: keyof InheritanceStore, value: number): void {
  if (!earns(world, g)) return;
  g.inheritance[key] = (g.inheritance[key] ?? 0) + value * STORED_COEFF[key];
}

/** `updateMaxDomesticCritical`'s store: the longest run of domestic criticals so far (aux `maxDomesticCritical` holds the current one). */
export function recordDomesticCriticalRun(world: World, g: General): void {
  const run = g.aux.maxDomesticCritical ?? 0;
  if (earns(world, g) && run > (g.inheritance.max_domestic_critical ?? 0)) g.inheritance.max_domestic_critical = run;
}

/** Leaving a nation keeps the longest service (legacy aux `max_belong`) for the 최대 임관년 수 points. */
export function keepMaxBelong(g: General): void {
  if (g.npc < 2) g.aux.max_belong = Math.max(g.belong, g.aux.max_belong ?? 0);
}

/** Legacy `getDexLevelList`'s last threshold: dex beyond it counts a third. */
const DEX_LIMIT = 1275975;

/**
 * A general's points as MergeInheritPointRank sums them, in the legacy's key order: the stored
 * kinds, and for a player's general 최대 임관년 수 ×10, 전투 횟수 ×5, 계략 성공 ×20, 숙련도
 * ×0.001 (betting and tournaments are not part of this world: 0).
 */
export function inheritancePoints(g: General): number {
  const s = g.inheritance;
  const own = g.owner !== null && g.npc < 2;
  let points = 0;
  points += s.lived_month ?? 0;
  points += own ? Math.max(g.belong, g.aux.max_belong ?? 0) * 10 : 0;
  points += s.max_domestic_critical ?? 0;
  points += s.active_action ?? 0;
  points += own ? g.rank.warnum * 5 : 0;
  points += own ? g.rank.firenum * 20 : 0;
  points += s.unifier ?? 0;
  if (own) {
    let dex = 0;
    for (let arm = 1; arm <= 5; arm++) {
      const d = g.dex[arm] ?? 0;
      dex += d > DEX_LIMIT ? (d - DEX_LIMIT) / 3 + DEX_LIMIT : d;
    }
    points += dex * 0.001;
  }
  return points;
}
