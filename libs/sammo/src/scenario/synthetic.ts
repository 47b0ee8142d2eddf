import type { RandUtil } from '../rng/rand-util';
import { specialityAges } from '../traits/speciality';
import { Diplo } from '../world/constants';
import { newCity, newGeneral, newNation, scenarioNationAux } from '../state/factory';
import { diplomacyKey } from '../world/queries';
import type { World } from '../world/types';
import { emptyWorld } from './new-world';
import { randomTurnTime } from '../world/clock';
import type { WorldOptions } from './world-options';

const START_YEAR = 190;
/** Initial and max stats by city level, the pattern of the `che` map (§ data README). */
const LEVEL_STATS: Record<number, [number, number, number, number, number]> = {
  1: [5000, 100, 100, 500, 500], 2: [5000, 100, 100, 500, 500], 3: [10000, 100, 100, 1000, 1000],
  4: [50000, 1000, 1000, 1000, 1000], 5: [100000, 1000, 1000, 2000, 2000], 6: [100000, 1000, 1000, 3000, 3000],
  7: [150000, 1000, 1000, 4000, 4000], 8: [150000, 1000, 1000, 5000, 5000],
};

/**
 * A world of any size for tests and benchmarks: cities on a ring with chords (every city
 * has 2 to 4 neighbours), nations owning consecutive arcs, generals spread over the
 * nations and the wilderness. Users are every fourth general (seats `user-<id>`).
 */
export function buildSyntheticWorld(options: WorldOptions, rng: RandUtil, userShare = 4): World {
  const world = emptyWorld({
    scenarioId: 0, title: `synthetic ${options.cities}c/${options.nations}n/${options.generals}g`, startyear: START_YEAR, fiction: 1,
    turnterm: options.turnterm, start: options.start, maxgeneral: options.generals * 2, autorunLimitMinutes: options.autorunLimitMinutes,
  });
  const n = options.cities;
  const links = Array.from({ length: n + 1 }, () => new Set<number>());
  const link = (a: number, b: number) => {
    if (a === b) return;
    links[a]!.add(b);
    links[b]!.add(a);
  };
  for (let id = 1; id <= n; id++) {
    link(id, (id % n) + 1);
    if (n > 8 && id % 3 === 0) link(id, ((id - 1 + Math.floor(n / 2)) % n) + 1);
  }
  for (let id = 1; id <= n; id++) {
    const level = 1 + ((id * 7) % 8);
    const [pop, dev, secu, def, wall] = LEVEL_STATS[level]!;
    world.cities[id] = newCity({
      id, name: `도시${id}`, level, region: 1 + (id % 8), neighbours: [...links[id]!].sort((a, b) => a - b),
      pop, agri: dev, comm: dev, secu, def, wall, trust: 50,
      popMax: pop * 4, agriMax: dev * 10, commMax: dev * 10, secuMax: secu * 10, defMax: def * 4, wallMax: wall * 4,
    });
  }
  const nations = Math.min(options.nations, n);
  const arc = Math.max(1, Math.floor(n / (nations * 2)));
  for (let id = 1; id <= nations; id++) {
    const first = 1 + Math.floor(((id - 1) * n) / nations);
    const nation = newNation({ id, name: `국가${id}`, color: '#808080', capital: first, gold: 10000, rice: 10000, tech: 1000, level: 2, type: 'che_중립' });
    nation.aux = scenarioNationAux(nation.level);
    world.nations.set(id, nation);
    for (let k = 0; k < arc; k++) world.cities[first + k]!.nation = id;
  }
  world.env.nextNationId = nations + 1;
  for (const a of world.nations.keys()) {
    for (const b of world.nations.keys()) if (a !== b) world.diplomacy.set(diplomacyKey(a, b), { state: Diplo.normal, term: 0, dead: 0 });
  }
  for (let id = 1; id <= options.generals; id++) {
    const user = id % userShare === 0;
    const nationId = id % 5 === 0 ? 0 : 1 + (id % nations);
    const nation = world.nations.get(nationId);
    const ruler = nation !== undefined && nation.gennum === 0;
    const bornyear = START_YEAR - rng.nextRangeInt(18, 40);
    world.generals.set(id, newGeneral({
      id, name: `장수${id}`, npc: user ? 0 : 2, owner: user ? `user-${id}` : null,
      nation: nationId, city: nation ? nation.capital : rng.nextRangeInt(1, n), officerLevel: ruler ? 12 : nation ? 1 : 0,
      leadership: rng.nextRangeInt(20, 95), strength: rng.nextRangeInt(20, 95), intel: rng.nextRangeInt(20, 95),
      bornyear, deadyear: bornyear + rng.nextRangeInt(60, 80), year: START_YEAR, affinity: rng.nextRangeInt(1, 150),
      turntime: randomTurnTime(world.env.starttime, options.turnterm, rng),
      killturn: user ? world.env.killturn : rng.nextRangeInt(60, 80) * 12,
      ...specialityAges(START_YEAR - bornyear, START_YEAR, START_YEAR),
    }));
    if (nation) nation.gennum++;
  }
  world.env.nextGeneralId = options.generals + 1;
  return world;
}
