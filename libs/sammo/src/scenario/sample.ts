import type { Json } from '@chronicle/engine';
import mapJson from '../../data/map-default.json';
import scenarioJson from '../../data/scenario-sample.json';
import type { RandUtil } from '../rng/rand-util';
import { specialityAges, splitSpeciality } from '../traits/speciality';
import { Diplo } from '../world/constants';
import { newCity, newGeneral, newNation, scenarioNationAux } from '../state/factory';
import { diplomacyKey } from '../world/queries';
import type { World } from '../world/types';
import { emptyWorld } from './new-world';
import { randomTurnTime } from '../world/clock';
import { readMapData, readScenarioData, type MapData, type ScenarioData } from './scenario-data';
import type { WorldOptions } from './world-options';

/** The default map `che` (94 cities). */
export const DEFAULT_MAP: MapData = readMapData(mapJson as unknown as Json);
/** Scenario 1020 (반동탁연합, 187). */
export const SAMPLE_SCENARIO: ScenarioData = readScenarioData(scenarioJson as unknown as Json, DEFAULT_MAP);

/**
 * A world from a scenario on a map. Decisions where the data is silent: as the core2026
 * bootstrap does, generals born after the start year are seeded too (age clamped to 0);
 * those already dead by the start year are left out; a general with no city starts in its
 * nation's capital, or, unaffiliated, in a city drawn from the `InitScenario` stream; an
 * NPC's killturn ends in a drawn month of its death year. The scenario's one speciality is the
 * domestic or the war one by its name; the other comes at its speciality age (legacy
 * GeneralBuilder's ages).
 */
export function loadScenario(s: ScenarioData, map: MapData, options: WorldOptions, rng: RandUtil): World {
  const world = emptyWorld({
    scenarioId: s.scenarioId, title: s.title, startyear: s.startYear, fiction: s.fiction,
    turnterm: options.turnterm, start: options.start, maxgeneral: s.maxGeneral, autorunLimitMinutes: options.autorunLimitMinutes,
  });
  for (const c of map.cities) {
    world.cities[c.id] = newCity({
      id: c.id, name: c.name, level: c.level, region: c.region, neighbours: [...c.neighbors],
      pop: c.initial.population, agri: c.initial.agriculture, comm: c.initial.commerce, secu: c.initial.security,
      def: c.initial.defence, wall: c.initial.wall, trust: c.initial.trust,
      popMax: c.max.population, agriMax: c.max.agriculture, commMax: c.max.commerce, secuMax: c.max.security,
      defMax: c.max.defence, wallMax: c.max.wall,
    });
  }
  for (const n of s.nations) {
    const nation = newNation({ id: n.id, name: n.name, color: n.color, capital: n.capitalCityId, gold: n.gold, rice: n.rice, tech: n.tech, level: n.level, type: n.typeCode });
    nation.aux = scenarioNationAux(n.level);
    world.nations.set(n.id, nation);
    for (const cityId of n.cityIds) world.cities[cityId]!.nation = n.id;
    world.env.nextNationId = Math.max(world.env.nextNationId, n.id + 1);
  }
  for (const a of world.nations.keys()) {
    for (const b of world.nations.keys()) if (a !== b) world.diplomacy.set(diplomacyKey(a, b), { state: Diplo.normal, term: 0, dead: 0 });
  }
  for (const pair of s.diplomacy) {
    world.diplomacy.set(diplomacyKey(pair.a, pair.b), { state: pair.state, term: pair.termMonths, dead: 0 });
    world.diplomacy.set(diplomacyKey(pair.b, pair.a), { state: pair.state, term: pair.termMonths, dead: 0 });
  }
  if (s.events.length > 0) world.events = structuredClone(s.events);
  // Absent unless the scenario sets them, so that a world on the defaults hashes as before.
  if (s.commandLists) world.env.commandLists = { general: [...s.commandLists.general], chief: [...s.commandLists.chief] };
  if (s.instantRetreat) world.env.instantRetreat = true;
  const cityCount = world.cities.length - 1;
  for (const g of s.generals) {
    world.env.nextGeneralId = Math.max(world.env.nextGeneralId, g.id + 1);
    if (g.deathYear <= s.startYear) continue;
    const nation = g.nationId === 0 ? undefined : world.nations.get(g.nationId);
    const city = g.cityId ?? (nation ? nation.capital : rng.nextRangeInt(1, cityCount));
    const officerLevel = nation ? (g.officerLevel === 0 ? 1 : g.officerLevel) : 0;
    world.generals.set(g.id, newGeneral({
      id: g.id, name: g.name, npc: g.npcType, nation: nation?.id ?? 0, city, officerLevel,
      leadership: g.leadership, strength: g.strength, intel: g.intel,
      bornyear: g.birthYear, deadyear: g.deathYear, year: s.startYear, affinity: g.affinity,
      personal: g.personality, ...splitSpeciality(g.special),
      ...specialityAges(Math.max(0, s.startYear - g.birthYear), s.startYear, s.startYear),
      turntime: randomTurnTime(world.env.starttime, options.turnterm, rng),
      killturn: (g.deathYear - s.startYear) * 12 + rng.nextRangeInt(0, 11),
    }));
    if (nation) nation.gennum++;
  }
  return world;
}
