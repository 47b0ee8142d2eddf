import { itemIn, setItem } from '../../items/held';
import { josa } from '../../world/josa';
import { generalLog } from '../../world/logbook';
import type { WarUnit } from '../war-unit';
import { GeneralUnit } from '../general-unit';
import { RaiseType } from '../war-items';

/** Legacy `ObjectTrigger` priorities: lower fires first. */
export const BEGIN = 10000;
export const PRE = 20000;
export const BODY = 30000;
export const POST = 40000;
export const FINAL = 50000;

/** One side's scratch space for a firing (legacy `e_attacker`/`e_defender`). */
export type SideEnv = Record<string, unknown>;

export interface Trigger {
  priority: number;
  /** False stops every trigger after it in this firing (legacy `stopNextAction`). */
  act(self: WarUnit, oppose: WarUnit, env: SideEnv, opposeEnv: SideEnv): boolean;
}

/**
 * Legacy's `getPhase() !== 0 && oppose->getPhase() !== 0` test, negated: one side or the other is
 * in its first phase against this opponent (an encounter opening, or a new defender).
 */
export const newOpponent = (self: WarUnit, oppose: WarUnit): boolean => self.phase === 0 || oppose.phase === 0;

/**
 * Legacy's `$selfEnv['<skill>발동']` flag: whether this is the first of a unit's 발동 triggers for
 * the skill to act this phase (a war special's and an item's carry one each, by raise type).
 */
export function firstThisPhase(env: SideEnv, skill: string): boolean {
  const flag = `${skill}발동`;
  if (env[flag]) return false;
  env[flag] = true;
  return true;
}

/**
 * Legacy `processConsumableItem`, run by the triggers an item may raise once they acted: the
 * tool is marked used this phase, and a consumable one is spent (its slot emptied, a line in
 * the general's log).
 */
export function useItem(self: WarUnit, raise: number): void {
  if ((raise & RaiseType.item) === 0 || !(self instanceof GeneralUnit) || self.has('아이템사용')) return;
  const item = itemIn(self.general, 'item');
  self.activate('아이템사용', item?.name ?? '-');
  if (raise !== RaiseType.consumable || self.has('아이템소모')) return;
  self.activate('아이템소모');
  if (item !== undefined) generalLog(self.world, self.general.id, `${item.name}${josa(item.rawName, '을')} 사용!`);
  setItem(self.general, 'item', null);
}
