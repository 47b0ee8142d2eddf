import { engine, GameLog } from '@chronicle/engine';
import { sammo, type World } from '@chronicle/sammo';
import { changes } from '../worlds/world-board';
import { cityDetails, generalDetails, worldView, type WorldView } from './world-view';

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
    expect(city.generals.map((g) => g.id).sort((a, b) => a - b)).toEqual([...world.generals.values()].filter((g) => g.city === 1).map((g) => g.id).sort((a, b) => a - b));
    const first = [...world.generals.values()][0]!;
    expect(generalDetails(world, first.id)).toMatchObject({ name: first.name, cityName: world.cities[first.city]!.name });
    expect(cityDetails(world, 999)).toBeNull();
    expect(generalDetails(world, -1)).toBeNull();
  });
});

describe('what the feed says when a world changes', () => {
  const before: WorldView = {
    title: 't', date: '190년 1월', year: 190, month: 1, cities: [], generals: 0,
    nations: [{ id: 1, name: '위', color: '#f00', capital: 1, cities: 1, generals: 1, gold: 0, rice: 0, tech: 0, power: 0, level: 1 }],
    history: [{ year: 190, month: 1, text: 'old' }],
  };

  it('says nothing of the first view, then a new month, new notable events and nations founded or fallen', () => {
    const after: WorldView = {
      ...before, date: '190년 2월', month: 2,
      nations: [{ ...before.nations[0]!, id: 2, name: '촉' }],
      history: [...before.history, { year: 190, month: 2, text: 'new' }],
    };
    expect(changes(null, after)).toEqual([]);
    expect(changes(before, after)).toEqual([
      { kind: 'month', text: '190년 2월 begins' },
      { kind: 'event', text: '190년 2월: new' },
      { kind: 'nation', text: '촉 is founded' },
      { kind: 'nation', text: '위 has fallen' },
    ]);
    expect(changes(before, before)).toEqual([]);
  });
});
