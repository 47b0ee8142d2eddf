import { CHE_MAP_POSITIONS, type City, type General, type LogEntry, type Nation, type World } from '@chronicle/sammo';

/**
 * What a person sees of a strategy world, computed from its state — the same function in
 * the service (from the snapshot service's state) and in the browser (from the state a
 * replay reaches at any move). It reads the world; it decides nothing.
 */
export interface WorldView {
  title: string;
  /** `184년 3월`. */
  date: string;
  year: number;
  month: number;
  cities: CityView[];
  nations: NationView[];
  generals: number;
  /** The latest notable events (중원정세), oldest first. */
  history: HistoryLine[];
}

/** A city on the map: its own fields (sammo's `City`) and where it is drawn. */
export interface CityView extends Pick<City, 'id' | 'name' | 'level' | 'nation' | 'pop' | 'popMax' | 'neighbours'> {
  /** Where it is drawn: the `che` map's position, else a place on a ring (synthetic worlds). */
  x: number;
  y: number;
}

/** A nation in the list: its own fields (sammo's `Nation`) and what it holds. */
export interface NationView extends Pick<Nation, 'id' | 'name' | 'color' | 'capital' | 'gold' | 'rice' | 'tech' | 'power' | 'level'> {
  cities: number;
  generals: number;
}

export type HistoryLine = Pick<LogEntry, 'year' | 'month' | 'text'>;

export interface CityDetails extends CityView, Pick<City, 'agri' | 'comm' | 'secu' | 'def' | 'wall' | 'trust'> {
  nationName: string;
  front: boolean;
  generals: GeneralLine[];
}

/** A general in a city's list: its own fields (sammo's `General`; `owner` null for an NPC). */
export type GeneralLine = Pick<General, 'id' | 'name' | 'nation' | 'city' | 'officerLevel' | 'leadership' | 'strength' | 'intel' | 'crew' | 'owner'>;

export interface GeneralDetails extends GeneralLine, Pick<General, 'age' | 'gold' | 'rice' | 'experience' | 'dedication' | 'injury'> {
  nationName: string;
  cityName: string;
  /** The next commands reserved (legacy keys). */
  queue: string[];
}

/** The map's extent (the `che` map's pixels); views place every city inside it. */
export const MAP_WIDTH = 700;
export const MAP_HEIGHT = 500;
const HISTORY_SHOWN = 40;

export function gameDateOf(world: World): string {
  return `${world.env.year}년 ${world.env.month}월`;
}

export function worldView(world: World): WorldView {
  const cities = world.cities.slice(1).filter((c): c is City => c !== undefined);
  const owned = countBy(cities, (c) => c.nation);
  const serving = countBy(world.generals.values(), (g) => g.nation);
  return {
    title: world.env.title,
    date: gameDateOf(world),
    year: world.env.year,
    month: world.env.month,
    cities: cities.map((c) => cityView(c, cities.length)),
    nations: [...world.nations.values()].sort((a, b) => b.power - a.power || a.id - b.id).map((n) => ({
      id: n.id, name: n.name, color: n.color, capital: n.capital, cities: owned.get(n.id) ?? 0, generals: serving.get(n.id) ?? 0,
      gold: n.gold, rice: n.rice, tech: Math.round(n.tech * 10) / 10, power: n.power, level: n.level,
    })),
    generals: world.generals.size,
    history: world.history.slice(-HISTORY_SHOWN).map(historyLine),
  };
}

export function cityDetails(world: World, cityId: number): CityDetails | null {
  const city = world.cities[cityId];
  if (!city) return null;
  const generals = [...world.generals.values()].filter((g) => g.city === cityId).sort((a, b) => b.officerLevel - a.officerLevel || a.id - b.id);
  return {
    ...cityView(city, world.cities.length - 1),
    nationName: nationName(world, city.nation),
    agri: city.agri, comm: city.comm, secu: city.secu, def: city.def, wall: city.wall, trust: city.trust, front: city.front > 0,
    generals: generals.map(generalLine),
  };
}

export function generalDetails(world: World, generalId: number): GeneralDetails | null {
  const g = world.generals.get(generalId);
  if (!g) return null;
  return {
    ...generalLine(g),
    nationName: nationName(world, g.nation),
    cityName: world.cities[g.city]?.name ?? '-',
    age: g.age, gold: g.gold, rice: g.rice, experience: g.experience, dedication: g.dedication, injury: g.injury,
    queue: g.queue.slice(0, 5).map((slot) => slot.action),
  };
}

/** Legacy texts carry colour tags (`<Y>`, `</>`): a view shows the words. */
export function historyLine(entry: LogEntry): HistoryLine {
  return { year: entry.year, month: entry.month, text: entry.text.replace(/<\/?[A-Za-z0-9]*>/g, '') };
}

function cityView(c: City, count: number): CityView {
  const position = CHE_MAP_POSITIONS.get(c.id) ?? ringPosition(c.id, count);
  return { id: c.id, name: c.name, level: c.level, nation: c.nation, pop: c.pop, popMax: c.popMax, x: position.x, y: position.y, neighbours: c.neighbours };
}

function generalLine(g: General): GeneralLine {
  return {
    id: g.id, name: g.name, nation: g.nation, city: g.city, officerLevel: g.officerLevel,
    leadership: g.leadership, strength: g.strength, intel: g.intel, crew: g.crew, owner: g.owner,
  };
}

/** A synthetic world's cities are a ring with chords: drawn on a circle. */
function ringPosition(id: number, count: number): { x: number; y: number } {
  const angle = (2 * Math.PI * (id - 1)) / Math.max(count, 1);
  return { x: Math.round(MAP_WIDTH / 2 + 0.42 * MAP_WIDTH * Math.cos(angle)), y: Math.round(MAP_HEIGHT / 2 + 0.42 * MAP_HEIGHT * Math.sin(angle)) };
}

function nationName(world: World, id: number): string {
  return id === 0 ? '재야' : world.nations.get(id)?.name ?? `#${id}`;
}

function countBy<T>(items: Iterable<T>, key: (item: T) => number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}
