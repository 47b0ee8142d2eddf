import type { PersonalStat } from '../traits/personalities';
import { GameConst } from '../world/constants';
import type { General } from '../world/types';
import { ITEM_SLOTS, itemOf, type Item, type ItemSlot, type ItemStat } from './catalog';

/** The item in a slot, or undefined for an empty one (legacy `None`). */
export function itemIn(general: General, slot: ItemSlot): Item | undefined {
  const key = general.items?.[slot];
  return key === undefined ? undefined : itemOf(key);
}

/** Puts an item into its slot, or empties the slot (`null`, legacy `deleteItem`); no `items` is kept for an empty hand. */
export function setItem(general: General, slot: ItemSlot, key: string | null): void {
  if (key !== null) {
    general.items = { ...general.items, [slot]: key };
    return;
  }
  if (general.items?.[slot] === undefined) return;
  const rest = { ...general.items };
  delete rest[slot];
  if (Object.keys(rest).length === 0) delete general.items;
  else general.items = rest;
}

/** How many unique (not buyable) items the general holds: the lottery's slots already filled. */
export function uniqueItemsHeld(general: General): number {
  let n = 0;
  for (const slot of ITEM_SLOTS) {
    const item = itemIn(general, slot);
    if (item !== undefined && !item.buyable) n++;
  }
  return n;
}

/**
 * What an item's `onCalcStat` adds to a stat: its bonus — a 능력치 tool's a point more every
 * fourth year since the start (`relYear`), as its hook reads the year from the game's
 * storage — and 낙주's share of the base leadership.
 */
export function itemStatGain(item: Item, stat: ItemStat, baseLeadership: number, relYear: number): number {
  const bonus = item.stat?.[stat];
  const grown = bonus !== undefined && item.statGrows ? Math.min(Math.max(Math.trunc(relYear / 4), 0), GameConst.maxTechLevel) : 0;
  return (bonus ?? 0) + grown + (stat === 'leadership' ? baseLeadership * (item.leadershipShare ?? 0) : 0);
}

/** The items' `onCalcStat` on a stat without the rest of the chain (see `statOf`'s `nation: null`). */
export function itemStatBonus(general: General, stat: ItemStat, value: number, relYear: number): number {
  let x = value;
  for (const slot of ITEM_SLOTS) {
    const item = itemIn(general, slot);
    if (item !== undefined) x += itemStatGain(item, stat, general.leadership, relYear);
  }
  return x;
}

/** The items' `onCalcStat` on the general's other stats (experience, training and morale bonuses). */
export function itemPersonalEffect(general: General, stat: PersonalStat, value: number): number {
  if (general.items === undefined) return value;
  let x = value;
  for (const slot of ITEM_SLOTS) {
    const e = itemIn(general, slot)?.personal?.[stat];
    if (e !== undefined) x = x * e.mul + e.add;
  }
  return x;
}
