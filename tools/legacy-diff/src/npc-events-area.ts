import { raiseNpcNations, streamFromSeed, type RandUtil } from '@chronicle/sammo/rules';
import type { General, World } from '@chronicle/sammo';
import type { Area } from './areas';
import { hex, pick } from './case-helpers';
import { MAP, fixtureWorld, randomCity, type Fixture, type FixtureCity, type FixtureNation } from './fixtures';
import { claimCities } from './monthly-area';
import { PhpMt } from './php-mt';

export interface NpcEventCase extends Fixture {
  tableSeed: string;
  /** PHP's global generator's seed (`mt_srand`), which the legacy's city shuffle draws from. */
  mtSeed: number;
}


/** Small and middle cities: the only ones RaiseNPCNation reads (their development, who holds them) and founds in. */
const raisable = (id: number) => { const level = MAP.get(id)!.level; return level >= 5 && level <= 6; };

/**
 * A world as RaiseNPCNation reads it, and no more (the cases stay small): now and then no
 * nation at all (the 공백지 opening: a drawn city's maxima, ten members a nation), else a
 * crowded map of 4–10 nations (bands among them) holding regions of which only the small and
 * middle cities are written, with members (gennum), tech and development drawn; no generals
 * or relations, which the event does not read.
 */
function generateCase(rng: RandUtil): NpcEventCase {
  const startyear = pick(rng, [180, 184, 190]);
  const owner = new Map<number, number>();
  const nations: FixtureNation[] = [];
  const cities: FixtureCity[] = [];
  const nationCount = rng.nextBool(0.02) ? 0 : rng.nextRangeInt(4, 10);
  for (let id = 1; id <= nationCount; id++) {
    const level = rng.nextBool(0.1) ? 0 : rng.nextRangeInt(1, 7);
    const held = (level === 0 ? [] : claimCities(rng, owner, id, rng.nextRangeInt(4, 14))).filter(raisable);
    for (const city of held) cities.push(randomCity(rng, city, id));
    nations.push({
      id, name: `국가${id}`, capital: held[0] ?? 0, level, tech: rng.nextBool(0.5) ? rng.nextInt(12000) : Number((rng.nextInt(1200000) / 100).toPrecision(6)),
      gold: 0, rice: 0, type: 'che_중립', gennum: rng.nextRangeInt(1, 5),
    });
  }
  return {
    tableSeed: hex(rng, 64), mtSeed: rng.nextRangeInt(1, 2_000_000_000), startyear, year: startyear + rng.nextRangeInt(0, 10), month: rng.nextRangeInt(1, 12),
    cities: cities.sort((a, b) => a.id - b.id), nations, generals: [], diplomacy: [],
  };
}

/** A general the event made in `NPC_EVENT_GENERAL_COLUMNS`' order (php/areas/npc-events.php): its first turn a window back (libs/sammo README, "General pool"). */
function madeGeneral(g: General, turnterm: number): unknown[] {
  return [
    g.id, g.name, g.nation, g.city, g.officerLevel, g.npc, g.leadership, g.strength, g.intel, g.affinity, g.personal ?? 'None',
    g.specage, g.specage2, g.bornyear, g.deadyear, g.age, g.killturn, g.gold, g.rice, g.experience, g.dedication, new Date(g.turntime - turnterm * 60_000).toISOString().replace('T', ' ').replace('Z', ''),
  ];
}

/** The diplomacy rows a raised nation is in, counted by [state, term]. */
function diplomacyCounts(world: World, lastNation: number): number[][] {
  const counts = new Map<string, number>();
  for (const [key, d] of world.diplomacy) {
    const [me, you] = key.split(':').map(Number) as [number, number];
    if (me <= lastNation && you <= lastNation) continue;
    const k = `${d.state}:${d.term}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => [...k.split(':').map(Number), n]).sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
}

function runSammo(c: NpcEventCase): World {
  const world = fixtureWorld(c);
  const rng = streamFromSeed(c.tableSeed, 'RaiseNPCNation', c.year, c.month);
  raiseNpcNations(world, rng, world.env.turntime + world.env.turnterm * 60_000, (ids) => new PhpMt(c.mtSeed).shuffle(ids));
  return world;
}

/** RaiseNPCNation on random worlds: what it made, as lists (see php/areas/npc-events.php). */
export const npcEventsArea: Area<NpcEventCase, { generalCount: number; generals: unknown[][]; nations: unknown[][]; chiefTurns: number[][]; cities: number[][]; diplomacy: number[][] }> = {
  name: 'npc-events',
  about:
    'legacy RaiseNPCNation (the 공백지 scenarios\' event) on MariaDB with the legacy schema, PHP\'s generator seeded for its city shuffle (libs/sammo is given the same order), for a world as the event reads it (no nation in 2 % of the cases, else 4–10, bands among them, holding regions of the che map of which the small and middle cities are written with random development; 1–5 members, tech with fractions): the generals it made (name, nation, city, office, npc, stats, affinity, personality, speciality ages, life, killturn, gold, rice, experience, dedication, first turn), the nations it raised with their chief turns, their capitals, the diplomacy rows they are in (counted by state and term)',
  generate: (rng, count) => Array.from({ length: count }, () => generateCase(rng)),
  sammo: (c) => {
    const world = runSammo(c);
    const lastGeneral = Math.max(0, ...c.generals.map((g) => g.id));
    const lastNation = Math.max(0, ...c.nations.map((n) => n.id));
    const raised = [...world.nations.values()].filter((n) => n.id > lastNation).sort((a, b) => a.id - b.id);
    return {
      generalCount: world.generals.size,
      generals: [...world.generals.values()].filter((g) => g.id > lastGeneral).sort((a, b) => a.id - b.id).map((g) => madeGeneral(g, world.env.turnterm)),
      nations: raised.map((n) => [
        n.id, n.name, n.color, n.capital, n.gold, n.rice, n.bill, n.rate, n.rateTmp, n.tech, n.level, n.type, n.gennum, n.strategicCmdLimit, n.surlimit, n.aux,
      ]),
      chiefTurns: raised.flatMap((n) => Object.keys(n.chiefQueues).map(Number).sort((a, b) => a - b).map((level) => [n.id, level, n.chiefQueues[level]!.length])),
      cities: world.cities.slice(1).filter((city) => city.nation > lastNation).map((city) => [
        city.id, city.nation, city.pop, city.agri, city.comm, city.secu, city.def, city.wall, city.trust,
      ]),
      diplomacy: diplomacyCounts(world, lastNation),
    };
  },
};
