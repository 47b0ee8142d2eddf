import type { Json } from '@chronicle/engine';
import {
  CREW_TYPES, DEFAULT_MAP, GENERAL_COMMANDS, NATION_COMMANDS, generalHolder, nationHolder, nationTypes, processCommand, streamFromSeed, whyNot,
  type AnyCommand, type CommandContext, type RandUtil,
} from '@chronicle/sammo/rules';
import type { LastTurn, World } from '@chronicle/sammo';
import type { Area } from './areas';
import { hex, pick } from './case-helpers';
import {
  MAP, fixtureWorld, generalRow, randomCity, randomGeneral, type Fixture, type FixtureGeneral, type FixtureNation, type Row,
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

/**
 * Every command libs/sammo implements, with a maker of valid-ish arguments — but 인재탐색,
 * whose found general comes from the legacy's general pool (see the README).
 */
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
  che_건국: (rng) => ({ nationName: pick(rng, ['촉', '진', '위']), nationType: pick(rng, nationTypes.map((t) => t.key)), color: pick(rng, ['#FF0000', '#800000', '#008080', '#0000FF']) }),
  che_해산: none, che_견문: none, che_물자조달: none,
  che_출병: nearCity, che_소집해제: none, che_NPC능동: nearCity,
  che_화계: nearCity, che_선동: nearCity, che_파괴: nearCity, che_탈취: nearCity,
  che_선양: (rng, c) => ({ destGeneralId: otherGeneral(rng, c) }),
};

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
};

function randomWorld(rng: RandUtil, kind: 'general' | 'nation'): Omit<CommandCase, 'command' | 'arg'> {
  const startyear = pick(rng, [180, 184, 190]);
  const year = startyear + pick(rng, [0, 1, 2, 3, 5, 10, 20, 40]);
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
  const mode = kind === 'nation' ? 'settled' : pick(rng, ['settled', 'settled', 'settled', 'settled', 'wandering', 'none']);
  taken.add(home);
  const own = mode === 'settled' ? [home, ...around(home, rng.nextInt(3))] : [];
  const second = around(home, 1 + rng.nextInt(2));
  const third = rng.nextBool(0.3) ? around(pick(rng, CITY_IDS), 1) : [];
  const cities = [
    ...own.map((id) => randomCity(rng, id, 1)), ...second.map((id) => randomCity(rng, id, 2)), ...third.map((id) => randomCity(rng, id, 3)),
    ...(own.includes(home) ? [] : [randomCity(rng, home, 0)]),
  ];
  for (const city of cities) {
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
    strategicCmdLimit: pick(rng, [0, 0, 5]), chiefSet: 0,
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

function generateCase(rng: RandUtil, kind: 'general' | 'nation'): CommandCase {
  const args = kind === 'general' ? GENERAL_ARGS : NATION_ARGS;
  const command = pick(rng, Object.keys(args));
  const c: CommandCase = { command, arg: null, ...randomWorld(rng, kind) };
  c.arg = args[command]!(rng, c);
  // Only an NPC can reserve 순간이동 (the legacy's permission check when the turn is set).
  if (command === 'che_NPC능동') actor(c).npc = Math.max(2, actor(c).npc);
  // A command with pre-turns runs once its term is complete: half the cases come at the last term.
  if (rng.nextBool(0.5)) {
    const def = (kind === 'general' ? GENERAL_COMMANDS : NATION_COMMANDS).get(command)!;
    actor(c).lastTurn = { command: def.name, arg: c.arg, term: rng.nextInt(12) };
  }
  return c;
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

function runSammo(c: CommandCase, kind: 'general' | 'nation'): CommandOut {
  const world: World = fixtureWorld(c);
  const random = { stream: (...labels: (string | number)[]) => streamFromSeed(c.tableSeed, ...labels) };
  const general = world.generals.get(ACTOR)!;
  const nation = general.nation === 0 ? undefined : world.nations.get(general.nation);
  const table = kind === 'general' ? GENERAL_COMMANDS : NATION_COMMANDS;
  const command = table.get(c.command)!;
  const ctx: CommandContext = {
    world, general, city: world.cities[general.city]!, nation, year: c.year, month: c.month,
    rng: random.stream(kind === 'general' ? 'generalCommand' : 'nationCommand', c.year, c.month, general.id, command.key), random,
  };
  const holder = kind === 'general' ? generalHolder(general) : nationHolder(nation!, general.officerLevel);
  if (kind === 'nation') nation!.lastTurn[general.officerLevel] = { ...(c.generals[0]!.lastTurn ?? { command: '휴식', arg: null, term: 0 }) };
  const refusal = refusalOf(ctx, command, c.arg);
  processCommand(ctx, holder, command, c.arg);
  const cityIds = [...new Set(c.cities.map((row) => row.id))].sort((a, b) => a - b);
  return {
    refusal,
    generals: [...world.generals.values()].sort((a, b) => a.id - b.id).map((g) => ({
      ...generalRow(g), npc: g.npc, leadership: g.leadership, strength: g.strength, intel: g.intel, crewtype: g.crewtype, defence_train: g.defenceTrain,
      makelimit: g.makelimit, betray: g.betray, personal: g.personal ?? 'None',
    })),
    cities: cityIds.map((id) => {
      const city = world.cities[id]!;
      return {
        city: id, nation: city.nation, supply: city.supply, front: city.front, pop: city.pop, agri: city.agri, comm: city.comm, secu: city.secu,
        def: city.def, wall: city.wall, trust: city.trust, state: city.state, officer_set: city.officerSet, level: city.level,
      };
    }),
    nations: [...world.nations.values()].sort((a, b) => a.id - b.id).map((n) => ({
      nation: n.id, name: n.name, color: n.color, capital: n.capital, level: n.level, type: n.type, gold: n.gold, rice: n.rice, tech: n.tech,
      gennum: n.gennum, surlimit: n.surlimit, chief_set: n.chiefSet,
    })),
    diplomacy: [...world.diplomacy.entries()]
      .map(([key, d]) => { const [me, you] = key.split(':').map(Number); return { me: me!, you: you!, state: d.state, term: d.term }; })
      .sort((a, b) => a.me - b.me || a.you - b.you),
    lastTurn: lastTurnRow(holder.last),
    nextExecute: { ...holder.cooldowns },
  };
}

function commandsArea(kind: 'general' | 'nation'): Area<CommandCase, CommandOut> {
  return {
    name: `${kind}-commands`,
    about: `every ${kind} command libs/sammo implements, run as the legacy's turn runs it (condition, term stack, run on the ${kind}Command stream, alternatives) on MariaDB with the legacy schema: the rows, LastTurn and cooldowns after it`,
    generate: (rng, count) => Array.from({ length: count }, () => generateCase(rng, kind)),
    sammo: (c) => runSammo(c, kind),
  };
}

export const generalCommandsArea = commandsArea('general');
export const nationCommandsArea = commandsArea('nation');
