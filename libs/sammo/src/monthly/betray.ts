import type { World } from '../world/types';

/**
 * AddGlobalBetray(cnt, ifMax): every general whose betrayal count is at most `ifMax` gains
 * `cnt`. The event of the fifth year's January runs it with (1, 0) and then (1, 1), so both
 * the untouched and the once-betrayed start the penalty era at 2.
 */
export function addGlobalBetray(world: World, cnt: number, ifMax: number): void {
  for (const g of world.generals.values()) {
    if (g.betray <= ifMax) g.betray += cnt;
  }
}
