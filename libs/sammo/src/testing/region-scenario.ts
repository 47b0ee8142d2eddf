import type { JsonObject } from '@chronicle/engine';
import mapJson from '../../data/map-default.json';
import scenarioJson from '../../data/scenario-sample.json';

interface RawCity {
  id: number;
  region: number;
  neighbors: number[];
  [key: string]: unknown;
}

interface RawNation {
  id: number;
  capitalCityId: number;
  cityIds: number[];
  [key: string]: unknown;
}

/**
 * A smaller whole game cut from the sample: the che map's cities of some regions (renumbered
 * 1…n in map order, roads outside them dropped) and the sample's nations whose capital lies
 * there, with their members and the cities they hold there. Scenario and map documents in the
 * formats `world: 'scenario'` reads.
 */
export function regionScenario(regions: readonly number[]): { scenario: JsonObject; map: JsonObject } {
  const cities = (mapJson.cities as unknown as RawCity[]).filter((c) => regions.includes(c.region));
  const newId = new Map(cities.map((c, i) => [c.id, i + 1]));
  const mapped = cities.map((c) => ({
    ...c,
    id: newId.get(c.id)!,
    neighbors: c.neighbors.filter((n) => newId.has(n)).map((n) => newId.get(n)!),
  }));
  const nations = (scenarioJson.nations as unknown as RawNation[])
    .filter((n) => newId.has(n.capitalCityId))
    .map((n) => ({ ...n, capitalCityId: newId.get(n.capitalCityId)!, cityIds: n.cityIds.filter((c) => newId.has(c)).map((c) => newId.get(c)!) }));
  const kept = new Set(nations.map((n) => n.id));
  const generals = scenarioJson.generals
    .filter((g) => kept.has(g.nationId))
    .map((g) => ({ ...g, cityId: g.cityId === null ? null : newId.get(g.cityId) ?? null }));
  const pairs = scenarioJson.diplomacy.pairs.filter((p) => kept.has(p.a) && kept.has(p.b));
  return {
    scenario: { ...scenarioJson, nations, generals, diplomacy: { ...scenarioJson.diplomacy, pairs } } as unknown as JsonObject,
    map: { ...mapJson, cities: mapped } as unknown as JsonObject,
  };
}
