export { ITEM_SLOTS, ITEMS, SLOT_NAMES, itemOf, type Item, type ItemSlot, type ItemStat } from './catalog';
export { itemIn, itemPersonalEffect, itemStatBonus, setItem, uniqueItemsHeld } from './held';
