import { CHE_MAP_POSITIONS, publicView, type City, type General, type LogEntry, type Nation, type World } from '@chronicle/sammo';
import { displayColours } from './colours';

/**
 * What a person sees of a strategy world, computed from its state — the same function in
 * the service (from the snapshot service's state) and in the browser (from the state a
 * replay reaches at any move). It reads the world; it decides nothing.
 *
 * While a chapter is in play a person sees only its **public** view (libs/sammo's
 * `publicView`, the legacy's API for no nation: the map with owners, the nations' public
 * figures, the generals' public list, the chronicle and the newest public action lines);
 * what the public view leaves out (a nation's gold, rice and tech, a city's population and
 * development, which generals stand where, a general's purse, crew and queue) is `null`
 * here. A finished chapter is wholly public: the **full** view.
 */
export type Visibility = 'public' | 'full';

export interface WorldView {
  visibility: Visibility;
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
  /** The newest public action lines (장수동향), oldest first. */
  actions: HistoryLine[];
}

/** A city on the map: its own fields (sammo's `City`) and where it is drawn; `pop` and `popMax` only in the full view. */
export interface CityView extends Pick<City, 'id' | 'name' | 'level' | 'nation' | 'neighbours'> {
  pop: number | null;
  popMax: number | null;
  /** Where it is drawn: the `che` map's position, else a place on a ring (synthetic worlds). */
  x: number;
  y: number;
}

/**
 * A nation in the list: its own fields (sammo's `Nation`) and what it holds; its treasury and
 * tech only in the full view. `color` is the colour the page draws it in (`displayColours`:
 * distinct from the others and from an unowned city), `gameColor` the game's own.
 */
export interface NationView extends Pick<Nation, 'id' | 'name' | 'color' | 'capital' | 'power' | 'level'> {
  gameColor: string;
  cities: number;
  generals: number;
  gold: number | null;
  rice: number | null;
  tech: number | null;
}

/** A line of the chronicle or of the public actions: its month, its words and (when known) the move that wrote it. */
export type HistoryLine = Pick<LogEntry, 'year' | 'month' | 'text'> & { move?: number };

/** A clicked city: in the public view only what the map shows; in the full view its development and the generals in it. */
export interface CityDetails extends CityView {
  nationName: string;
  agri: number | null; comm: number | null; secu: number | null; def: number | null; wall: number | null; trust: number | null;
  front: boolean | null;
  generals: GeneralLine[] | null;
}

/** A general in a city's list: its own fields (sammo's `General`; `owner` null for an NPC). */
export type GeneralLine = Pick<General, 'id' | 'name' | 'nation' | 'city' | 'officerLevel' | 'leadership' | 'strength' | 'intel' | 'crew' | 'owner'>;

/** A clicked general: the public list's fields (legacy Global/GeneralList), and in the full view its purse, crew, city and next commands. */
export interface GeneralDetails extends Pick<General, 'id' | 'name' | 'nation' | 'officerLevel' | 'leadership' | 'strength' | 'intel' | 'age' | 'injury'> {
  officerTitle: string;
  nationName: string;
  explevel: number;
  dedlevel: number;
  /** The player's name where the public may know it (a possessed NPC), or the seat in the full view. */
  owner: string | null;
  city: number | null;
  cityName: string | null;
  crew: number | null;
  gold: number | null;
  rice: number | null;
  experience: number | null;
  dedication: number | null;
  /** The next commands reserved (legacy keys): only in the full view. */
  queue: string[] | null;
}

/** The map's extent (the `che` map's pixels); views place every city inside it. */
export const MAP_WIDTH = 700;
export const MAP_HEIGHT = 500;
const HISTORY_SHOWN = 40;
/** Public action lines shown: as many as the public view carries (the legacy's GetFrontInfo ROW_LIMIT). */
const ACTIONS_SHOWN = 15;

export function gameDateOf(world: World): string {
  return `${world.env.year}년 ${world.env.month}월`;
}

/** The whole world as a person sees it: `full` for a finished chapter, else only what its public view holds. */
export function worldView(world: World, visibility: Visibility = 'full'): WorldView {
  if (visibility === 'public') return publicWorldView(world);
  const cities = world.cities.slice(1).filter((c): c is City => c !== undefined);
  const owned = countBy(cities, (c) => c.nation);
  const serving = countBy(world.generals.values(), (g) => g.nation);
  const nations = [...world.nations.values()].sort((a, b) => b.power - a.power || a.id - b.id);
  const colours = displayColours(nations);
  return {
    visibility,
    title: world.env.title,
    date: gameDateOf(world),
    year: world.env.year,
    month: world.env.month,
    cities: cities.map((c) => cityView(c, cities.length)),
    nations: nations.map((n) => ({
      id: n.id, name: n.name, color: colours.get(n.id)!, gameColor: n.color, capital: n.capital, cities: owned.get(n.id) ?? 0, generals: serving.get(n.id) ?? 0,
      gold: n.gold, rice: n.rice, tech: Math.round(n.tech * 10) / 10, power: n.power, level: n.level,
    })),
    generals: world.generals.size,
    history: world.history.slice(-HISTORY_SHOWN).map(historyLine),
    actions: world.logs.filter((e) => e.scope === 'world').slice(-ACTIONS_SHOWN).map(historyLine),
  };
}

/** What anyone may see of a world in play: built from its public view alone, so nothing else can slip in. */
function publicWorldView(world: World): WorldView {
  const pv = publicView(world);
  const colours = displayColours(pv.nations);
  const serving = countBy(pv.generals, (g) => g.nation);
  return {
    visibility: 'public',
    title: world.env.title,
    date: `${pv.env.year}년 ${pv.env.month}월`,
    year: pv.env.year,
    month: pv.env.month,
    cities: pv.cities.map((c) => ({ ...place(c.id, pv.cities.length), id: c.id, name: c.name, level: c.level, nation: c.nation, neighbours: world.cities[c.id]!.neighbours, pop: null, popMax: null })),
    nations: pv.nations.map((n) => ({
      id: n.id, name: n.name, color: colours.get(n.id)!, gameColor: n.color, capital: n.capital, cities: n.cities.length, generals: serving.get(n.id) ?? 0,
      gold: null, rice: null, tech: null, power: n.power, level: n.level,
    })),
    generals: pv.generals.length,
    history: pv.history.slice(-HISTORY_SHOWN).map(historyLine),
    actions: pv.logs.map(historyLine),
  };
}

export function cityDetails(world: World, cityId: number, visibility: Visibility = 'full'): CityDetails | null {
  const city = world.cities[cityId];
  if (!city) return null;
  if (visibility === 'public') return allDetails(world, 'public').cities.get(cityId) ?? null;
  const generals = [...world.generals.values()].filter((g) => g.city === cityId).sort((a, b) => b.officerLevel - a.officerLevel || a.id - b.id);
  return {
    ...cityView(city, world.cities.length - 1),
    nationName: nationName(world, city.nation),
    agri: city.agri, comm: city.comm, secu: city.secu, def: city.def, wall: city.wall, trust: city.trust, front: city.front > 0,
    generals: generals.map(generalLine),
  };
}

/**
 * Every city's and general's details at once (the service keeps them for clicks), the public
 * view projected once (its officer titles serve the full view too).
 */
export function allDetails(world: World, visibility: Visibility): { cities: Map<number, CityDetails>; generals: Map<number, GeneralDetails> } {
  const pv = publicView(world);
  if (visibility === 'full') {
    const titles = new Map(pv.generals.map((g) => [g.id, g.officerTitle]));
    return {
      cities: new Map(world.cities.slice(1).map((c) => [c.id, cityDetails(world, c.id)!])),
      generals: new Map([...world.generals.values()].map((g) => [g.id, fullGeneral(world, g, titles.get(g.id) ?? '-')])),
    };
  }
  const names = new Map(pv.nations.map((n) => [n.id, n.name]));
  const nameOf = (id: number) => (id === 0 ? '재야' : names.get(id) ?? `#${id}`);
  return {
    cities: new Map(pv.cities.map((c) => [c.id, {
      ...place(c.id, pv.cities.length), id: c.id, name: c.name, level: c.level, nation: c.nation, neighbours: world.cities[c.id]!.neighbours, pop: null, popMax: null,
      nationName: nameOf(c.nation), agri: null, comm: null, secu: null, def: null, wall: null, trust: null, front: null, generals: null,
    }])),
    generals: new Map(pv.generals.map((g) => [g.id, {
      id: g.id, name: g.name, nation: g.nation, nationName: nameOf(g.nation), officerLevel: g.officerLevel, officerTitle: g.officerTitle,
      leadership: g.leadership, strength: g.strength, intel: g.intel, age: g.age, injury: g.injury, explevel: g.explevel, dedlevel: g.dedlevel,
      owner: g.ownerName, city: null, cityName: null, crew: null, gold: null, rice: null, experience: null, dedication: null, queue: null,
    }])),
  };
}

export function generalDetails(world: World, generalId: number, visibility: Visibility = 'full'): GeneralDetails | null {
  return world.generals.has(generalId) ? allDetails(world, visibility).generals.get(generalId) ?? null : null;
}

function fullGeneral(world: World, g: General, title: string): GeneralDetails {
  return {
    id: g.id, name: g.name, nation: g.nation, officerLevel: g.officerLevel, officerTitle: title,
    leadership: g.leadership, strength: g.strength, intel: g.intel, age: g.age, injury: g.injury, explevel: g.explevel, dedlevel: g.dedlevel,
    owner: g.owner, nationName: nationName(world, g.nation), city: g.city, cityName: world.cities[g.city]?.name ?? '-',
    crew: g.crew, gold: g.gold, rice: g.rice, experience: g.experience, dedication: g.dedication,
    queue: g.queue.slice(0, 5).map((slot) => slot.action),
  };
}

/** Legacy texts carry colour tags (`<Y>`, `</>`): a view shows the words. */
export function historyLine(entry: Pick<LogEntry, 'year' | 'month' | 'text'> & { move?: number }): HistoryLine {
  return { year: entry.year, month: entry.month, text: entry.text.replace(/<\/?[A-Za-z0-9]*>/g, ''), ...(entry.move === undefined ? {} : { move: entry.move }) };
}

function place(id: number, count: number): { x: number; y: number } {
  return CHE_MAP_POSITIONS.get(id) ?? ringPosition(id, count);
}

function cityView(c: City, count: number): CityView {
  const position = place(c.id, count);
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
