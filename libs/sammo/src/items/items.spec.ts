import { InvalidGame, IllegalMove, type JsonObject } from '@chronicle/engine';
import type { CommandContext } from '../commands/command';
import { firstFailure } from '../commands/feasible';
import { tradeEquipment } from '../commands/general/trade-equipment';
import { statOf } from '../stats/stats';
import { streamFromSeed } from '../rng/streams';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../testing/small-world';
import { modifiers } from '../stats/chain';
import { addExperience } from '../stats/levels';
import { readWorld, writeWorld } from '../state/serialize';
import type { World } from '../world/types';
import { ITEMS, itemOf } from './catalog';
import { itemIn, setItem, uniqueItemsHeld } from './held';
import { giveRandomUniqueItem, tryUniqueItemLottery, uniqueLimitByYear } from '../lottery/item-lottery';

function ctxFor(world: World, id: number): CommandContext {
  const general = world.generals.get(id)!;
  return {
    world, general, city: world.cities[general.city]!, nation: world.nations.get(general.nation), year: world.env.year, month: world.env.month,
    rng: streamFromSeed(TEST_SEED, 'generalCommand', id), random: seededStreams(),
  };
}

describe('the legacy items (GameConst::$allItems, ActionItem/*)', () => {
  it('lists 26 horses, weapons and books and 46 tools, with the shop grades and the uniques as legacy', () => {
    expect(ITEMS.filter((i) => i.slot === 'horse')).toHaveLength(26);
    expect(ITEMS.filter((i) => i.slot === 'item')).toHaveLength(46);
    expect(itemOf('che_명마_01_노기')).toMatchObject({ name: '노기(+1)', cost: 1000, reqSecu: 1000, buyable: true, uniqueCount: 0, stat: { leadership: 1 } });
    expect(itemOf('che_서적_06_사민월령')).toMatchObject({ cost: 21000, reqSecu: 6000, stat: { intel: 6 } });
    expect(itemOf('che_무기_15_청홍검')).toMatchObject({ name: '청홍검(+15)', cost: 200, buyable: false, uniqueCount: 2 });
    expect(itemOf('che_계략_향낭')).toMatchObject({ name: '향낭(계략)', cost: 3000, reqSecu: 2000, buyable: true, consumable: true });
    expect(itemOf('che_상성보정_과실주')!.name).toBe('과실주(상성)');
  });

  it('adds a stat item to its stat, and the other stat feels it through the cross-adjustment (getStatValue)', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, strength: 60, intel: 40 });
    const before = [statOf(g, 'strength', false, world.nations.get(1), 0), statOf(g, 'intel', false, null, 0)];
    setItem(g, 'weapon', 'che_무기_15_청홍검');
    // strength 60 + round(40/4) + 15; intel 40 + round((60 + 15)/4) = 40 + 19.
    expect(before).toEqual([70, 55]);
    expect([statOf(g, 'strength', false, world.nations.get(1), 0), statOf(g, 'intel', false, null, 0)]).toEqual([85, 59]);
  });

  it('grows a 능력치 tool a point every fourth year since the start, up to 12 (이강주: intel +5 + ⌊relYear/4⌋), also in the cross-adjustment', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, strength: 10, intel: 74 });
    setItem(g, 'item', 'che_능력치_지력_이강주');
    const nation = world.nations.get(1);
    // relYear 20: intel 74 + 5 + 5 = 84 (+ round(10/4) = 3); strength 10 + round(84/4) = 31.
    expect([statOf(g, 'intel', false, nation, 20), statOf(g, 'strength', false, nation, 20)]).toEqual([87, 31]);
    expect([statOf(g, 'intel', false, null, 3), statOf(g, 'intel', false, null, 100)]).toEqual([82, 94]);
  });

  it('links the tools into the chain: 납금박산로 +15%p domestic success, 낙주 ×0.7 conscription and 15 % of the base leadership, 구석 experience ×1.2', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 60 });
    setItem(g, 'item', 'che_내정_납금박산로');
    expect(modifiers(g, world.nations.get(1)).domestic('농업', 'success', 0.1)).toBeCloseTo(0.25, 12);
    setItem(g, 'item', 'che_징병_낙주');
    expect(modifiers(g, world.nations.get(1)).domestic('징병', 'cost', 100)).toBeCloseTo(70, 12);
    expect(statOf(g, 'leadership', false, world.nations.get(1), 0)).toBe(69);
    setItem(g, 'item', 'che_명성_구석');
    addExperience(g, 100);
    expect(g.experience).toBe(120);
  });

  it('keeps the items in the stored world and refuses an item in the wrong slot', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    setItem(g, 'horse', 'che_명마_15_적토마');
    expect(readWorld(writeWorld(world)).generals.get(1)!.items).toEqual({ horse: 'che_명마_15_적토마' });
    setItem(g, 'horse', null);
    expect(g.items).toBeUndefined();
    const data = writeWorld(world);
    (data.generals as JsonObject[])[0]!.items = { weapon: 'che_명마_15_적토마' };
    expect(() => readWorld(data)).toThrow(InvalidGame);
  });
});

describe('장비매매 (legacy che_장비매매)', () => {
  it('buys a shop item for its price and sells it back for half; exp +10', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, npc: 2 });
    g.gold = 10000;
    const buy = { itemType: 'weapon', itemCode: 'che_무기_03_단극' };
    expect(tradeEquipment.run(ctxFor(world, 1), tradeEquipment.readArg(buy, world))).toBe(true);
    expect([g.gold, g.experience, itemIn(g, 'weapon')?.key]).toEqual([10000 - 6000, 10, 'che_무기_03_단극']);
    tradeEquipment.run(ctxFor(world, 1), tradeEquipment.readArg({ itemType: 'weapon', itemCode: 'None' }, world));
    expect([g.gold, g.items]).toEqual([4000 + 3000, undefined]);
  });

  it('refuses in the legacy words: 치안, gold, the same item, a unique held, nothing to sell; a unique is not for sale', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    g.gold = 20000;
    const ctx = ctxFor(world, 1);
    expect(firstFailure(ctx, tradeEquipment, tradeEquipment.readArg({ itemType: 'book', itemCode: 'None' }, world))).toBe('도시에 상인이 없습니다.');
    world.cities[1]!.trade = 100;
    const arg = (itemType: string, itemCode: string) => tradeEquipment.readArg({ itemType, itemCode }, world);
    expect(firstFailure(ctx, tradeEquipment, arg('book', 'che_서적_02_회남자'))).toBe('치안 수치가 부족합니다.');
    world.cities[1]!.secu = 6000;
    g.gold = 100;
    expect(firstFailure(ctx, tradeEquipment, arg('book', 'che_서적_02_회남자'))).toBe('자금이 모자랍니다.');
    g.gold = 20000;
    expect(firstFailure(ctx, tradeEquipment, arg('item', 'None'))).toBe('도구가 올바르지 않은 도구 입니다.');
    setItem(g, 'book', 'che_서적_02_회남자');
    expect(firstFailure(ctx, tradeEquipment, arg('book', 'che_서적_02_회남자'))).toBe('이미 가지고 있습니다.');
    setItem(g, 'book', 'che_서적_15_손자병법');
    expect(firstFailure(ctx, tradeEquipment, arg('book', 'che_서적_01_효경전'))).toBe('이미 진귀한 것을 가지고 있습니다.');
    expect(firstFailure(ctx, tradeEquipment, arg('book', 'None'))).toBeNull();
    expect(() => arg('book', 'che_서적_15_손자병법')).toThrow(IllegalMove);
    expect(() => arg('horse', 'che_서적_01_효경전')).toThrow(IllegalMove);
  });
});

describe('the unique-item lottery (legacy tryUniqueItemLottery, giveRandomUniqueItem)', () => {
  it('allows 1 unique before the third year, then 2, 3 from the tenth, 4 from the twentieth', () => {
    expect([0, 2, 3, 9, 10, 19, 20, 50].map(uniqueLimitByYear)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('is not drawn for NPCs, nor for a user who holds the year\u2019s limit', () => {
    const world = smallWorld();
    const npc = addGeneral(world, { id: 1, npc: 2 });
    const user = addGeneral(world, { id: 2 });
    setItem(user, 'horse', 'che_명마_15_적토마');
    const random = seededStreams();
    expect(tryUniqueItemLottery({ world, general: npc, year: 190, month: 1, random })).toBe(false);
    expect(tryUniqueItemLottery({ world, general: user, year: 190, month: 1, random })).toBe(false);
    expect(random.labels).toEqual([]);
  });

  it('gives only uniques still free, in slots without a unique', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    setItem(g, 'horse', 'che_명마_15_적토마');
    setItem(g, 'weapon', 'che_무기_01_단도');
    // Every unique book and tool is held twice over by others: only weapons are left.
    let id = 2;
    for (const item of ITEMS.filter((i) => i.uniqueCount > 0 && (i.slot === 'book' || i.slot === 'item'))) {
      for (let n = 0; n < item.uniqueCount; n++) setItem(addGeneral(world, { id: id++, npc: 2 }), item.slot, item.key);
    }
    expect(giveRandomUniqueItem(world, streamFromSeed(TEST_SEED, 'unique'), g, '아이템')).toBe(true);
    expect(itemIn(g, 'weapon')!.buyable).toBe(false);
    expect(itemIn(g, 'horse')!.key).toBe('che_명마_15_적토마');
    expect(uniqueItemsHeld(g)).toBe(2);
    expect(world.history.at(-1)!.text).toMatch(/^【아이템】 위의 장수1이 .+\(\+\d+\)[을를] 습득했습니다!$/);
  });
});
