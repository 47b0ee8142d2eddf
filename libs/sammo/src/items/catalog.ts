import { add, mul, type DomesticTable, type DomesticTurn, type Effect } from '../traits/effects';
import type { PersonalStat } from '../traits/personalities';

/** The four item slots of a general (legacy columns `horse`, `weapon`, `book`, `item`). */
export const ITEM_SLOTS = ['horse', 'weapon', 'book', 'item'] as const;
export type ItemSlot = (typeof ITEM_SLOTS)[number];

/** The slot's name in 장비매매's texts (legacy `che_장비매매::$itemMap`). */
export const SLOT_NAMES: Readonly<Record<ItemSlot, string>> = { horse: '명마', weapon: '무기', book: '서적', item: '도구' };

export type ItemStat = 'leadership' | 'strength' | 'intel';

/**
 * One legacy item class (`ActionItem/*`) as data: what the shop and the lottery read, and the
 * hooks it has outside battle. Its battle side (war stats, war power, triggers) is in
 * `src/war/war-items.ts`, beside the war specials'.
 */
export interface Item {
  /** The legacy class name (`che_명마_07_백마`), stored in the general's slot. */
  readonly key: string;
  readonly slot: ItemSlot;
  readonly rawName: string;
  /** `백마(+7)`, `환약(치료)`: what the logs print. */
  readonly name: string;
  readonly cost: number;
  /** Sold in the shop (장비매매); a unique (not buyable) item comes only from the lottery or an auction. */
  readonly buyable: boolean;
  readonly consumable: boolean;
  /** The city's 치안 a purchase needs. */
  readonly reqSecu: number;
  /** How many of it the world holds at most (legacy `GameConst::$allItems` value); 0 for shop items. */
  readonly uniqueCount: number;
  /** `onCalcStat` on a stat: this is added. */
  readonly stat?: Partial<Record<ItemStat, number>>;
  /** `onCalcStat('leadership')` adds this share of the general's own leadership (낙주). */
  readonly leadershipShare?: number;
  /** `stat` grows a point every fourth year since the start, up to the tech levels' count (the 능력치 tools). */
  readonly statGrows?: true;
  readonly domestic?: DomesticTable;
  /** `onCalcStat` on the general's other stats (`value × mul + add`). */
  readonly personal?: Partial<Record<PersonalStat, Effect>>;
  /** `tryConsumeNow('GeneralCommand', '계략')`: spent by a successful sabotage (이추, 향낭). */
  readonly spentBySabotage?: true;
  /** `onCalcStrategic('delay')`: a strategic command's own cooldown × this, rounded (평만지장도). */
  readonly strategicDelay?: number;
  /** `getPreTurnExecuteTriggerList`: 의술 books heal as the 의술 speciality does (`che_도시치료`), 환약 its holder (`che_아이템치료`). */
  readonly preTurn?: 'cityHealing' | 'treatment';
}

const STAT_OF_SLOT = { horse: 'leadership', weapon: 'strength', book: 'intel' } as const;
/** The shop's stat items by grade 1–6: price and the 치안 the city needs. */
const SHOP_GRADES: Readonly<Record<number, readonly [number, number]>> = {
  1: [1000, 1000], 2: [3000, 2000], 3: [6000, 3000], 4: [10000, 4000], 5: [15000, 5000], 6: [21000, 6000],
};

/** A horse, weapon or book: `che_<kind>_<grade>_<name>` adds its grade to the slot's stat (legacy `BaseStatItem`). */
function statItem(slot: 'horse' | 'weapon' | 'book', key: string, uniqueCount: number): Item {
  const [, , grade, rawName] = key.split('_') as [string, string, string, string];
  const value = Number(grade);
  const shop = SHOP_GRADES[value];
  return {
    key, slot, rawName, name: `${rawName}(+${value})`,
    cost: shop?.[0] ?? 200, buyable: uniqueCount === 0, consumable: false, reqSecu: shop?.[1] ?? 0, uniqueCount,
    stat: { [STAT_OF_SLOT[slot]]: value },
  };
}

interface ToolSpec {
  cost?: number;
  buyable?: true;
  consumable?: true;
  reqSecu?: number;
  /** The tag in brackets when it is not the key's second part (과실주(상성)). */
  tag?: string;
  stat?: Item['stat'];
  statGrows?: true;
  leadershipShare?: number;
  domestic?: DomesticTable;
  personal?: Item['personal'];
  spentBySabotage?: true;
  strategicDelay?: number;
  preTurn?: Item['preTurn'];
}

/** A tool (`che_<tag>_<name>`): 200 gold and unique unless its spec says otherwise. */
function tool(key: string, uniqueCount: number, spec: ToolSpec = {}): Item {
  const parts = key.split('_');
  const rawName = parts[parts.length - 1]!;
  return {
    key, slot: 'item', rawName, name: `${rawName}(${spec.tag ?? parts[parts.length - 2]})`,
    cost: spec.cost ?? 200, buyable: spec.buyable ?? false, consumable: spec.consumable ?? false, reqSecu: spec.reqSecu ?? 0, uniqueCount,
    ...(spec.stat ? { stat: spec.stat } : {}),
    ...(spec.statGrows ? { statGrows: spec.statGrows } : {}),
    ...(spec.leadershipShare ? { leadershipShare: spec.leadershipShare } : {}),
    ...(spec.domestic ? { domestic: spec.domestic } : {}),
    ...(spec.personal ? { personal: spec.personal } : {}),
    ...(spec.spentBySabotage ? { spentBySabotage: true } : {}),
    ...(spec.strategicDelay ? { strategicDelay: spec.strategicDelay } : {}),
    ...(spec.preTurn ? { preTurn: spec.preTurn } : {}),
  };
}

const schemes = (success: number): DomesticTable => ({ 계략: { success: add(success) } });
const domesticSuccess = (turns: readonly DomesticTurn[], success: number): DomesticTable =>
  Object.fromEntries(turns.map((t) => [t, { success: add(success) }]));

/** Legacy `GameConst::$allItems` (hidche_core), in its order: shop items have count 0. */
const HORSES = [
  ['노기', 1, 0], ['조랑', 2, 0], ['노새', 3, 0], ['나귀', 4, 0], ['갈색마', 5, 0], ['흑색마', 6, 0],
  ['백마', 7, 2], ['기주마', 7, 2], ['오환마', 7, 2], ['백상', 7, 2], ['양주마', 8, 2], ['흉노마', 8, 2], ['과하마', 9, 2], ['의남백마', 9, 2],
  ['대완마', 10, 2], ['옥추마', 10, 2], ['서량마', 11, 2], ['화종마', 11, 2], ['사륜거', 12, 2], ['옥란백용구', 12, 2], ['절영', 13, 2], ['적로', 13, 2],
  ['적란마', 14, 2], ['조황비전', 14, 2], ['한혈마', 15, 2], ['적토마', 15, 2],
] as const;
const WEAPONS = [
  ['단도', 1, 0], ['단궁', 2, 0], ['단극', 3, 0], ['목검', 4, 0], ['죽창', 5, 0], ['소부', 6, 0],
  ['동추', 7, 2], ['철편', 7, 2], ['철쇄', 7, 2], ['맥궁', 7, 2], ['유성추', 8, 2], ['철질여골', 8, 2], ['쌍철극', 9, 2], ['동호비궁', 9, 2],
  ['삼첨도', 10, 2], ['대부', 10, 2], ['고정도', 11, 2], ['이광궁', 11, 2], ['철척사모', 12, 2], ['칠성검', 12, 2], ['사모', 13, 2], ['양유기궁', 13, 2],
  ['언월도', 14, 2], ['방천화극', 14, 2], ['청홍검', 15, 2], ['의천검', 15, 2],
] as const;
const BOOKS = [
  ['효경전', 1, 0], ['회남자', 2, 0], ['변도론', 3, 0], ['건상역주', 4, 0], ['여씨춘추', 5, 0], ['사민월령', 6, 0],
  ['위료자', 7, 2], ['사마법', 7, 2], ['한서', 7, 2], ['논어', 7, 2], ['전론', 8, 2], ['사기', 8, 2], ['장자', 9, 2], ['역경', 9, 2],
  ['시경', 10, 2], ['구국론', 10, 2], ['상군서', 11, 2], ['춘추전', 11, 2], ['산해경', 12, 2], ['맹덕신서', 12, 2], ['관자', 13, 2], ['병법24편', 13, 2],
  ['한비자', 14, 2], ['오자병법', 14, 2], ['노자', 15, 2], ['손자병법', 15, 2],
] as const;

const statItems = (slot: 'horse' | 'weapon' | 'book', kind: string, rows: readonly (readonly [string, number, number])[]) =>
  rows.map(([name, grade, count]) => statItem(slot, `che_${kind}_${String(grade).padStart(2, '0')}_${name}`, count));

const shopConsumable = (cost: number, reqSecu: number) => ({ cost, reqSecu, buyable: true, consumable: true }) as const;

/**
 * The tools, with their hooks outside battle: stats, 내정/계략/징병/조달 (`onCalcDomestic`),
 * experience, training and morale bonuses, dex gains, sabotage defence and wounds, the
 * strategic delay and the pre-turn healing; 도기's sale is 장비매매's.
 */
const TOOLS: readonly Item[] = [
  tool('che_치료_환약', 0, { ...shopConsumable(200, 0), preTurn: 'treatment' }),
  tool('che_저격_수극', 0, shopConsumable(1000, 1000)),
  tool('che_사기_탁주', 0, shopConsumable(1000, 1000)),
  tool('che_훈련_청주', 0, shopConsumable(1000, 1000)),
  tool('che_계략_이추', 0, { ...shopConsumable(1000, 1000), domestic: schemes(0.2), spentBySabotage: true }),
  tool('che_계략_향낭', 0, { ...shopConsumable(3000, 2000), domestic: schemes(0.5), spentBySabotage: true }),
  tool('che_의술_정력견혈산', 1, { preTurn: 'cityHealing' }),
  tool('che_의술_청낭서', 1, { preTurn: 'cityHealing' }),
  tool('che_의술_태평청령', 1, { preTurn: 'cityHealing' }),
  tool('che_의술_상한잡병론', 1, { preTurn: 'cityHealing' }),
  tool('che_보물_도기', 1),
  tool('che_조달_주판', 1, { domestic: { 조달: { success: add(0.2), score: mul(2) } } }),
  tool('che_내정_납금박산로', 1, { domestic: domesticSuccess(['상업', '농업', '기술', '성벽', '수비', '치안', '민심', '인구'], 0.15) }),
  tool('che_전략_평만지장도', 1, { strategicDelay: 0.8 }),
  tool('che_숙련_동작', 1, { personal: { addDex: mul(1.2) } }),
  tool('che_명성_구석', 1, { personal: { experience: mul(1.2) } }),
  tool('che_척사_오악진형도', 1),
  tool('che_격노_구정신단경', 1),
  tool('che_징병_낙주', 1, {
    leadershipShare: 0.15,
    domestic: { 징병: { cost: mul(0.7) }, 모병: { cost: mul(0.7) }, 징집인구: { score: mul(0) } },
  }),
  tool('che_저격_매화수전', 1),
  tool('che_저격_비도', 1),
  tool('che_위압_조목삭', 1),
  tool('che_공성_묵자', 1),
  tool('che_집중_전국책', 1),
  tool('che_환술_논어집해', 1),
  tool('che_진압_박혁론', 1),
  // Never hurt by sabotage (p 0.3 − 1); its battle side is in src/war/war-items.ts.
  tool('che_부적_태현청생부', 1, { personal: { injuryProb: add(-1) } }),
  tool('che_저지_삼황내문', 1),
  tool('che_행동_서촉지형도', 1),
  tool('che_간파_노군입산부', 1),
  tool('che_불굴_상편', 1),
  tool('che_약탈_옥벽', 1),
  tool('che_농성_주서음부', 1, { personal: { sabotageDefence: add(0.3) } }),
  tool('che_농성_위공자병법', 1, { personal: { sabotageDefence: add(0.3) } }),
  tool('che_계략_육도', 1, { domestic: schemes(0.2) }),
  tool('che_계략_삼략', 1, { domestic: schemes(0.2) }),
  tool('che_상성보정_과실주', 1, { tag: '상성' }),
  // Legacy adds one more point every fourth year since the start (not modelled; README, Items).
  tool('che_능력치_지력_이강주', 1, { stat: { intel: 5 }, statGrows: true }),
  tool('che_능력치_무력_두강주', 1, { stat: { strength: 5 }, statGrows: true }),
  tool('che_능력치_통솔_보령압주', 1, { stat: { leadership: 5 }, statGrows: true }),
  tool('che_훈련_철벽서', 1, { personal: { bonusTrain: add(15) } }),
  tool('che_훈련_단결도', 1, { personal: { bonusTrain: add(15) } }),
  tool('che_사기_춘화첩', 1, { personal: { bonusAtmos: add(15) } }),
  tool('che_사기_초선화', 1, { personal: { bonusAtmos: add(15) } }),
  tool('che_회피_태평요술', 1),
  tool('che_필살_둔갑천서', 1),
];

/** Every item of the world, in legacy `GameConst::$allItems` order (the lottery draws in it). */
export const ITEMS: readonly Item[] = [
  ...statItems('horse', '명마', HORSES),
  ...statItems('weapon', '무기', WEAPONS),
  ...statItems('book', '서적', BOOKS),
  ...TOOLS,
];

const BY_KEY: ReadonlyMap<string, Item> = new Map(ITEMS.map((i) => [i.key, i]));

export function itemOf(key: string): Item | undefined {
  return BY_KEY.get(key);
}
