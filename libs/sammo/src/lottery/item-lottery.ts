import type { RandUtil } from '../rng/rand-util';
import type { StreamSource } from '../state/turn-run';
import { josa, withJosa } from '../world/josa';
import { chronicle, generalLog } from '../world/logbook';
import { relYear } from '../world/queries';
import type { General, World } from '../world/types';
import { ITEM_SLOTS, ITEMS, type ItemSlot } from '../items/catalog';
import { itemIn, setItem, uniqueItemsHeld } from '../items/held';

/** Legacy `GameConst::$maxUniqueItemLimit`: from the year since the start, how many uniques a general may try for. */
const UNIQUE_LIMIT_BY_YEAR: readonly (readonly [number, number])[] = [[-1, 1], [3, 2], [10, 3], [20, 4]];
/** Legacy `$uniqueTrialCoef` and `$maxUniqueTrialProb`. */
const UNIQUE_TRIAL_COEF = 1;
const MAX_UNIQUE_TRIAL_PROB = 0.25;

/** How many uniques a general may hold this year (legacy `maxTrialCountByYear`). */
export function uniqueLimitByYear(yearsSinceStart: number): number {
  let limit = 1;
  for (const [year, count] of UNIQUE_LIMIT_BY_YEAR) {
    if (yearsSinceStart < year) break;
    limit = count;
  }
  return limit;
}

/** What a lottery needs: a command's context has all of it. */
export interface LotteryContext {
  readonly world: World;
  readonly general: General;
  readonly year: number;
  readonly month: number;
  readonly random?: StreamSource;
}

/**
 * Legacy `tryUniqueItemLottery` after a user's command: one try per slot not filled by a
 * unique (up to the year's limit), each with p = 1 / (users × 3 × slots) (users × slots in
 * scenarios from 100; 랜덤 임관 ×20, 건국 ×40), capped at ¼, over √7 and ×10^¼ after every
 * miss; a win gives a random unique (`giveRandomUniqueItem`). Every draw is from the general's
 * `unique` stream (year, month, general). NPCs (npc ≥ 2) never try.
 */
export function tryUniqueItemLottery(ctx: LotteryContext, acquireType = '아이템'): boolean {
  const g = ctx.general;
  if (g.npc >= 2) return false;
  if (ctx.random === undefined) throw new Error('the unique-item lottery needs the run streams (unique)');
  const held = uniqueItemsHeld(g);
  const tries = Math.min(ITEM_SLOTS.length, uniqueLimitByYear(relYear(ctx.world))) - held;
  if (tries <= 0) return false;
  const maxCount = ITEM_SLOTS.length - held;
  let users = 0;
  for (const other of ctx.world.generals.values()) if (other.npc < 2) users++;
  const slots = ITEM_SLOTS.length;
  let prob: number;
  if (acquireType === '랜덤 임관') prob = 1 / ((users * slots) / 10 / 2);
  else if (acquireType === '건국') prob = 1 / ((users * slots) / 10 / 4);
  else prob = ctx.world.env.scenarioId < 100 ? 1 / (users * 3 * slots) : 1 / (users * slots);
  prob = Math.min(prob * UNIQUE_TRIAL_COEF, MAX_UNIQUE_TRIAL_PROB) / Math.sqrt(7);
  const more = 10 ** (1 / 4);
  const rng = ctx.random.stream('unique', ctx.year, ctx.month, g.id);
  for (let i = 0; i < maxCount; i++) {
    if (rng.nextBool(prob)) return giveRandomUniqueItem(ctx.world, rng, g, acquireType);
    prob *= more;
  }
  return false;
}

/**
 * Legacy `giveRandomUniqueItem`: a unique of a slot the general holds no unique in, weighted
 * by how many of it the world still has (its count less the generals holding it), in the
 * legacy's item order. False when none is left.
 */
export function giveRandomUniqueItem(world: World, rng: RandUtil, general: General, acquireType: string): boolean {
  const open = new Set<ItemSlot>(ITEM_SLOTS.filter((slot) => itemIn(general, slot)?.buyable !== false));
  const taken = new Map<string, number>();
  for (const g of world.generals.values()) {
    if (g.items === undefined) continue;
    for (const slot of open) {
      const key = g.items[slot];
      if (key !== undefined) taken.set(key, (taken.get(key) ?? 0) + 1);
    }
  }
  const available: [(typeof ITEMS)[number], number][] = [];
  for (const item of ITEMS) {
    if (item.uniqueCount === 0 || !open.has(item.slot)) continue;
    const left = item.uniqueCount - (taken.get(item.key) ?? 0);
    if (left > 0) available.push([item, left]);
  }
  if (available.length === 0) return false;
  const item = rng.choiceUsingWeight(available);
  setItem(general, item.slot, item.key);
  const nationName = world.nations.get(general.nation)?.name ?? '재야';
  const got = `${item.name}${josa(item.rawName, '을')}`;
  generalLog(world, general.id, `${got} 습득했습니다!`);
  chronicle(world, `【${acquireType}】 ${nationName}의 ${withJosa(general.name, '이')} ${got} 습득했습니다!`);
  return true;
}
