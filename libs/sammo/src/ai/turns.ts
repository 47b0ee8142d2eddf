import type { Json } from '@chronicle/engine';
import type { RandUtil } from '../rng/rand-util';
import type { City, General, Nation, NationPolicy, TurnSlot, World } from '../world/types';
import type { AiSession } from './ai-session';
import type { DiplomacyState } from './diplomacy-state';

/** What a general's priority sees: the general's context, its stream, and a feasibility-checked slot maker. */
export interface AiTurn {
  world: World;
  general: General;
  nation: Nation;
  /** The nation's policy (legacy AutorunNationPolicy), which the general AI reads too. */
  policy: NationPolicy;
  city: City;
  rng: RandUtil;
  ai: AiSession;
  /** The nation's diplomatic standing as legacy calcDiplomacyState sees it. */
  dip: DiplomacyState;
  /** The slot when the command's argument reads and its full condition holds, else null. */
  attempt(action: string, arg?: Json): TurnSlot | null;
}

/** What a nation priority sees. */
export interface ChiefTurn {
  world: World;
  nation: Nation;
  /** The nation's policy (legacy AutorunNationPolicy): its values, forces and the order of the priorities. */
  policy: NationPolicy;
  chief: General;
  /** Every other member but troop dummies (npc 5), in legacy's order (`memberOrder`). */
  members: General[];
  rng: RandUtil;
  dip: DiplomacyState;
  /** The NPCs' war and civil groups as they stood before this turn's promotions (legacy sorts them first). */
  npc: { war: General[]; civil: General[] };
  /**
   * A member's full leadership (no injury, floored) with the office bonus it held when the
   * turn began: legacy's General objects keep the office trigger they were loaded with, so
   * this turn's promotions do not change what the priorities after them read.
   */
  leadership(g: General): number;
  attempt(key: string, arg: Json): TurnSlot | null;
}
