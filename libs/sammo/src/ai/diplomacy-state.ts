import { Diplo } from '../world/constants';
import { diplomacyKey } from '../world/queries';
import type { World } from '../world/types';

/** The AI's view of its nation's diplomacy (legacy `dipState`, §8), from calm to war. */
export const DipState = { peace: 0, declared: 1, recruit: 2, imminent: 3, war: 4 } as const;
export type DipState = (typeof DipState)[keyof typeof DipState];

export interface DiplomacyState {
  dipState: DipState;
  /** A supplied city of the nation has a front (max(front) > 0). */
  attackable: boolean;
  /** `warTargetNation`: 2 at war, 1 declared with term < 5; key 0 (= empty cities) when neither. Empty in the opening. */
  warTargets: Map<number, 1 | 2>;
}

/** `Util::joinYearMonth`: months since year 0, for comparing dates. */
const yearMonth = (year: number, month: number) => year * 12 + month - 1;

/**
 * Legacy GeneralAI::calcDiplomacyState. Until May of the third year: 평화, or 선포 when any
 * war or declaration row exists, never attackable. Then the nearest declaration sets 선포
 * (term > 8), 징병 (> 5) or 직전; 전쟁 when a supplied city has a front and either the nation
 * is at war or has no war and no near declaration (its front then faces empty cities).
 *
 * Not modelled: legacy also keeps d전쟁 for 5 months after the front of a war disappeared
 * (`nation_env.last_attackable`, written by the AI itself); the world has no such field.
 */
export function calcDiplomacyState(world: World, nationId: number): DiplomacyState {
  const { year, month, startyear } = world.env;
  const opening = yearMonth(year, month) <= yearMonth(startyear + 2, 5);
  // Every general turn reads this, so the rows are read once, in any nation order (nothing
  // below depends on it), into counts, and the front scan stops at the first attackable city.
  const warTargets = new Map<number, 1 | 2>();
  let hostile = 0;
  let onWar = 0;
  let onWarReady = 0;
  let minDeclaredTerm = Infinity;
  for (const other of world.nations.keys()) {
    const row = world.diplomacy.get(diplomacyKey(nationId, other));
    if (row === undefined) continue;
    if (row.state === Diplo.war) {
      hostile += 1;
      onWar += 1;
      if (!opening) warTargets.set(other, 2);
    } else if (row.state === Diplo.declared) {
      hostile += 1;
      minDeclaredTerm = Math.min(minDeclaredTerm, row.term);
      if (row.term < 5) {
        onWarReady += 1;
        if (!opening) warTargets.set(other, 1);
      }
    }
  }
  if (opening) return { dipState: hostile === 0 ? DipState.peace : DipState.declared, attackable: false, warTargets };

  let attackable = false;
  for (let id = 1; id < world.cities.length && !attackable; id++) {
    const city = world.cities[id]!;
    if (city.nation === nationId && city.supply === 1 && city.front > 0) attackable = true;
  }
  if (onWar === 0 && onWarReady === 0) warTargets.set(0, 1);

  let dipState: DipState = DipState.peace;
  if (minDeclaredTerm !== Infinity) {
    dipState = minDeclaredTerm > 8 ? DipState.declared : minDeclaredTerm > 5 ? DipState.recruit : DipState.imminent;
  }
  if (attackable && (warTargets.has(0) || onWar > 0)) dipState = DipState.war;
  return { dipState, attackable, warTargets };
}
