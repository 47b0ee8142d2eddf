import { InvalidGame, type Json } from '@chronicle/engine';
import { FIRST_SCENARIO_EVENT_ID, readLegacyEvent, type ScenarioEvent } from '../world/stored-events';
import { DEFAULT_CHIEF_COMMAND_LIST, DEFAULT_GENERAL_COMMAND_LIST } from '../world/command-lists';
import type { CommandLists } from '../world/types';
import { arr, int, nullableInt, nullableStr, num, obj, str, strArray, type Fields } from '../world/read-helpers';

/** A map in the format of `data/map-default.json`. */
export interface MapData {
  cities: MapCity[];
}

export interface MapCity {
  id: number;
  name: string;
  level: number;
  region: number;
  neighbors: number[];
  initial: { population: number; agriculture: number; commerce: number; security: number; defence: number; wall: number; trust: number };
  max: { population: number; agriculture: number; commerce: number; security: number; defence: number; wall: number };
}

/** A scenario in the format of `data/scenario-sample.json` (see its README). */
export interface ScenarioData {
  scenarioId: number;
  title: string;
  startYear: number;
  fiction: number;
  maxGeneral: number;
  nations: { id: number; name: string; color: string; capitalCityId: number; gold: number; rice: number; tech: number; typeCode: string; level: number; cityIds: number[] }[];
  diplomacy: { a: number; b: number; state: number; termMonths: number }[];
  generals: {
    id: number; name: string; nationId: number; cityId: number | null; officerLevel: number; leadership: number; strength: number; intel: number;
    birthYear: number; deathYear: number; npcType: number; affinity: number; personality: string | null; special: string | null;
  }[];
  /** The scenario's own events in the legacy's form (`[target, priority, condition, action…]`), after the default table. */
  events: ScenarioEvent[];
  /** `const.availableGeneralCommand` / `availableChiefCommand` when the scenario sets either (the other stays the default). */
  commandLists?: CommandLists;
  /** `const.availableInstantAction.instantRetreat`: 접경귀환 is on. */
  instantRetreat: boolean;
}

const STATS = ['population', 'agriculture', 'commerce', 'security', 'defence', 'wall'] as const;

/** Reads a map, refusing with `InvalidGame` what the loader could not use. */
export function readMapData(value: Json): MapData {
  const o = obj(value, 'map');
  const cities = arr(o.cities, 'map.cities').map((raw, i): MapCity => {
    const p = `map.cities[${i}]`;
    const c = obj(raw, p);
    const initial = obj(c.initial, `${p}.initial`);
    const max = obj(c.max, `${p}.max`);
    const read = (from: Fields, path: string) => Object.fromEntries(STATS.map((k) => [k, int(from, k, path, 0)])) as Record<(typeof STATS)[number], number>;
    return {
      id: int(c, 'id', p, 1), name: str(c, 'name', p), level: int(c, 'level', p, 1, 8), region: int(c, 'region', p, 0),
      neighbors: arr(c.neighbors, `${p}.neighbors`).map((n, j) => int({ n }, 'n', `${p}.neighbors[${j}]`, 1)),
      initial: { ...read(initial, `${p}.initial`), trust: num(initial, 'trust', `${p}.initial`, 0, 100) },
      max: read(max, `${p}.max`),
    };
  });
  cities.forEach((c, i) => {
    if (c.id !== i + 1) throw new InvalidGame(`map.cities[${i}] has id ${c.id}; cities must be numbered 1, 2, … in order`);
    for (const n of c.neighbors) {
      const other = cities[n - 1];
      if (!other || !other.neighbors.includes(c.id)) throw new InvalidGame(`map: city ${c.id} lists ${n} as a neighbour, but not the other way round`);
    }
  });
  return { cities };
}

/** Reads a scenario, refusing with `InvalidGame` references to unknown nations or cities. */
export function readScenarioData(value: Json, map: MapData): ScenarioData {
  const o = obj(value, 'scenario');
  const cityCount = map.cities.length;
  const nations = arr(o.nations, 'scenario.nations').map((raw, i) => {
    const p = `scenario.nations[${i}]`;
    const n = obj(raw, p);
    const cityIds = arr(n.cityIds, `${p}.cityIds`).map((c, j) => int({ c }, 'c', `${p}.cityIds[${j}]`, 1, cityCount));
    const capitalCityId = int(n, 'capitalCityId', p, 1, cityCount);
    if (!cityIds.includes(capitalCityId)) throw new InvalidGame(`${p}.capitalCityId ${capitalCityId} is not one of its cities`);
    return {
      id: int(n, 'id', p, 1), name: str(n, 'name', p), color: str(n, 'color', p), capitalCityId, gold: int(n, 'gold', p, 0), rice: int(n, 'rice', p, 0),
      tech: num(n, 'tech', p, 0), typeCode: str(n, 'typeCode', p), level: int(n, 'level', p, 0, 7), cityIds,
    };
  });
  const nationIds = new Set(nations.map((n) => n.id));
  const diplomacyRaw = o.diplomacy === undefined ? [] : arr(obj(o.diplomacy, 'scenario.diplomacy').pairs, 'scenario.diplomacy.pairs');
  const diplomacy = diplomacyRaw.map((raw, i) => {
    const p = `scenario.diplomacy.pairs[${i}]`;
    const d = obj(raw, p);
    const row = { a: int(d, 'a', p, 1), b: int(d, 'b', p, 1), state: int(d, 'state', p, 0, 7), termMonths: int(d, 'termMonths', p, 0) };
    if (!nationIds.has(row.a) || !nationIds.has(row.b)) throw new InvalidGame(`${p} names an unknown nation`);
    return row;
  });
  const generals = arr(o.generals, 'scenario.generals').map((raw, i) => {
    const p = `scenario.generals[${i}]`;
    const g = obj(raw, p);
    const nationId = int(g, 'nationId', p, 0);
    if (nationId !== 0 && !nationIds.has(nationId)) throw new InvalidGame(`${p}.nationId ${nationId} is not a nation of the scenario`);
    return {
      id: int(g, 'id', p, 1), name: str(g, 'name', p), nationId, cityId: nullableInt(g, 'cityId', p, 1, cityCount), officerLevel: int(g, 'officerLevel', p, 0, 12),
      leadership: int(g, 'leadership', p, 1, 255), strength: int(g, 'strength', p, 1, 255), intel: int(g, 'intel', p, 1, 255),
      birthYear: int(g, 'birthYear', p), deathYear: int(g, 'deathYear', p), npcType: int(g, 'npcType', p, 2, 9), affinity: int(g, 'affinity', p, 0, 999),
      personality: nullableStr(g, 'personality', p), special: nullableStr(g, 'special', p),
    };
  });
  const events = o.events === undefined ? [] : arr(o.events, 'scenario.events').map((raw, i) => readLegacyEvent(raw, `scenario.events[${i}]`, FIRST_SCENARIO_EVENT_ID + i));
  const constants = o.const === undefined ? {} : obj(o.const, 'scenario.const');
  return {
    scenarioId: int(o, 'scenarioId', 'scenario', 0), title: str(o, 'title', 'scenario'), startYear: int(o, 'startYear', 'scenario'),
    fiction: int(o, 'fiction', 'scenario', 0, 1),
    maxGeneral: constants.defaultMaxGeneral === undefined ? 500 : int(constants, 'defaultMaxGeneral', 'scenario.const', 1),
    nations, diplomacy, generals, events,
    ...readCommandLists(constants),
    instantRetreat: readInstantRetreat(constants),
  };
}

/** A legacy command list: categories (`개인`, `내정`, …) of command keys, flattened in order. */
function readCategories(value: unknown, path: string): string[] {
  return Object.entries(obj(value, path)).flatMap(([category, keys]) => strArray(keys, `${path}.${category}`));
}

function readCommandLists(constants: Fields): { commandLists?: CommandLists } {
  const { availableGeneralCommand: general, availableChiefCommand: chief } = constants;
  if (general === undefined && chief === undefined) return {};
  return {
    commandLists: {
      general: general === undefined ? DEFAULT_GENERAL_COMMAND_LIST : readCategories(general, 'scenario.const.availableGeneralCommand'),
      chief: chief === undefined ? DEFAULT_CHIEF_COMMAND_LIST : readCategories(chief, 'scenario.const.availableChiefCommand'),
    },
  };
}

function readInstantRetreat(constants: Fields): boolean {
  if (constants.availableInstantAction === undefined) return false;
  const actions = obj(constants.availableInstantAction, 'scenario.const.availableInstantAction');
  const on = actions.instantRetreat ?? false;
  if (typeof on !== 'boolean') throw new InvalidGame('scenario.const.availableInstantAction.instantRetreat must be true or false');
  return on;
}
