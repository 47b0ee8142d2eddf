import {
  DEFAULT_MAP, ITEMS, ITEM_SLOTS, nationTypes, newRun, newYear, postUpdateMonthly, preUpdateMonthly, processIncome, processSemiAnnual, processWarIncome, raiseDisaster, randomizeCityTradeRate,
  provideTroopLeaders, resetOfficerLock, runMonth, addGlobalBetray, assignGeneralSpeciality, mergeInheritPointRank, domesticSpecials, streamFromSeed, warSpecials, updateCitySupply, updateNationLevel, type RandUtil,
} from '@chronicle/sammo/rules';
import type { City, General, World } from '@chronicle/sammo';
import type { Area } from './areas';
import { hex, pick } from './case-helpers';
import { MAP, fixtureWorld, generalRow, itemRow, randomCity, randomGeneral, type Fixture, type FixtureCity, type FixtureGeneral, type FixtureNation, type Row } from './fixtures';

/**
 * Each monthly step on its own, by the name `php/areas/monthly.php` maps to the legacy's event
 * action, and libs/sammo's step with the legacy's own stream labels.
 */
const STEPS = {
  supply: (world: World) => updateCitySupply(world),
  warIncome: (world: World) => processWarIncome(world),
  semiAnnualGold: (world: World) => processSemiAnnual(world, 'gold'),
  semiAnnualRice: (world: World) => processSemiAnnual(world, 'rice'),
  incomeGold: (world: World) => processIncome(world, 'gold'),
  incomeRice: (world: World) => processIncome(world, 'rice'),
  disaster: (world: World, seed: string) => raiseDisaster(world, streamFromSeed(seed, 'disater', world.env.year, world.env.month)),
  tradeRate: (world: World, seed: string) =>
    randomizeCityTradeRate(world, streamFromSeed(seed, 'randomizeCityTradeRate', world.env.year, world.env.month)),
  nationLevel: (world: World, seed: string) => updateNationLevel(world, { stream: (...labels) => streamFromSeed(seed, ...labels) }),
  // The dummies' first turn in the window after the one being run (the world's first).
  troopLeader: (world: World, seed: string) =>
    provideTroopLeaders(world, { stream: (...labels) => streamFromSeed(seed, ...labels) }, world.env.turntime + world.env.turnterm * 60_000),
  newYear: (world: World) => newYear(world),
  officerLock: (world: World) => resetOfficerLock(world),
  betrayAtZero: (world: World) => addGlobalBetray(world, 1, 0),
  betrayAtOne: (world: World) => addGlobalBetray(world, 1, 1),
  inheritRank: (world: World) => mergeInheritPointRank(world),
  speciality: (world: World, seed: string) =>
    assignGeneralSpeciality(world, streamFromSeed(seed, 'assignGeneralSpeciality', world.env.year, world.env.month)),
  pre: (world: World) => preUpdateMonthly(world),
  post: (world: World, seed: string) =>
    postUpdateMonthly(world, streamFromSeed(seed, 'monthly', world.env.year, world.env.month), { stream: (...labels) => streamFromSeed(seed, ...labels) }, world.env.turntime),
  // The whole boundary into the next month: one turn (60 minutes) a month since the start.
  month: (world: World, seed: string) => {
    const { env } = world;
    const nextTurn = env.starttime + (env.year * 12 + env.month - env.startyear * 12) * env.turnterm * 60_000;
    runMonth(newRun(world, { stream: (...labels) => streamFromSeed(seed, ...labels) }), nextTurn);
  },
} as const;
type Step = keyof typeof STEPS;

/** The months the event table runs a step in (the rest run every month or on a month of their own). */
const MONTHS: Partial<Record<Step, readonly number[]>> = {
  semiAnnualGold: [1], incomeGold: [1], semiAnnualRice: [7], incomeRice: [7], disaster: [1, 4, 7, 10], tradeRate: [1, 7], newYear: [1], speciality: [1], inheritRank: [1, 7],
  // The closing month: December and June open the months of income, March and September those of disasters only.
  month: [12, 12, 12, 6, 6, 6, 3, 9, 1, 2, 4, 5, 7, 8, 10, 11],
};

export interface MonthlyCase extends Fixture {
  step: Step;
  tableSeed: string;
  killturn: number;
  /** The dead of a city's last battles (`city.dead`), [city, dead]. */
  dead: [number, number][];
  /** The dead counted against a war (`diplomacy.dead`), [me, you, dead]. */
  diplomacyDead: [number, number, number][];
  /** Crew killed and lost by a general in earlier battles (rank_data `killcrew_person`, `deathcrew_person`), [general, killed, lost]. */
  crewRanks: [number, number, number][];
}

/** A nation's cities: its capital and a region grown through neighbours, sometimes a city cut off from it. */
export function claimCities(rng: RandUtil, owner: Map<number, number>, nation: number, size: number): number[] {
  const free = DEFAULT_MAP.cities.map((c) => c.id).filter((id) => !owner.has(id));
  const capital = pick(rng, free);
  const held = [capital];
  owner.set(capital, nation);
  while (held.length < size) {
    const next = held.flatMap((id) => MAP.get(id)!.neighbors).filter((id) => !owner.has(id));
    if (next.length === 0) break;
    const id = pick(rng, next);
    held.push(id);
    owner.set(id, nation);
  }
  if (rng.nextBool(0.3)) {
    const away = DEFAULT_MAP.cities.map((c) => c.id).filter((id) => !owner.has(id));
    const id = pick(rng, away);
    held.push(id);
    owner.set(id, nation);
  }
  return held;
}

function monthlyCity(rng: RandUtil, id: number, nation: number): FixtureCity {
  return {
    ...randomCity(rng, id, nation),
    // Trust with one decimal, as a FLOAT column gives it back; now and then low enough to lose a cut-off city.
    trust: rng.nextBool(0.2) ? rng.nextRangeInt(50, 350) / 10 : rng.nextRangeInt(0, 1000) / 10,
    front: pick(rng, [0, 0, 1, 2, 3]),
    trade: rng.nextBool(0.5) ? null : rng.nextRangeInt(95, 105),
    officerSet: rng.nextInt(1),
    state: pick(rng, [0, 0, 0, 1, 4, 5, 9, 31, 32, 33, 34, 41, 42, 43]),
  };
}

function generateCase(rng: RandUtil, step: Step): MonthlyCase {
  const startyear = pick(rng, [180, 184, 190]);
  const owner = new Map<number, number>();
  const nations: FixtureNation[] = [];
  const cities: FixtureCity[] = [];
  const generals: FixtureGeneral[] = [];
  let generalId = 1;
  const nationCount = rng.nextRangeInt(1, 4);
  for (let id = 1; id <= nationCount; id++) {
    // A band (level 0, as 거병 makes it) holds no city and has no capital; a nation up to ten cities.
    const level = rng.nextBool(0.15) ? 0 : rng.nextRangeInt(1, 7);
    const held = level === 0 ? [] : claimCities(rng, owner, id, rng.nextRangeInt(1, 9));
    for (const city of held) cities.push(monthlyCity(rng, city, id));
    const capital = held[0] ?? 0;
    const ruler = randomGeneral(rng, generalId++, id, capital || 1, 12, 0);
    // A nation's payroll has someone on it (legacy divides by it).
    if (ruler.npc === 5) ruler.npc = 2;
    const members: FixtureGeneral[] = [ruler];
    for (let i = rng.nextRangeInt(0, 4); i > 0; i--) {
      const officerLevel = pick(rng, [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      const city = held.length > 0 ? pick(rng, held) : pick(rng, DEFAULT_MAP.cities.map((c) => c.id));
      const officerCity = officerLevel >= 2 && officerLevel <= 4 ? (rng.nextBool(0.7) ? city : pick(rng, [city, ...held])) : 0;
      members.push(randomGeneral(rng, generalId++, id, city, officerLevel, officerCity));
    }
    for (const g of members) generals.push(g);
    nations.push({
      // Tech as battles leave it in the FLOAT column: up to six digits, a fraction now and then.
      id, name: `국가${id}`, capital, level, tech: rng.nextBool(0.5) ? rng.nextInt(12000) : Number((rng.nextInt(1200000) / 100).toPrecision(6)),
      gold: pick(rng, [rng.nextInt(2000), rng.nextInt(20000), rng.nextInt(200000)]),
      rice: pick(rng, [rng.nextInt(2000), rng.nextInt(20000), rng.nextInt(200000)]),
      type: pick(rng, nationTypes.map((t) => t.key)), gennum: members.filter((g) => g.npc !== 5).length,
      bill: pick(rng, [20, 50, 80, 100, 100, 150, 200]), rate: pick(rng, [5, 10, 15, 20, 20, 25, 30, 40, 50]), chiefSet: rng.nextInt(1),
      strategicCmdLimit: rng.nextInt(3), surlimit: rng.nextInt(3),
      spy: Object.fromEntries(Array.from({ length: rng.nextInt(3) }, () => [pick(rng, DEFAULT_MAP.cities.map((c) => c.id)), rng.nextRangeInt(1, 3)])),
    });
  }
  // Neutral cities with rows of their own, and wanderers.
  for (let i = rng.nextRangeInt(2, 8); i > 0; i--) {
    const free = DEFAULT_MAP.cities.map((c) => c.id).filter((id) => !owner.has(id));
    const id = pick(rng, free);
    owner.set(id, 0);
    cities.push(monthlyCity(rng, id, 0));
  }
  for (let i = rng.nextInt(2); i > 0; i--) generals.push(randomGeneral(rng, generalId++, 0, pick(rng, cities).id, 0, 0));
  for (const g of generals) {
    g.age = rng.nextRangeInt(15, 80);
    g.makelimit = rng.nextInt(2);
    g.betray = rng.nextInt(3);
    // Speciality ages around the general's own age, and now and then specialities held before.
    g.specage = g.age + rng.nextRangeInt(-3, 3);
    g.specage2 = g.age + rng.nextRangeInt(-3, 3);
    if (rng.nextBool(0.3)) g.special = null;
    if (rng.nextBool(0.3)) g.specialWar = null;
    if (rng.nextBool(0.2)) {
      g.aux = {
        prev_types_special: domesticSpecials.filter(() => rng.nextBool(0.3)).map((t) => t.key),
        prev_types_special2: warSpecials.filter(() => rng.nextBool(0.3)).map((t) => t.key),
      };
    }
    // UpdateNationLevel's grants go to users active in the last day (killturn ≥ 4800 − 24):
    // most are, some just below; now and then one already holds uniques.
    g.killturn = pick(rng, [4800, 4800, 4790, 4776, 4775, 100]);
    if (rng.nextBool(0.2)) {
      const slot = pick(rng, ITEM_SLOTS);
      g.items = { [slot]: pick(rng, ITEMS.filter((i) => i.slot === slot)).key };
    }
    // Now and then a player rules: a level its nation rises pays it unification points while it is active.
    if (g.officerLevel === 12 && rng.nextBool(0.4)) g.npc = rng.nextInt(1);
    // Players with the inheritance points they stored, battles and schemes, service kept from a nation left, dex past the last level.
    if (g.npc < 2) {
      g.inheritance = rng.nextBool(0.2) ? {} : {
        lived_month: rng.nextInt(300), max_domestic_critical: rng.nextInt(2000) / 2, active_action: 3 * rng.nextInt(40), unifier: pick(rng, [0, 0, 250, 750]),
      };
      g.rank = { warnum: rng.nextInt(100), firenum: rng.nextInt(30) };
      if (rng.nextBool(0.3)) g.aux = { ...g.aux, max_belong: rng.nextInt(30) };
      if (rng.nextBool(0.2)) g.dex[rng.nextRangeInt(1, 5)] = 1275975 + rng.nextInt(600000);
      // A ruler still active: a level the nation rises pays it unification points.
      if (g.officerLevel === 12 && rng.nextBool(0.5)) g.killturn = 4800;
    }
  }
  // UpdateNationLevel grants a unique a level gained to an active user: in the steps that run
  // it, nations often start low and more members are users.
  if (step === 'nationLevel' || step === 'month') {
    for (const n of nations) if (n.level > 1 && rng.nextBool(0.6)) n.level = 1;
    for (const g of generals) {
      if (g.npc < 2 || g.npc > 4 || g.nation === 0 || !rng.nextBool(0.4)) continue;
      // A player, with the inheritance store a player has (the legacy row gets its owner).
      g.npc = pick(rng, [0, 1]);
      g.inheritance = {};
    }
  }
  // Relations between every two nations, the same state both ways (war, declared, normal, non-aggression).
  const diplomacy: MonthlyCase['diplomacy'] = [];
  const diplomacyDead: MonthlyCase['diplomacyDead'] = [];
  for (const a of nations) {
    for (const b of nations) {
      if (a.id >= b.id) continue;
      const state = pick(rng, [0, 0, 1, 2, 2, 7]);
      const term = state === 2 ? 0 : rng.nextInt(state === 0 ? 8 : 24);
      for (const [me, you] of [[a.id, b.id], [b.id, a.id]] as const) {
        diplomacy.push({ me, you, state, term: state === 0 && rng.nextBool(0.3) ? rng.nextInt(3) : term });
        if (state === 0) diplomacyDead.push([me, you, rng.nextInt(3000)]);
      }
    }
  }
  const months = MONTHS[step];
  const month = months ? pick(rng, months) : rng.nextRangeInt(1, 12);
  // Half the Decembers close the fourth year, into the January of AddGlobalBetray's event.
  const year = startyear + (step === 'month' && month === 12 && rng.nextBool(0.5) ? 3 : rng.nextRangeInt(0, 40));
  return {
    step, tableSeed: hex(rng, 64), startyear, year, month, killturn: 4800, develcost: 20,
    cities: cities.sort((a, b) => a.id - b.id), nations, generals, diplomacy, diplomacyDead,
    dead: cities.filter(() => rng.nextBool(0.4)).map((c) => [c.id, rng.nextInt(30000)]),
    crewRanks: generals.filter(() => rng.nextBool(0.5)).map((g) => [g.id, rng.nextInt(200000), rng.nextInt(200000)]),
  };
}

/** A city's row as a list in `MONTHLY_CITY_COLUMNS`' order (php/areas/monthly.php): ninety-odd cities a case stay small in the golden file. */
const cityRow = (c: City): (number | null)[] => [
  c.id, c.nation, c.supply, c.front, c.pop, c.agri, c.comm, c.secu, c.def, c.wall, c.trust, c.trade, c.dead, c.state, c.term, c.officerSet,
];

function caseWorld(c: MonthlyCase): World {
  const world = fixtureWorld(c);
  for (const [id, dead] of c.dead) world.cities[id]!.dead = dead;
  for (const [me, you, dead] of c.diplomacyDead) world.diplomacy.get(`${me}:${you}`)!.dead = dead;
  for (const [id, killed, lost] of c.crewRanks) Object.assign(world.generals.get(id)!.rank, { killcrewPerson: killed, deathcrewPerson: lost });
  return world;
}

/**
 * The rest of a general the step made, as `php/areas/monthly.php` reads it: its first turn one
 * window earlier, where the legacy draws it from (libs/sammo README, "General pool").
 */
function madeGeneralRow(g: General, turnterm: number): Row {
  return {
    name: g.name, npc: g.npc, leadership: g.leadership, strength: g.strength, intel: g.intel, affinity: g.affinity, personal: g.personal ?? 'None',
    specage: g.specage, specage2: g.specage2, bornyear: g.bornyear, deadyear: g.deadyear,
    turntime: new Date(g.turntime - turnterm * 60_000).toISOString().replace('T', ' ').replace('Z', ''),
  };
}

const stepNames = Object.keys(STEPS) as Step[];
const INHERITANCE_KEYS = ['lived_month', 'max_domestic_critical', 'active_action', 'unifier'] as const;

/** Each monthly event action on its own: the step is drawn per case. */
export const monthlyArea: Area<MonthlyCase, {
  generals: Row[]; troops: Row[]; lastNPCTroopLeaderID: number | null; cities: (number | null)[][]; nations: Row[]; diplomacy: Row[]; develcost: number;
}> = {
  name: 'monthly',
  about:
    'one monthly event action per case on MariaDB with the legacy schema (UpdateCitySupply, ProcessWarIncome, ProcessSemiAnnual and ProcessIncome of gold or rice, RaiseDisaster, RandomizeCityTradeRate, UpdateNationLevel, ProvideNPCTroopLeader, NewYear, ResetOfficerLock, AddGlobalBetray at 0 and at 1, AssignGeneralSpeciality, MergeInheritPointRank), preUpdateMonthly, postUpdateMonthly on the monthly stream (power, diplomacy, bands disbanded, general counts, fronts), or the whole month boundary with the default event table on 1–4 nations, their cities and generals, neutral cities and wanderers: every general (those made compared whole), the troops, the nations and every city listed or changed',
  generate: (rng, count) => Array.from({ length: count }, (_, i) => generateCase(rng, stepNames[i % stepNames.length]!)),
  sammo: (c) => {
    const world = caseWorld(c);
    const before = caseWorld(c);
    STEPS[c.step](world, c.tableSeed);
    const listed = new Set(c.cities.map((row) => row.id));
    const fixtureIds = new Set(c.generals.map((g) => g.id));
    const cities: (number | null)[][] = [];
    for (let id = 1; id < world.cities.length; id++) {
      const row = cityRow(world.cities[id]!);
      if (listed.has(id) || JSON.stringify(row) !== JSON.stringify(cityRow(before.cities[id]!))) cities.push(row);
    }
    return {
      generals: [...world.generals.values()].sort((a, b) => a.id - b.id).map((g) => ({
        ...generalRow(g), age: g.age, killturn: g.killturn, makelimit: g.makelimit, betray: g.betray, special: g.special ?? 'None', special2: g.special2 ?? 'None', ...itemRow(g),
        // rank_data's inherit_earned, inherit_earned_dyn and inherit_spent (no points are earned or
        // spent in the lobby here: the merged points are all there is), then the stored points.
        inherit: [g.rank.inheritEarned, g.rank.inheritEarned, 0, ...INHERITANCE_KEYS.map((k) => g.inheritance[k] ?? 0)],
        ...(fixtureIds.has(g.id) ? {} : madeGeneralRow(g, world.env.turnterm)),
      })),
      troops: [...world.troops.values()].sort((a, b) => a.leader - b.leader).map((t) => ({ troop_leader: t.leader, nation: t.nation, name: t.name })),
      lastNPCTroopLeaderID: world.env.lastNPCTroopLeaderID ?? null,
      cities,
      nations: [...world.nations.values()].sort((a, b) => a.id - b.id).map((n) => ({
        nation: n.id, level: n.level, capital: n.capital, gold: n.gold, rice: n.rice, tech: n.tech, power: n.power, gennum: n.gennum, chief_set: n.chiefSet,
        rate_tmp: n.rateTmp, strategic_cmd_limit: n.strategicCmdLimit, surlimit: n.surlimit, prev_income_gold: n.prevIncomeGold, prev_income_rice: n.prevIncomeRice,
        max_power: n.maxPower, available_war_setting_cnt: n.availableWarSettingCnt, spy: n.spy,
      })),
      diplomacy: [...world.diplomacy.entries()]
        .map(([key, d]) => { const [me, you] = key.split(':').map(Number); return { me: me!, you: you!, state: d.state, term: d.term, dead: d.dead }; })
        .sort((a, b) => a.me - b.me || a.you - b.you),
      develcost: world.env.develcost,
    };
  },
};
