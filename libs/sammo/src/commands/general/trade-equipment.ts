import { IllegalMove } from '@chronicle/engine';
import { ITEM_SLOTS, SLOT_NAMES, itemOf, type Item, type ItemSlot } from '../../items/catalog';
import { itemIn, setItem } from '../../items/held';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';
import { addExperience, checkStatChange } from '../../stats/levels';
import { chronicle, generalLog } from '../../world/logbook';
import { josa, withJosa } from '../../world/josa';
import { phpNumberFormat } from '../../world/php-math';
import { relYear } from '../../world/queries';
import { argObject } from '../args';
import type { CommandContext, CommandDef, Constraint } from '../command';
import { reqGeneralGold } from '../constraints';
import { cityTrader } from './trade-rice';

/** Buy `item` into `slot`, or (`item` null, legacy `None`) sell what the slot holds. */
export interface EquipmentArg {
  slot: ItemSlot;
  item: Item | null;
}

const NONE = 'None';

function readEquipmentArg(raw: Parameters<typeof argObject>[0]): EquipmentArg {
  const o = argObject(raw, 'trade-equipment');
  const slot = o.itemType;
  if (typeof slot !== 'string' || !(ITEM_SLOTS as readonly string[]).includes(slot)) {
    throw new IllegalMove(`trade-equipment: itemType must be one of ${ITEM_SLOTS.join(', ')}`);
  }
  const code = o.itemCode;
  if (code === NONE) return { slot: slot as ItemSlot, item: null };
  const item = typeof code === 'string' ? itemOf(code) : undefined;
  if (item === undefined || item.slot !== slot) {
    throw new IllegalMove(`trade-equipment: itemCode must be ${NONE} (to sell) or an item of the ${slot} slot`);
  }
  if (!item.buyable) throw new IllegalMove(`trade-equipment: ${item.key} is not sold in shops`);
  return { slot: slot as ItemSlot, item };
}

/** ReqCityCapacity('secu', '치안 수치', reqSecu). */
const enoughSecurity: Constraint<EquipmentArg> = (c, a) => (c.city.secu < (a.item?.reqSecu ?? 0) ? '치안 수치가 부족합니다.' : null);

/** Selling needs something in the slot; buying neither the same item nor in place of a unique one. */
const slotAllows: Constraint<EquipmentArg> = (c, a) => {
  const held = itemIn(c.general, a.slot);
  if (a.item === null) return held === undefined ? `${withJosa(SLOT_NAMES[a.slot], '이')} 올바르지 않은 ${SLOT_NAMES[a.slot]} 입니다.` : null;
  if (held?.key === a.item.key) return '이미 가지고 있습니다.';
  if (held !== undefined && !held.buyable) return '이미 진귀한 것을 가지고 있습니다.';
  return null;
};

/**
 * 도기's sale (legacy `onArbitraryAction('장비매매', '판매')`): 10,000 and 5,000 more every
 * second year since the start, in gold or rice (one draw of the command's stream), half to
 * the nation's treasury (truncated), the rest to the general.
 */
function sellTreasure(ctx: CommandContext): void {
  const g = ctx.general;
  const score = 10000 + 5000 * Math.max(0, Math.trunc(relYear(ctx.world) / 2));
  const [label, key] = ctx.rng.choice([['금', 'gold'], ['쌀', 'rice']] as const);
  const toNation = Math.trunc(score / 2);
  if (ctx.nation !== undefined) ctx.nation[key] += toNation;
  g[key] += score - toNation;
  generalLog(ctx.world, g.id, `재산과 국고에 총 ${label} ${phpNumberFormat(score, 0, ',')}을 보충합니다.`);
}

/** 장비매매 {itemType, itemCode}: buy a shop item at its price, or sell the slot's item for half of it. */
export const tradeEquipment: CommandDef<EquipmentArg> = {
  key: 'che_장비매매',
  name: '장비매매',
  id: 'trade-equipment',
  kind: 'general',
  readArg: readEquipmentArg,
  constraints: [cityTrader, enoughSecurity, reqGeneralGold((_c, a) => a.item?.cost ?? 0), slotAllows],
  run(ctx, arg) {
    const g = ctx.general;
    if (arg.item !== null) {
      g.gold = Math.max(0, g.gold - arg.item.cost);
      setItem(g, arg.slot, arg.item.key);
      generalLog(ctx.world, g.id, `${arg.item.name}${josa(arg.item.rawName, '을')} 구입했습니다.`);
      // 환약's onArbitraryAction('장비매매', '구매'): any purchase while it is held (itself
      // included) fills it to three treatments.
      if (itemIn(g, 'item')?.preTurn === 'treatment') g.aux.remain환약 = 3;
    } else {
      const sold = itemIn(g, arg.slot)!;
      g.gold += sold.cost / 2;
      if (sold.key === 'che_보물_도기') sellTreasure(ctx);
      setItem(g, arg.slot, null);
      generalLog(ctx.world, g.id, `${sold.name}${josa(sold.rawName, '을')} 판매했습니다.`);
      if (!sold.buyable) chronicle(ctx.world, `【판매】 ${ctx.nation?.name ?? '재야'}의 ${withJosa(g.name, '이')} ${sold.name}${josa(sold.rawName, '을')} 판매했습니다!`);
    }
    for (const line of addExperience(g, 10)) generalLog(ctx.world, g.id, line);
    for (const line of checkStatChange(g)) generalLog(ctx.world, g.id, line);
    tryUniqueItemLottery(ctx);
    return true;
  },
};
