import { DEFAULT_MAP, nationTypes, processWar, streamFromSeed, type RandUtil } from '@chronicle/sammo/rules';
import type { World } from '@chronicle/sammo';
import type { Area } from './areas';
import { hex, pick } from './case-helpers';
import { BATTLE_ITEMS, MAP, fixtureWorld, generalRow, itemRow, randomCity, recentWarOffset, randomGeneral, randomItems, type FixtureCity, type FixtureGeneral, type FixtureNation, type Row } from './fixtures';

interface WarNation extends FixtureNation { gennum: number }
export interface WarCase {
  tableSeed: string; year: number; month: number; startyear: number;
  attackerCity: number; target: number;
  attackerNation: WarNation; defenderNation: WarNation | null;
  /** Every city a nation holds, and the two of the battle. */
  cities: FixtureCity[];
  /** The attacker first. */
  generals: FixtureGeneral[];
}

export interface WarOut {
  generals: Row[]; cities: Row[]; nations: Row[]; diplomacy: Row[];
  /** The scout letters a destruction sends (legacy `message` rows of action scout): [from, to]. */
  scoutLetters: [number, number][];
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
  for (const g of generals) randomItems(rng, g, BATTLE_ITEMS);
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

/** The case on the che map: the two nations at war (not yet fighting), their cities and generals. */
function caseWorld(c: WarCase): World {
  const nations = [c.attackerNation, c.defenderNation].filter((n): n is WarNation => n !== null);
  const diplomacy = c.defenderNation ? [{ me: 1, you: 2, state: 0, term: 0 }, { me: 2, you: 1, state: 0, term: 0 }] : [];
  return fixtureWorld({ ...c, nations, diplomacy });
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
      generals: [...world.generals.values()].sort((a, b) => a.id - b.id).map((g) => ({ ...generalRow(g), ...itemRow(g), recent_war: recentWarOffset(g) })),
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
      scoutLetters: world.scoutLetters.map((l) => [l.fromGeneral, l.toGeneral]),
    };
  },
};
