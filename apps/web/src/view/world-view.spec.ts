import { engine, GameLog, REAL_TIME } from '@chronicle/engine';
import { sammo, type World } from '@chronicle/sammo';
import type { MoveEventV1 } from '@chronicle/contracts';
import { changes, describeMove } from '../worlds/world-board';
import { COLOUR_BLIND_SAFE, displayColours, NEUTRAL_CITY } from './colours';
import type { TableSummary } from './api';
import { allDetails, cityDetails, generalDetails, worldView, type WorldView } from './world-view';
import { worldsOf } from './worlds';

function sampleWorld(): World {
  const log = GameLog.open({ tableId: 'view', gameId: sammo.id, rulesVersion: sammo.version, seats: ['p'], options: { world: 'sample' } });
  return engine.setup(sammo, log.header()).data;
}

describe('the view of a strategy world', () => {
  const world = sampleWorld();
  const view = worldView(world);

  it('draws the 94 cities of the che map at their map positions, each with its holder and roads', () => {
    expect(view.cities).toHaveLength(94);
    const up = view.cities.find((c) => c.name === '업')!;
    expect([up.x, up.y]).toEqual([345, 130]);
    expect(up.neighbours).toEqual([9, 18, 70, 78, 80]);
    for (const c of view.cities) expect(c.nation).toBe(world.cities[c.id]!.nation);
  });

  it('lists the nations strongest first with the cities and generals they hold', () => {
    const cities = (id: number) => world.cities.filter((c) => c?.nation === id).length;
    for (const n of view.nations) expect([n.name, n.cities]).toEqual([world.nations.get(n.id)!.name, cities(n.id)]);
    expect(view.nations.map((n) => n.power)).toEqual([...view.nations.map((n) => n.power)].sort((a, b) => b - a));
    expect(view.nations.reduce((sum, n) => sum + n.generals, 0)).toBe([...world.generals.values()].filter((g) => g.nation !== 0).length);
  });

  it('gives a city with the generals in it, and a general, or null for an unknown id', () => {
    const city = cityDetails(world, 1)!;
    expect(city.generals!.map((g) => g.id).sort((a, b) => a - b)).toEqual([...world.generals.values()].filter((g) => g.city === 1).map((g) => g.id).sort((a, b) => a - b));
    const first = [...world.generals.values()][0]!;
    expect(generalDetails(world, first.id)).toMatchObject({ name: first.name, cityName: world.cities[first.city]!.name });
    expect(cityDetails(world, 999)).toBeNull();
    expect(generalDetails(world, -1)).toBeNull();
  });
});

describe('the public view of a world in play (what anyone sees while a chapter is played)', () => {
  const world = sampleWorld();
  const shown = worldView(world, 'public');
  const details = allDetails(world, 'public');
  const text = JSON.stringify({ shown, cities: [...details.cities.values()], generals: [...details.generals.values()] });

  it('holds the map with owners, the nations\' public figures and the generals\' public list', () => {
    expect(shown.visibility).toBe('public');
    expect(shown.cities.map((c) => [c.id, c.nation])).toEqual(view().cities.map((c) => [c.id, c.nation]));
    expect(shown.nations.map((n) => [n.id, n.name, n.cities, n.generals, n.power])).toEqual(view().nations.map((n) => [n.id, n.name, n.cities, n.generals, n.power]));
    const first = [...world.generals.values()][0]!;
    expect(details.generals.get(first.id)).toMatchObject({ name: first.name, leadership: first.leadership, officerTitle: expect.any(String) });
  });

  it('leaves out every nation\'s gold, rice and tech, cities\' population and development, and every general\'s purse, crew, city and queue', () => {
    for (const n of shown.nations) expect([n.gold, n.rice, n.tech]).toEqual([null, null, null]);
    for (const c of shown.cities) expect([c.pop, c.popMax]).toEqual([null, null]);
    for (const c of details.cities.values()) expect([c.agri, c.comm, c.secu, c.def, c.wall, c.trust, c.generals]).toEqual([null, null, null, null, null, null, null]);
    for (const g of details.generals.values()) expect([g.gold, g.rice, g.crew, g.city, g.queue, g.experience, g.dedication]).toEqual([null, null, null, null, null, null, null]);
    // Not under another name either: no treasury figure of any nation appears anywhere in what is served.
    for (const n of world.nations.values()) expect(text).not.toMatch(new RegExp(`"(gold|rice)":${n.gold}\\b`));
  });

  function view(): WorldView {
    return worldView(world);
  }
});

describe('nations\' colours on the map', () => {
  it('gives up to eight nations the colour-blind-safe palette, strongest first, whatever colours the game gave them', () => {
    const colours = displayColours([{ id: 3, color: '#000080' }, { id: 1, color: '#000080' }, { id: 2, color: '#ffffff' }]);
    expect([...colours]).toEqual([[3, COLOUR_BLIND_SAFE[0]], [1, COLOUR_BLIND_SAFE[1]], [2, COLOUR_BLIND_SAFE[2]]]);
  });

  it('keeps more nations apart from each other and from an unowned city\'s white', () => {
    const nations = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, color: i % 2 ? '#000080' : '#ffffff' }));
    const colours = [...displayColours(nations).values()];
    expect(new Set(colours).size).toBe(20);
    expect(colours).not.toContain(NEUTRAL_CITY);
    expect(colours[1]).toBe('#000080'); // the game's colour, where it is distinct
  });

  it('draws the sample world\'s nations each in a colour of its own', () => {
    const shown = worldView(sampleWorld());
    expect(new Set(shown.nations.map((n) => n.color)).size).toBe(shown.nations.length);
  });
});

describe('worlds, not chapters', () => {
  const table = (tableId: string, world: string | null, number: number): TableSummary => ({
    tableId, gameId: 'sammo', rulesVersion: '9', status: 'open', reason: null, commitment: '', revision: 0, seq: 0,
    chapter: world ? { world, number } : null, date: null, movesPerSecond: 0, outcome: null, clock: REAL_TIME, notice: null,
  });

  it('makes one row per world, its chapters in numeric order (c2 before c10), the newest the one followed', () => {
    const worlds = worldsOf([table('w-c10', 'w', 10), table('w-c1', 'w', 1), table('w-c2', 'w', 2), table('dice', null, 0), table('v-c1', 'v', 1)]);
    expect(worlds.map((w) => [w.worldId, w.chapters.map((c) => c.number), w.current.tableId])).toEqual([
      ['dice', [1], 'dice'], ['v', [1], 'v-c1'], ['w', [1, 2, 10], 'w-c10'],
    ]);
  });
});

describe('what the feed says', () => {
  const move = (over: Partial<MoveEventV1>): MoveEventV1 => ({
    v: 1, kind: 'move', tableId: 't', seq: 5, revision: 5, number: 5, seat: null, payload: { type: 'advance', until: 1 }, random: false, stateHash: null,
    nextDueAt: null, recordedAt: new Date().toISOString(), ...over,
  });

  it('tells a move by its number and whether time passed or a player acted, never its seat or payload', () => {
    expect(describeMove(move({}))).toEqual({ kind: 'move', number: 5, by: 'time' });
    const secret = describeMove(move({ seat: 'player-3', payload: { type: 'reserve', generalId: 3, command: 'che_농지개간', slots: [0] } }));
    expect(secret).toEqual({ kind: 'move', number: 5, by: 'player' });
    expect(describeMove(move({ kind: 'undo' }))).toEqual({ kind: 'move', number: 5, by: 'undo' });
  });
});

describe('what the feed says when a world changes', () => {
  const before: WorldView = {
    title: 't', date: '190년 1월', year: 190, month: 1, cities: [], generals: 0,
    nations: [{ id: 1, name: '위', color: '#f00', gameColor: '#f00', capital: 1, cities: 1, generals: 1, gold: null, rice: null, tech: null, power: 0, level: 1 }],
    history: [{ year: 190, month: 1, text: 'old' }], actions: [{ year: 190, month: 1, text: 'a', move: 3 }], visibility: 'public',
  };

  it('says nothing of the first view, then a new month, new notable events and nations founded or fallen', () => {
    const after: WorldView = {
      ...before, date: '190년 2월', month: 2,
      nations: [{ ...before.nations[0]!, id: 2, name: '촉' }],
      history: [...before.history, { year: 190, month: 2, text: 'new' }],
      actions: [...before.actions, { year: 190, month: 2, text: 'a', move: 9 }],
    };
    expect(changes(null, after)).toEqual([]);
    expect(changes(before, after)).toEqual([
      { kind: 'month', year: 190, month: 2 },
      { kind: 'event', year: 190, month: 2, text: 'new' },
      { kind: 'action', year: 190, month: 2, text: 'a' },
      { kind: 'nation', change: 'founded', name: '촉' },
      { kind: 'nation', change: 'fallen', name: '위' },
    ]);
    expect(changes(before, before)).toEqual([]);
  });
});
