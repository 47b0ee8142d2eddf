import mapJson from '../../data/map-default.json';

/** A city's place on the drawn map (map pixels, origin top-left). */
export interface MapPosition {
  x: number;
  y: number;
}

/**
 * Where each city of the `che` map is drawn, by city id. For views only: no rule reads a
 * position (the map's roads are the cities' `neighbours` in the world).
 */
export const CHE_MAP_POSITIONS: ReadonlyMap<number, MapPosition> = new Map(mapJson.cities.map((city) => [city.id, { x: city.x, y: city.y }]));
