import type { Json } from '@chronicle/engine';
import {
  CREW_TYPES, DEFAULT_MAP, GENERAL_COMMANDS, instantRetreat, ITEMS, ITEM_SLOTS, domesticSpecials, warSpecials, NATION_COLORS, NATION_COMMANDS, generalHolder, nationHolder, nationTypes, phpStrimWidth, processCommand, streamFromSeed, whyNot,
  type AnyCommand, type CommandContext, type RandUtil,
} from '@chronicle/sammo/rules';
import type { General, LastTurn, World } from '@chronicle/sammo';
import type { Area } from './areas';
import { hex, pick } from './case-helpers';
import {
  MAP, fixtureWorld, generalRow, itemRow, randomCity, randomGeneral, randomItems, type Fixture, type FixtureGeneral, type FixtureNation, type Row,
} from './fixtures';

/**
 * One command on a random world: general 1 runs `command` (a general command, or a nation
 * command from its chief seat) with `arg` (libs/sammo's spelling; `php/commands.php`
 * spells it as the legacy does) on the stream the legacy's turn derives for it.
 */
export interface CommandCase extends Fixture {
  tableSeed: string;
  command: string;
  arg: Json;
}

export interface CommandOut {
  /** Why the command is refused (the legacy's testFullConditionMet), or null. */
  refusal: string | null;
  generals: Row[]; cities: Row[]; nations: Row[]; diplomacy: Row[];
  /** The LastTurn the command leaves (the general's, or the chief seat's `turn_last_{level}`). */
  lastTurn: Row;
  /** The cooldowns set (`next_execute`), by action name. */
  nextExecute: Record<string, number>;
  /** The actor's stored active-action inheritance points. */
  activeAction: number;
}

const ACTOR = 1;
const CITY_IDS = DEFAULT_MAP.cities.map((c) => c.id);
const BASIC_CREW = CREW_TYPES.filter((t) => t.id !== 1000).map((t) => t.id);

type ArgMaker = (rng: RandUtil, c: CommandCase) => Json;

const none: ArgMaker = () => null;
const actor = (c: CommandCase) => c.generals[0]!;
const nearCity: ArgMaker = (rng, c) => ({ destCityId: rng.nextBool(0.75) ? pick(rng, MAP.get(actor(c).city)!.neighbors) : pick(rng, CITY_IDS) });
const otherGeneral = (rng: RandUtil, c: CommandCase) => pick(rng, c.generals.filter((g) => g.id !== ACTOR || rng.nextBool(0.05))).id;
const someNation = (rng: RandUtil, c: CommandCase) => pick(rng, c.nations.map((n) => n.id));
const amount = (rng: RandUtil) => pick(rng, [100, 500, 1000, 2500, 7000, 10000, 20000]) + pick(rng, [0, 0, 30, 77]);
const resource: ArgMaker = (rng) => ({ isGold: rng.nextBool(), amount: amount(rng) });
const someCity: ArgMaker = (rng, c) => ({ destCityId: pick(rng, c.cities.map((x) => x.id)) });
/** A city of another nation, mostly (허보, 수몰 aim at the enemy). */
const enemyCity: ArgMaker = (rng, c) => {
  const theirs = c.cities.filter((x) => x.nation !== 0 && x.nation !== actor(c).nation);
  return theirs.length > 0 && rng.nextBool(0.8) ? { destCityId: pick(rng, theirs).id } : someCity(rng, c);
};
/** The cities within `steps` of a city on the map, itself excluded (강행's and 첩보's reach). */
function citiesWithin(from: number, steps: number): number[] {
  const seen = new Set([from]);
  let layer = [from];
  for (let d = 0; d < steps; d++) {
    layer = layer.flatMap((id) => MAP.get(id)!.neighbors).filter((id) => !seen.has(id) && seen.add(id) !== undefined);
  }
  seen.delete(from);
  return [...seen];
}
/** A general of another nation, mostly (등용's target). */
const foreignGeneral = (rng: RandUtil, c: CommandCase) => {
  const others = c.generals.filter((g) => g.nation !== actor(c).nation);
  return others.length > 0 && rng.nextBool(0.8) ? pick(rng, others).id : otherGeneral(rng, c);
};

const founding: ArgMaker = (rng) => ({ nationName: pick(rng, ['촉', '진', '위']), nationType: pick(rng, nationTypes.map((t) => t.key)), color: pick(rng, ['#FF0000', '#800000', '#008080', '#0000FF']) });
/** The scenario-only founding commands, steered to a wandering band in the opening years. */
const SCENARIO_FOUNDING = new Set(['cr_건국', 'che_무작위건국']);

/** Every command libs/sammo implements, with a maker of valid-ish arguments. */
const GENERAL_ARGS: Record<string, ArgMaker> = {
  휴식: none, che_농지개간: none, che_상업투자: none, che_기술연구: none, che_수비강화: none, che_성벽보수: none, che_치안강화: none,
  che_정착장려: none, che_주민선정: none,
  che_징병: (rng, c) => ({ crewType: rng.nextBool(0.4) ? actor(c).crewtype : pick(rng, BASIC_CREW), amount: pick(rng, [100, 700, 1500, 3000, 6000, 9000]) }),
  che_모병: (rng, c) => ({ crewType: rng.nextBool(0.4) ? actor(c).crewtype : pick(rng, BASIC_CREW), amount: pick(rng, [100, 700, 1500, 3000, 6000, 9000]) }),
  che_훈련: none, che_사기진작: none, che_이동: nearCity, che_집합: none, che_귀환: none, che_요양: none,
  che_임관: (rng, c) => ({ destNationId: someNation(rng, c) }),
  che_장수대상임관: (rng, c) => ({ destGeneralId: otherGeneral(rng, c) }),
  che_랜덤임관: none, che_하야: none, che_은퇴: none,
  che_증여: (rng, c) => ({ isGold: rng.nextBool(), amount: amount(rng), destGeneralId: otherGeneral(rng, c) }),
  che_헌납: resource,
  che_군량매매: (rng) => ({ buyRice: rng.nextBool(), amount: amount(rng) }),
  che_거병: none,
  che_단련: none,
  che_내정특기초기화: none,
  che_전투특기초기화: none,
  che_숙련전환: (rng) => ({ srcArmType: rng.nextRangeInt(1, 5), destArmType: rng.nextRangeInt(1, 5) }),
  che_강행: (rng, c) => (rng.nextBool(0.8) ? { destCityId: pick(rng, citiesWithin(actor(c).city, 3)) } : nearCity(rng, c)),
  che_첩보: (rng, c) => (rng.nextBool(0.6) ? enemyCity(rng, c) : { destCityId: pick(rng, citiesWithin(actor(c).city, 4)) }),
  che_건국: founding,
  // The commands only a scenario's lists offer.
  cr_건국: founding, che_무작위건국: founding, cr_맹훈련: none, che_전투태세: none,
  // The instant action, run here as a command (the legacy API runs the same class).
  che_접경귀환: none,
  che_해산: none, che_견문: none, che_물자조달: none, che_인재탐색: none, che_방랑: none,
  che_출병: nearCity, che_소집해제: none, che_NPC능동: nearCity,
  che_화계: nearCity, che_선동: nearCity, che_파괴: nearCity, che_탈취: nearCity,
  che_선양: (rng, c) => ({ destGeneralId: otherGeneral(rng, c) }),
  che_등용: (rng, c) => ({ destGeneralId: foreignGeneral(rng, c) }),
  che_모반시도: none,
  che_장비매매: (rng) => {
    const slot = pick(rng, ITEM_SLOTS);
    const ofSlot = ITEMS.filter((i) => i.slot === slot);
    // Mostly a shop item or a sale; now and then a unique (not sold) or another slot's item.
    const item = rng.nextBool(0.3) ? 'None' : rng.nextBool(0.9) ? pick(rng, ofSlot.filter((i) => i.buyable)).key : pick(rng, ITEMS).key;
    return { itemType: slot, itemCode: item };
  },
};

const ownNeighbours = (c: CommandCase) => c.cities.filter((x) => x.nation === actor(c).nation && MAP.get(actor(c).city)!.neighbors.includes(x.id)).map((x) => x.id);

const NATION_ARGS: Record<string, ArgMaker> = {
  휴식: none,
  che_포상: (rng, c) => ({ isGold: rng.nextBool(), amount: amount(rng), destGeneralId: otherGeneral(rng, c) }),
  che_몰수: (rng, c) => ({ isGold: rng.nextBool(), amount: amount(rng), destGeneralId: otherGeneral(rng, c) }),
  che_발령: (rng, c) => ({ destGeneralId: otherGeneral(rng, c), destCityId: pick(rng, c.cities.map((x) => x.id)) }),
  che_선전포고: (rng, c) => ({ destNationId: someNation(rng, c) }),
  che_불가침제의: (rng, c) => ({ destNationId: someNation(rng, c), year: c.year + rng.nextInt(3), month: rng.nextRangeInt(1, 12) }),
  che_종전제의: (rng, c) => ({ destNationId: someNation(rng, c) }),
  che_불가침파기제의: (rng, c) => ({ destNationId: someNation(rng, c) }),
  che_물자원조: (rng, c) => ({ destNationId: someNation(rng, c), amountList: [pick(rng, [0, 1000, 5000, 20000]), pick(rng, [0, 1000, 5000, 20000])] }),
  che_천도: nearCity,
  che_증축: none,
  che_감축: none,
  che_초토화: (rng, c) => (rng.nextBool(0.8) ? { destCityId: pick(rng, c.cities.filter((x) => x.nation === actor(c).nation).map((x) => x.id).concat(actor(c).city)) } : someCity(rng, c)),
  che_국기변경: (rng) => ({ colorType: rng.nextInt(NATION_COLORS.length) }),
  che_국호변경: (rng) => ({ nationName: pick(rng, ['오', '진', '한', '대진', '가나다라마바사아자']) }),
  che_급습: (rng, c) => ({ destNationId: someNation(rng, c) }),
  che_이호경식: (rng, c) => ({ destNationId: someNation(rng, c) }),
  che_피장파장: (rng, c) => ({
    destNationId: someNation(rng, c),
    commandType: pick(rng, ['che_필사즉생', 'che_백성동원', 'che_수몰', 'che_허보', 'che_의병모집', 'che_이호경식', 'che_급습']),
  }),
  che_허보: enemyCity,
  che_수몰: enemyCity,
  che_백성동원: someCity,
  che_필사즉생: none,
  che_의병모집: none,
  che_무작위수도이전: none,
  cr_인구이동: (rng, c) => ({
    // Mostly a neighbouring own city.
    destCityId: rng.nextBool(0.8) ? pick(rng, ownNeighbours(c).concat(MAP.get(actor(c).city)!.neighbors.slice(0, 1))) : pick(rng, c.cities.map((x) => x.id)),
    amount: pick(rng, [0, 100, 5000, 20000, 50000, 100000, 150000]) + pick(rng, [0, 0, 77]),
  }),
};

/** General commands that are no turn: the instant action 접경귀환 (never in the registry, so never reserved). */
const INSTANT_COMMANDS: ReadonlyMap<string, AnyCommand> = new Map([[instantRetreat.key, instantRetreat]]);
const generalCommand = (key: string): AnyCommand => GENERAL_COMMANDS.get(key) ?? INSTANT_COMMANDS.get(key)!;

const STRATEGIC = new Set(['che_급습', 'che_이호경식', 'che_피장파장', 'che_허보', 'che_수몰', 'che_백성동원', 'che_필사즉생']);
const CAPITAL = new Set(['che_천도', 'che_증축', 'che_감축']);

function randomWorld(rng: RandUtil, kind: 'general' | 'nation', opening = false, neutral = false): Omit<CommandCase, 'command' | 'arg'> {
  const startyear = pick(rng, [180, 184, 190]);
  const year = startyear + (opening ? pick(rng, [0, 0, 1, 1, 2]) : pick(rng, [0, 1, 2, 3, 5, 10, 20, 40]));
  const home = pick(rng, CITY_IDS);
  const taken = new Set<number>();
  const around = (from: number, n: number) => {
    const out: number[] = [];
    for (let tries = 0; out.length < n && tries < 50; tries++) {
      const id = pick(rng, rng.nextBool(0.7) ? MAP.get(from)!.neighbors : CITY_IDS);
      if (!taken.has(id)) { taken.add(id); out.push(id); }
    }
    return out;
  };
  // Nation 1 is the actor's: a settled nation, or (for general commands) a wandering band
  // or none at all; nation 2 a neighbour; sometimes a third.
  const mode = kind === 'nation' ? 'settled' : neutral ? 'none' : opening ? 'wandering' : pick(rng, ['settled', 'settled', 'settled', 'settled', 'wandering', 'none']);
  taken.add(home);
  const own = mode === 'settled' ? [home, ...around(home, rng.nextInt(3))] : [];
  const second = around(home, 1 + rng.nextInt(2));
  const third = rng.nextBool(0.3) ? around(pick(rng, CITY_IDS), 1) : [];
  const cities = [
    ...own.map((id) => randomCity(rng, id, 1)), ...second.map((id) => randomCity(rng, id, 2)), ...third.map((id) => randomCity(rng, id, 3)),
    ...(own.includes(home) ? [] : [randomCity(rng, home, 0)]),
  ];
  for (const city of cities) {
    // 증축 (or 감축 back) may have changed a level; the map's level 8 is the most.
    city.expanded = rng.nextBool(0.3) ? rng.nextInt(Math.max(0, 8 - MAP.get(city.id)!.level) + 1) : 0;
    city.trust = rng.nextRangeInt(20, 100);
    city.front = pick(rng, [0, 0, 1, 2, 3]);
    city.trade = rng.nextBool(0.3) ? null : rng.nextRangeInt(95, 105);
  }
  const level = kind === 'nation' ? pick(rng, [12, 12, 11, 10, 9, 5]) : pick(rng, [1, 1, 1, 2, 3, 4, 5, 12]);
  const me = randomGeneral(rng, ACTOR, mode === 'none' ? 0 : 1, home, mode === 'none' ? 0 : mode === 'wandering' ? 12 : level, 0);
  if (me.officerLevel >= 2 && me.officerLevel <= 4) me.officerCity = pick(rng, own.length > 0 ? own : [home]);
  me.npc = pick(rng, [0, 0, 1, 2, 3]);
  me.age = rng.nextRangeInt(20, 80);
  me.makelimit = pick(rng, [0, 0, 3]);
  me.betray = rng.nextInt(3);
  // A player is the legacy row's owner, with an inheritance store: the command's active-action points are compared.
  if (me.npc < 2) me.inheritance = {};
  if (rng.nextBool(0.2)) me.gold = rng.nextInt(300);
  const generals: FixtureGeneral[] = [me];
  let id = 2;
  const member = (nation: number, city: number, officerLevel: number) => {
    const g = randomGeneral(rng, id++, nation, city, officerLevel, 0);
    g.age = rng.nextRangeInt(20, 80);
    generals.push(g);
  };
  if (mode !== 'none' && me.officerLevel !== 12) member(1, pick(rng, own.length > 0 ? own : [home]), 12);
  for (let i = rng.nextInt(3); i > 0; i--) member(mode === 'none' ? 0 : 1, pick(rng, [home, ...own]), pick(rng, [1, 1, 2, 5, 8]));
  member(2, second[0]!, 12);
  for (let i = rng.nextInt(2); i > 0; i--) member(2, pick(rng, [...second, home]), 1);
  if (third.length > 0) member(3, third[0]!, 12);
  const nation = (nid: number, capital: number, wandering: boolean): FixtureNation => ({
    id: nid, name: ['', '위', '오', '촉'][nid]!, capital: wandering ? 0 : capital, level: wandering ? 0 : rng.nextRangeInt(1, 7), tech: rng.nextInt(12000),
    gold: rng.nextBool(0.1) ? rng.nextInt(3000) : rng.nextInt(60000), rice: rng.nextBool(0.1) ? rng.nextInt(3000) : rng.nextInt(60000),
    type: pick(rng, nationTypes.map((t) => t.key)), gennum: generals.filter((g) => g.nation === nid).length,
    bill: pick(rng, [20, 100, 200]), rate: pick(rng, [10, 20, 30]), scout: 0, war: 0, surlimit: pick(rng, [0, 0, 12]),
    strategicCmdLimit: pick(rng, [0, 0, 5]), chiefSet: 0, capset: pick(rng, [0, 0, 1, 3]),
    aux: pick(rng, [{}, { can_국기변경: 1 }, { can_국기변경: 0, can_국호변경: 1 }, { can_국기변경: 1, can_국호변경: 1 }]),
  });
  const nations = [
    ...(mode === 'none' ? [] : [nation(1, own[0] ?? 0, mode === 'wandering')]),
    nation(2, second[0]!, false),
    ...(third.length > 0 ? [nation(3, third[0]!, false)] : []),
  ];
  const diplomacy = nations.flatMap((a) => nations.filter((b) => b.id !== a.id).map((b) => ({ me: a.id, you: b.id, state: 2, term: 0 })));
  for (const d of diplomacy) {
    if (d.me > d.you) continue;
    const state = pick(rng, [0, 1, 2, 2, 7]);
    const term = state === 1 || state === 7 ? rng.nextRangeInt(1, 24) : 0;
    for (const row of diplomacy) if ((row.me === d.me && row.you === d.you) || (row.me === d.you && row.you === d.me)) Object.assign(row, { state, term });
  }
  return {
    tableSeed: hex(rng, 64), year, month: rng.nextRangeInt(1, 12), startyear, develcost: pick(rng, [20, 24, 30]), killturn: 80,
    cities, nations, generals, diplomacy,
  };
}

/**
 * Commands drawn more often than the rest: a general the pool builds has many fields and
 * draws, so the golden files hold a few dozen of them.
 */
const WEIGHT: Record<string, number> = { che_인재탐색: 5, che_의병모집: 5 };

/**
 * The commands a case is drawn from, each as often as its weight. `LEGACY_DIFF_COMMANDS`
 * (comma-separated keys) narrows them, for working on one.
 */
function commandKeys(args: Record<string, ArgMaker>): string[] {
  const only = process.env.LEGACY_DIFF_COMMANDS?.split(',');
  const keys = only === undefined ? Object.keys(args) : Object.keys(args).filter((key) => only.includes(key));
  return keys.flatMap((key) => Array<string>(WEIGHT[key] ?? 1).fill(key));
}

function generateCase(rng: RandUtil, kind: 'general' | 'nation'): CommandCase {
  const args = kind === 'general' ? GENERAL_ARGS : NATION_ARGS;
  const command = pick(rng, commandKeys(args));
  // The scenario-only founding commands and the random capital move mostly come where they can run.
  const opening = (SCENARIO_FOUNDING.has(command) || command === 'che_무작위수도이전') && rng.nextBool(0.7);
  // 거병 is a wanderer's in the opening years: mostly steered there.
  const neutral = command === 'che_거병' && rng.nextBool(0.7);
  const c: CommandCase = { command, arg: null, ...randomWorld(rng, kind, opening || neutral, neutral) };
  if (command === 'che_거병' && rng.nextBool(0.7)) nameNationsAfterActor(rng, c);
  if (kind === 'general') for (const g of c.generals) randomItems(rng, g);
  c.arg = args[command]!(rng, c);
  // Only an NPC can reserve 순간이동 (the legacy's permission check when the turn is set).
  if (command === 'che_NPC능동') actor(c).npc = Math.max(2, actor(c).npc);
  // 은퇴's rebirth hands a player's points to the lobby's user log, which the harness has not: there the actor is no player of the legacy.
  if (command === 'che_은퇴') delete actor(c).inheritance;
  // 모반시도 needs a chief under a ruler idle past the killturn reset: often give it one.
  if (command === 'che_모반시도' && actor(c).nation !== 0 && actor(c).officerLevel !== 12 && rng.nextBool(0.6)) {
    actor(c).officerLevel = pick(rng, [5, 8, 11]);
    for (const g of c.generals) if (g.nation === actor(c).nation && g.officerLevel === 12) Object.assign(g, { killturn: rng.nextRangeInt(60, 85), npc: pick(rng, [0, 1, 2, 3, 6]) });
  }
  // 방랑 wants the ruler of a settled nation past the opening: often make the actor one.
  if (command === 'che_방랑' && actor(c).nation !== 0 && rng.nextBool(0.7)) {
    for (const g of c.generals) if (g.nation === actor(c).nation && g.officerLevel === 12) g.officerLevel = 1;
    actor(c).officerLevel = 12;
    actor(c).officerCity = 0;
    c.year = Math.max(c.year, c.startyear + 3);
  }
  // Strategic commands want an enemy: often at war with nation 2, or declared long ahead (급습).
  if (STRATEGIC.has(command) && rng.nextBool(0.6)) {
    const state = command === 'che_급습' ? 1 : pick(rng, [0, 0, 1]);
    const term = state === 1 ? rng.nextRangeInt(8, 24) : 0;
    for (const d of c.diplomacy) if ((d.me === 1 && d.you === 2) || (d.me === 2 && d.you === 1)) Object.assign(d, { state, term });
  }
  // The speciality resets: a war speciality half the time, and specialities held before, often all
  // but the last of the kind's 8 or 20 (the list then starts again).
  if (command === 'che_내정특기초기화' || command === 'che_전투특기초기화') {
    const war = command === 'che_전투특기초기화';
    if (war && rng.nextBool(0.5)) actor(c).specialWar = pick(rng, warSpecials.map((s) => s.key));
    const family = war ? warSpecials : domesticSpecials;
    const held = rng.nextBool(0.5) ? (war ? 19 : 7) : rng.nextInt(war ? 19 : 7);
    if (rng.nextBool(0.7)) actor(c).aux = { ...actor(c).aux, [war ? 'prev_types_special2' : 'prev_types_special']: family.slice(0, held).map((s) => s.key) };
  }
  // 접경귀환 is for a general outside its territory: often stand it within three steps of it.
  if (command === 'che_접경귀환' && rng.nextBool(0.7)) {
    const own = new Set(c.cities.filter((x) => x.nation === actor(c).nation).map((x) => x.id));
    const outside = citiesWithin(actor(c).city, 3).filter((id) => !own.has(id));
    if (outside.length > 0) actor(c).city = pick(rng, outside);
  }
  // 무작위수도이전 spends the move 무작위건국 granted.
  if (command === 'che_무작위수도이전' && rng.nextBool(0.7)) {
    for (const n of c.nations) if (n.id === 1) n.aux = { ...n.aux, can_무작위수도이전: pick(rng, [0, 1, 1, 2]) };
    if (rng.nextBool(0.7)) {
      for (const g of c.generals) if (g.nation === 1 && g.officerLevel === 12) g.officerLevel = 1;
      actor(c).officerLevel = 12;
    }
  }
  // 초토화 wants peace and no diplomacy limit: often give it both.
  if (command === 'che_초토화' && rng.nextBool(0.6)) {
    for (const d of c.diplomacy) if ((d.me === actor(c).nation || d.you === actor(c).nation) && d.state === 0) d.state = 2;
    for (const n of c.nations) if (n.id === actor(c).nation) n.surlimit = 0;
  }
  // A nation's capital is supplied (허보 scatters generals among the supplied cities).
  for (const n of c.nations) for (const row of c.cities) if (row.id === n.capital) row.supply = 1;
  // 감축 wants a capital 증축 raised.
  const capital = c.nations.find((n) => n.id === 1)?.capital;
  const capitalRow = c.cities.find((x) => x.id === capital);
  if (command === 'che_감축' && capitalRow && rng.nextBool(0.6)) capitalRow.expanded = Math.max(capitalRow.expanded ?? 0, 1 + rng.nextInt(Math.max(1, 8 - MAP.get(capitalRow.id)!.level)));
  // A command with pre-turns runs once its term is complete: half the cases come at the last term.
  if (rng.nextBool(0.5)) {
    const def = kind === 'general' ? generalCommand(command) : NATION_COMMANDS.get(command)!;
    actor(c).lastTurn = { command: def.name, arg: c.arg, term: rng.nextInt(12) };
    // The capital commands' stacks carry the nation's capset when they began.
    const capset = c.nations.find((n) => n.id === 1)?.capset ?? 0;
    if (CAPITAL.has(command) && rng.nextBool(0.7)) actor(c).lastTurn!.seq = rng.nextBool(0.8) ? capset : Math.max(0, capset - 1);
  }
  // 의병모집 runs past the opening, without a strategic wait, after its two pre-turns: most
  // cases give it those, so that most of them raise a militia.
  if (command === 'che_의병모집' && rng.nextBool(0.8)) {
    c.year = Math.max(c.year, c.startyear + 3);
    c.nations.find((n) => n.id === 1)!.strategicCmdLimit = 0;
    actor(c).lastTurn = { command: '의병모집', arg: null, term: 2 };
  }
  return c;
}

/**
 * 거병 names the band after its general, with `㉥` before a name a nation holds (cut to 18
 * columns; a second `㉥`, uncut, when that is taken too): the actor gets a long name now and
 * then (Hangul, mixed, Latin, at 17–18 columns), and nation 2 — and nation 3 when there is
 * one — that name, its `㉥` form, or the name with a trailing space (MariaDB compares
 * utf8mb4_bin with the spaces padded).
 */
function nameNationsAfterActor(rng: RandUtil, c: CommandCase): void {
  const me = actor(c);
  if (rng.nextBool(0.5)) me.name = pick(rng, ['가나다라마바사아자', '가a나b다c라d마e바', 'Cao Mengde of Qiao', '가나다라마바사아b']);
  const marked = phpStrimWidth(`㉥${me.name}`, 18);
  const [second, third] = [c.nations.find((n) => n.id === 2), c.nations.find((n) => n.id === 3)];
  if (second) second.name = pick(rng, [me.name, me.name, `${me.name} `, marked]);
  if (third && rng.nextBool(0.7)) third.name = pick(rng, [marked, marked, me.name]);
}

/**
 * The LastTurn's command and term. Its argument is left out: libs/sammo keeps the move's
 * argument as given, the legacy its normalised form (amounts in hundreds, a colour as its
 * index); each side's term stack compares like with like.
 */
function lastTurnRow(t: LastTurn): Row {
  return { command: t.command, term: t.term };
}

/**
 * Why libs/sammo refuses the command, in the legacy's words: an argument readArg rejects is
 * the legacy's argTest failing (its message is the player's fix, in English, here), and the
 * crew type's unmet requirement libs/sammo adds in brackets is dropped.
 */
function refusalOf(ctx: CommandContext, command: AnyCommand, arg: Json): string | null {
  try {
    command.readArg(arg, ctx.world);
  } catch {
    return '인자가 올바르지 않습니다.';
  }
  return whyNot(ctx, command, arg)?.replace(/ \(.*\)$/, '') ?? null;
}

/**
 * The rest of a general the command made, as `php/commands.php` reads it: the first turn to
 * the ms, in the legacy's DATETIME spelling. libs/sammo lays it one turn window later than
 * the legacy, at the same drawn offset (its README, "General pool"), so it is compared a term back.
 */
function madeGeneralRow(g: General, turnterm: number): Row {
  return {
    name: g.name, affinity: g.affinity, bornyear: g.bornyear, deadyear: g.deadyear, age: g.age, killturn: g.killturn,
    turntime: new Date(g.turntime - turnterm * 60_000).toISOString().replace('T', ' ').replace('Z', ''),
    npc_org: g.npcOrg,
  };
}

function runSammo(c: CommandCase, kind: 'general' | 'nation'): CommandOut & { logs: string[] } {
  const world: World = fixtureWorld(c);
  const random = { stream: (...labels: (string | number)[]) => streamFromSeed(c.tableSeed, ...labels) };
  const general = world.generals.get(ACTOR)!;
  const nation = general.nation === 0 ? undefined : world.nations.get(general.nation);
  const command = kind === 'general' ? generalCommand(c.command) : NATION_COMMANDS.get(c.command)!;
  const ctx: CommandContext = {
    world, general, city: world.cities[general.city]!, nation, year: c.year, month: c.month,
    rng: random.stream(kind === 'general' ? 'generalCommand' : 'nationCommand', c.year, c.month, general.id, command.key), random,
  };
  const holder = kind === 'general' ? generalHolder(general) : nationHolder(nation!, general.officerLevel);
  if (kind === 'nation') nation!.lastTurn[general.officerLevel] = { ...(c.generals[0]!.lastTurn ?? { command: '휴식', arg: null, term: 0 }) };
  const refusal = refusalOf(ctx, command, c.arg);
  processCommand(ctx, holder, command, c.arg);
  const cityIds = [...new Set(c.cities.map((row) => row.id))].sort((a, b) => a - b);
  const fixtureIds = new Set(c.generals.map((g) => g.id));
  return {
    refusal,
    generals: [...world.generals.values()].sort((a, b) => a.id - b.id).map((g) => ({
      ...generalRow(g), npc: g.npc, leadership: g.leadership, strength: g.strength, intel: g.intel, crewtype: g.crewtype, defence_train: g.defenceTrain,
      makelimit: g.makelimit, betray: g.betray, personal: g.personal ?? 'None',
      special: g.special ?? 'None', special2: g.special2 ?? 'None', specage: g.specage, specage2: g.specage2,
      prev_types_special: g.aux.prev_types_special ?? null, prev_types_special2: g.aux.prev_types_special2 ?? null,
      ...(fixtureIds.has(g.id) ? {} : madeGeneralRow(g, world.env.turnterm)),
      ...(kind === 'general' ? itemRow(g) : {}),
    })),
    cities: cityIds.map((id) => {
      const city = world.cities[id]!;
      return {
        city: id, nation: city.nation, supply: city.supply, front: city.front, pop: city.pop, agri: city.agri, comm: city.comm, secu: city.secu,
        def: city.def, wall: city.wall, trust: city.trust, state: city.state, officer_set: city.officerSet, level: city.level,
        pop_max: city.popMax, agri_max: city.agriMax, comm_max: city.commMax, secu_max: city.secuMax, def_max: city.defMax, wall_max: city.wallMax,
      };
    }),
    nations: [...world.nations.values()].sort((a, b) => a.id - b.id).map((n) => ({
      nation: n.id, name: n.name, color: n.color, capital: n.capital, level: n.level, type: n.type, gold: n.gold, rice: n.rice, tech: n.tech,
      gennum: n.gennum, surlimit: n.surlimit, chief_set: n.chiefSet, capset: n.capset, strategic_cmd_limit: n.strategicCmdLimit, aux: n.aux, spy: n.spy,
    })),
    diplomacy: [...world.diplomacy.entries()]
      .map(([key, d]) => { const [me, you] = key.split(':').map(Number); return { me: me!, you: you!, state: d.state, term: d.term }; })
      .sort((a, b) => a.me - b.me || a.you - b.you),
    lastTurn: lastTurnRow(holder.last),
    nextExecute: { ...holder.cooldowns },
    activeAction: general.inheritance.active_action ?? 0,
    logs: world.logs.filter((l) => l.scope === 'general' && l.subject === general.id).map((l) => l.text),
  };
}

function commandsArea(kind: 'general' | 'nation'): Area<CommandCase, CommandOut> {
  return {
    name: `${kind}-commands`,
    about: `every ${kind} command libs/sammo implements, run as the legacy's turn runs it (condition, term stack, run on the ${kind}Command stream, alternatives) on MariaDB with the legacy schema: the rows, LastTurn and cooldowns after it`,
    generate: (rng, count) => Array.from({ length: count }, () => generateCase(rng, kind)),
    sammo: (c) => {
      const { logs: _logs, ...out } = runSammo(c, kind);
      return out;
    },
  };
}

export const generalCommandsArea = commandsArea('general');
export const nationCommandsArea = commandsArea('nation');

const PHASE_LINE = /^(\S+)\s*: 【.*】 \d+ \(-\d+\) VS \d+ \(-\d+\) 【/u;

/** The actor's action log after the command, as the player reads it (the legacy's markup and time dropped). */
export const commandLogsArea: Area<CommandCase & { kind: 'general' | 'nation' }, { logs: string[] }> = {
  name: 'command-logs',
  about: "the actor's action log after a general or nation command, the cases of the two command areas, the legacy's colour tags, bullet, month and time stripped",
  generate: (rng, count) =>
    Array.from({ length: count }, (_, i) => {
      const kind = i % 3 === 2 ? 'nation' : 'general';
      return { kind, ...generateCase(rng, kind) };
    }),
  // The crew type's unmet requirement libs/sammo adds in brackets is not the legacy's (as in the
  // refusals); the battle's phase lines are the legacy's battle detail log, not its action log.
  sammo: (c) => ({
    logs: runSammo(c, c.kind).logs
      .filter((line) => !PHASE_LINE.test(line))
      .map((line) => line.trim())
      .map((line) => line.replace(/(현재 선택할 수 없는 병종입니다\.) \([^)]*\)/, '$1')),
  }),
};
