import type { RandUtil } from '../rng/rand-util';
import type { General, TurnSlot } from '../world/types';

/**
 * Legacy do집합, a troop-leader dummy's (npc 5) every turn: outside a nation it is left to
 * die (killturn 1) with its reserved turn; in one it gathers its troop — 집합 reserved in
 * every slot — and lives on for 70 + ((killturn + 2..4) mod 5) turns.
 */
export function troopDummyTurn(general: General, reserved: TurnSlot, rng: RandUtil): TurnSlot {
  if (general.nation === 0) {
    general.killturn = 1;
    return reserved;
  }
  general.killturn = ((general.killturn + rng.nextRangeInt(2, 4)) % 5) + 70;
  general.queue = general.queue.map(() => ({ action: 'che_집합', arg: null }));
  return { action: 'che_집합', arg: null };
}
