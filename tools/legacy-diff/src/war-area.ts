import {
  CREW_TYPES, DEFAULT_MAP, dedLevelOf, domesticSpecials, emptyWorld, expLevelOf, nationTypes, newCity, newGeneral, newNation,
  personalities, processWar, streamFromSeed, warSpecials, type RandUtil,
} from '@chronicle/sammo/rules';
import type { General, World } from '@chronicle/sammo';
import type { Area } from './areas';
import { hex, pick } from './case-helpers';

/** A general of a war case (libs/sammo's field names; `php/areas/war.php` maps them to columns). */
interface WarGeneral {
  id: number; name: string; npc: number; nation: number; city: number; officerLevel: number; officerCity: number; belong: number;
  leadership: number; strength: number; intel: number; leadershipExp: number; strengthExp: number; intelExp: number;
  injury: number; experience: number; dedication: number; explevel: number; dedlevel: number;
  gold: number; rice: number; crew: number; crewtype: number; train: number; atmos: number; defenceTrain: number;
  dex: number[]; personal: string | null; special: string | null; specialWar: string | null;
}
interface WarNation { id: number; name: string; capital: number; level: number; tech: number; gold: number; rice: number; type: string; gennum: number }
interface WarCity { id: number; nation: number; def: number; wall: number; agri: number; comm: number; secu: number; pop: number; trust: number; supply: number }
export interface WarCase {
  tableSeed: string; year: number; month: number; startyear: number;
  attackerCity: number; target: number;
  attackerNation: WarNation; defenderNation: WarNation | null;
  /** Every city a nation holds, and the two of the battle. */
  cities: WarCity[];
  /** The attacker first. */
  generals: WarGeneral[];
}

type Row = Record<string, unknown>;
export interface WarOut { generals: Row[]; cities: Row[]; nations: Row[]; diplomacy: Row[] }

const RECRUITABLE = CREW_TYPES.filter((t) => t.id !== 1000).map((t) => t.id);
const MAP = new Map(DEFAULT_MAP.cities.map((c) => [c.id, c]));

function randomGeneral(rng: RandUtil, id: number, nation: number, city: number, officerLevel: number, officerCity: number): WarGeneral {
  const experience = rng.nextInt(30000);
  const dedication = rng.nextInt(30000);
  const warSpecial = rng.nextBool(0.4);
  return {
    id, name: `장수${id}`, npc: pick(rng, [0, 1, 2, 2, 2, 3, 4, 5, 6]), nation, city, officerLevel, officerCity, belong: rng.nextInt(20),
    leadership: rng.nextRangeInt(10, 100), strength: rng.nextRangeInt(10, 100), intel: rng.nextRangeInt(10, 100),
    leadershipExp: rng.nextInt(40), strengthExp: rng.nextInt(40), intelExp: rng.nextInt(40),
    injury: rng.nextBool(0.2) ? rng.nextInt(60) : 0, experience, dedication, explevel: expLevelOf(experience), dedlevel: dedLevelOf(dedication),
    gold: rng.nextInt(20000), rice: rng.nextBool(0.1) ? rng.nextInt(100) : rng.nextRangeInt(500, 20000),
    crew: rng.nextBool(0.2) ? 0 : 100 * rng.nextRangeInt(1, 60), crewtype: pick(rng, RECRUITABLE),
    train: rng.nextRangeInt(40, 110), atmos: rng.nextRangeInt(40, 110), defenceTrain: pick(rng, [40, 60, 80, 90, 999]),
    dex: [0, ...Array.from({ length: 5 }, () => rng.nextInt(300000))],
    personal: pick(rng, [null, ...personalities.map((p) => p.key)]),
    special: warSpecial ? null : pick(rng, [null, ...domesticSpecials.map((s) => s.key)]),
    specialWar: warSpecial ? pick(rng, warSpecials.map((s) => s.key)) : null,
  };
}

function randomCity(rng: RandUtil, id: number, nation: number): WarCity {
  const m = MAP.get(id)!.max;
  return {
    id, nation, def: rng.nextRangeInt(10, m.defence), wall: rng.nextRangeInt(0, m.wall), agri: rng.nextInt(m.agriculture),
    comm: rng.nextInt(m.commerce), secu: rng.nextInt(m.security), pop: rng.nextRangeInt(10000, m.population), trust: 50, supply: rng.nextBool(0.9) ? 1 : 0,
  };
}

function generateCase(rng: RandUtil): WarCase {
  const startyear = pick(rng, [180, 184, 190]);
  const target = rng.nextRangeInt(1, DEFAULT_MAP.cities.length);
  const attackerCity = pick(rng, MAP.get(target)!.neighbors);
  const wild = rng.nextBool(0.1);
  const others = (n: number) => {
    const out: number[] = [];
    while (out.length < n) {
      const id = pick(rng, rng.nextBool(0.7) ? [...MAP.get(target)!.neighbors] : DEFAULT_MAP.cities.map((c) => c.id));
      if (id !== target && id !== attackerCity && !out.includes(id)) out.push(id);
    }
    return out;
  };
  const defenderCities = wild ? [] : [target, ...others(rng.nextInt(2))];
  const attackerCities = [attackerCity, ...others(rng.nextInt(1)).filter((id) => !defenderCities.includes(id))];
  const cities = [
    ...attackerCities.map((id) => randomCity(rng, id, 1)),
    ...(wild ? [randomCity(rng, target, 0)] : defenderCities.map((id) => randomCity(rng, id, 2))),
  ];
  // Half the cases a weak target, so that conquests (and with them destruction, 긴급천도 and
  // the NPCs' joining) are common.
  const weak = rng.nextBool(0.5);
  if (weak) cities.find((row) => row.id === target)!.def = rng.nextRangeInt(10, 200);
  const attacker = randomGeneral(rng, 1, 1, attackerCity, pick(rng, [1, 1, 5, 12]), 0);
  attacker.crew = 100 * rng.nextRangeInt(5, 80);
  attacker.rice = rng.nextRangeInt(1000, 20000);
  const generals = [attacker];
  let id = 10;
  if (!wild) {
    const capital = pick(rng, defenderCities);
    generals.push(randomGeneral(rng, id++, 2, capital, 12, 0));
    for (let i = rng.nextInt(3); i > 0; i--) {
      const level = pick(rng, [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      const defender = randomGeneral(rng, id++, 2, target, level, level >= 2 && level <= 4 ? pick(rng, [target, ...defenderCities]) : 0);
      if (weak && rng.nextBool(0.7)) defender.crew = 0;
      generals.push(defender);
    }
    for (let i = rng.nextInt(2); i > 0; i--) {
      const level = pick(rng, [1, 2, 5, 9]);
      generals.push(randomGeneral(rng, id++, 2, pick(rng, defenderCities), level, level >= 2 && level <= 4 ? target : 0));
    }
  }
  const nation = (nid: number, capital: number): WarNation => ({
    id: nid, name: nid === 1 ? '위' : '오', capital, level: rng.nextRangeInt(1, 7), tech: rng.nextInt(12000),
    gold: rng.nextInt(60000), rice: rng.nextBool(0.1) ? 0 : rng.nextInt(60000), type: pick(rng, nationTypes.map((t) => t.key)),
    gennum: generals.filter((g) => g.nation === nid).length,
  });
  return {
    tableSeed: hex(rng, 64), year: startyear + rng.nextRangeInt(3, 40), month: rng.nextRangeInt(1, 12), startyear, attackerCity, target,
    attackerNation: nation(1, pick(rng, attackerCities)),
    defenderNation: wild ? null : nation(2, generals.find((g) => g.officerLevel === 12 && g.nation === 2)!.city),
    cities, generals,
  };
}

/** The case on the che map: every map city (the case's with their rows), the two nations at war, the generals. */
function caseWorld(c: WarCase): World {
  const world = emptyWorld({ scenarioId: 0, title: 'legacy-diff', startyear: c.startyear, fiction: 0, turnterm: 60, start: Date.UTC(2026, 0, 1), maxgeneral: 500, autorunLimitMinutes: 0 });
  world.env.year = c.year;
  world.env.month = c.month;
  const rows = new Map(c.cities.map((row) => [row.id, row]));
  for (const m of DEFAULT_MAP.cities) {
    const row = rows.get(m.id);
    const city = newCity({
      id: m.id, name: m.name, level: m.level, region: m.region, neighbours: [...m.neighbors],
      pop: row?.pop ?? m.max.population, agri: row?.agri ?? 0, comm: row?.comm ?? 0, secu: row?.secu ?? 0,
      def: row?.def ?? m.max.defence, wall: row?.wall ?? m.max.wall, trust: row?.trust ?? 50,
      popMax: m.max.population, agriMax: m.max.agriculture, commMax: m.max.commerce, secuMax: m.max.security, defMax: m.max.defence, wallMax: m.max.wall,
    });
    city.nation = row?.nation ?? 0;
    city.supply = row?.supply ?? 1;
    city.front = 0;
    world.cities[m.id] = city;
  }
  for (const n of [c.attackerNation, c.defenderNation]) {
    if (n === null) continue;
    const nation = newNation({ ...n, color: '#000000' });
    nation.gennum = n.gennum;
    world.nations.set(n.id, nation);
  }
  if (c.defenderNation) {
    world.diplomacy.set('1:2', { state: 0, term: 0, dead: 0 });
    world.diplomacy.set('2:1', { state: 0, term: 0, dead: 0 });
  }
  for (const g of c.generals) {
    const general = newGeneral({
      ...g, special: g.special ?? g.specialWar, owner: g.npc < 2 ? `user-${g.id}` : null,
      bornyear: c.year - 30, deadyear: c.year + 30, year: c.year, affinity: 1, turntime: 0, killturn: 100,
    });
    Object.assign(general, {
      officerCity: g.officerCity, belong: g.belong, leadershipExp: g.leadershipExp, strengthExp: g.strengthExp, intelExp: g.intelExp,
      injury: g.injury, explevel: g.explevel, dedlevel: g.dedlevel, gold: g.gold, rice: g.rice, crew: g.crew, crewtype: g.crewtype,
      train: g.train, atmos: g.atmos, defenceTrain: g.defenceTrain, dex: g.dex.slice(),
    });
    world.generals.set(general.id, general);
  }
  return world;
}

/** Legacy's argument keys where libs/sammo spells them otherwise. */
const LEGACY_ARG: Record<string, string> = { destNationId: 'destNationID' };

function generalRow(g: General): Row {
  return {
    id: g.id, nation: g.nation, city: g.city, officer_level: g.officerLevel, officer_city: g.officerCity, crew: g.crew, rice: g.rice, gold: g.gold,
    train: g.train, atmos: g.atmos, experience: g.experience, explevel: g.explevel, dedication: g.dedication, dedlevel: g.dedlevel, injury: g.injury,
    dex1: g.dex[1], dex2: g.dex[2], dex3: g.dex[3], dex4: g.dex[4], dex5: g.dex[5],
    leadership_exp: g.leadershipExp, strength_exp: g.strengthExp, intel_exp: g.intelExp, belong: g.belong, troop: g.troop,
    queue: g.queue.flatMap((slot, i) => {
      if (slot.action === '휴식') return [];
      const arg = slot.arg === null ? null : Object.fromEntries(Object.entries(slot.arg as Row).map(([k, v]) => [LEGACY_ARG[k] ?? k, v]));
      return [[i, slot.action, arg]];
    }),
  };
}

/** A whole `processWar` (battle, aftermath, conquest) on the case's rows and table seed. */
export const warArea: Area<WarCase, WarOut> = {
  name: 'war',
  about: 'processWar on MariaDB with the legacy schema (battle on the che_출병 seed, aftermath, ConquerCity: destruction, 긴급천도, fronts, NPCs joining): the rows after it',
  generate: (rng, count) => Array.from({ length: count }, () => generateCase(rng)),
  sammo: (c) => {
    const world = caseWorld(c);
    const random = { stream: (...labels: (string | number)[]) => streamFromSeed(c.tableSeed, ...labels) };
    processWar(world, random, world.generals.get(c.generals[0]!.id)!, world.cities[c.target]!);
    const cityIds = [...new Set([...c.cities.map((row) => row.id), c.target, c.attackerCity])].sort((a, b) => a - b);
    return {
      generals: [...world.generals.values()].sort((a, b) => a.id - b.id).map(generalRow),
      cities: cityIds.map((id) => {
        const city = world.cities[id]!;
        return {
          city: id, nation: city.nation, supply: city.supply, front: city.front, def: city.def, wall: city.wall, agri: city.agri, comm: city.comm,
          secu: city.secu, dead: city.dead, conflict: city.conflict.map(([n, v]) => [n, v]),
        };
      }),
      nations: [...world.nations.values()].sort((a, b) => a.id - b.id).map((n) => ({ nation: n.id, capital: n.capital, gold: n.gold, rice: n.rice, tech: n.tech })),
      diplomacy: [...world.diplomacy.entries()]
        .map(([key, d]) => { const [me, you] = key.split(':').map(Number); return { me: me!, you: you!, dead: d.dead }; })
        .sort((a, b) => a.me - b.me || a.you - b.you),
    };
  },
};
