import { endedChapter, InvalidGame, nextChapter, type JsonObject } from '@chronicle/engine';
import { sammo } from '../game';
import { SammoTable } from '../testing/table';
import { DEFAULT_MAP, SAMPLE_SCENARIO } from './sample';
import { readMapData } from './scenario-data';

const stats = (n: number) => ({ population: n, agriculture: n, commerce: n, security: n, defence: n, wall: n });
const map = {
  cities: [
    { id: 1, name: '가', level: 5, region: 1, neighbors: [2], initial: { ...stats(1000), trust: 50 }, max: stats(5000) },
    { id: 2, name: '나', level: 5, region: 1, neighbors: [1], initial: { ...stats(1000), trust: 50 }, max: stats(5000) },
  ],
};
const general = (id: number, nationId: number, officerLevel: number) => ({
  id, name: `g${id}`, nationId, cityId: null, officerLevel, leadership: 50, strength: 50, intel: 50,
  birthYear: 170, deathYear: 230, npcType: 2, affinity: 5, personality: null, special: null,
});
const scenario: JsonObject = {
  scenarioId: 9, title: 'tiny', startYear: 190, fiction: 0,
  nations: [{ id: 1, name: '촉', color: '#0f0', capitalCityId: 2, gold: 500, rice: 500, tech: 0, typeCode: 'che_중립', level: 1, cityIds: [2] }],
  diplomacy: { pairs: [] },
  generals: [general(1, 1, 12), general(2, 0, 0), { ...general(3, 0, 0), deathYear: 180 }],
};

describe('scenarios', () => {
  it('loads the sample: 94 cities, 20 nations, every general alive at 187', () => {
    expect(DEFAULT_MAP.cities).toHaveLength(94);
    expect(SAMPLE_SCENARIO.nations).toHaveLength(20);
    const table = new SammoTable({ world: 'sample' }, '11'.repeat(32));
    const world = table.state.data;
    expect(world.env).toMatchObject({ startyear: 187, year: 187, month: 1, killturn: 80 });
    expect(world.generals.size).toBe(SAMPLE_SCENARIO.generals.filter((g) => g.deathYear > 187).length);
    const dongZhuo = world.nations.get(1)!;
    expect(world.cities[dongZhuo.capital]!.name).toBe('낙양');
    expect(world.diplomacy.get('1:2')).toEqual({ state: 1, term: 36, dead: 0 });
  });

  it('loads a scenario given in the options, on its own map', () => {
    const table = new SammoTable({ world: 'scenario', scenario, map }, '11'.repeat(32));
    const world = table.state.data;
    expect(world.cities.length - 1).toBe(2);
    expect(world.generals.get(1)).toMatchObject({ nation: 1, city: 2, officerLevel: 12, killturn: expect.any(Number) });
    expect(world.generals.has(3)).toBe(false);
    expect(world.env.nextGeneralId).toBe(4);
  });

  it('runs the scenario’s own events: a 공백지 opening raises an NPC nation once, at its date', () => {
    const row = {
      cities: [1, 2, 3, 4, 5].map((id) => ({ ...map.cities[0]!, id, name: `성${id}`, neighbors: [id - 1, id + 1].filter((n) => n >= 1 && n <= 5) })),
    };
    const nations = [{ ...(scenario.nations as JsonObject[])[0]!, capitalCityId: 1, cityIds: [1] }];
    const events = [['month', 1000, ['Date', '==', 190, 2], ['RaiseNPCNation'], ['DeleteEvent']]];
    const table = new SammoTable({ world: 'scenario', scenario: { ...scenario, nations, events }, map: row }, '11'.repeat(32));
    expect(table.state.data.events).toHaveLength(1);
    table.advanceMonths(1);
    const world = table.state.data;
    // Cities 4 and 5 are 3 and 4 roads from the held one, and next to each other: one of them.
    const raised = [...world.nations.values()].filter((n) => n.id !== 1);
    expect(raised.map((n) => [n.name, n.level, world.cities[n.capital]!.nation])).toEqual([[`ⓤ${world.cities[raised[0]!.capital]!.name}`, 2, raised[0]!.id]]);
    expect([4, 5]).toContain(raised[0]!.capital);
    expect(world.events).toEqual([]);
    table.advanceMonths(12);
    expect(table.state.data.nations.size).toBe(2);
  });

  it('refuses scenarios and maps that do not hold together', () => {
    const bad = (s: JsonObject) => () => new SammoTable({ world: 'scenario', scenario: s, map }, '11'.repeat(32));
    expect(bad({ ...scenario, generals: [general(1, 7, 1)] })).toThrow(new InvalidGame('scenario.generals[0].nationId 7 is not a nation of the scenario'));
    const nations = [{ ...(scenario.nations as JsonObject[])[0]!, capitalCityId: 1 }];
    expect(bad({ ...scenario, nations })).toThrow(/capitalCityId 1 is not one of its cities/);
    expect(() => readMapData({ cities: [{ ...map.cities[0]!, neighbors: [2] }, { ...map.cities[1]!, neighbors: [] }] })).toThrow(/not the other way round/);
    expect(() => new SammoTable({ world: 'scenario' }, '11'.repeat(32))).toThrow(/options.scenario is required/);
  });
});

describe('the end of the game', () => {
  it('is reached when one nation holds every city; winners are its players', () => {
    const nations = [{ ...(scenario.nations as JsonObject[])[0]!, cityIds: [2, 1] }];
    const table = new SammoTable({ world: 'scenario', scenario: { ...scenario, nations }, map }, '11'.repeat(32), ['liu']);
    table.play('liu', { type: 'possess', generalId: 1 });
    table.advanceMonths(1);
    expect(table.state.outcome).toEqual({ winners: ['liu'], result: '촉 unified the land' });
    expect(table.state.phase).toBe('finished');
    expect(() => table.play(null, { type: 'advance', until: table.state.data.env.turntime + 3_600_000 })).toThrow(/is over/);
  });

  it('finishes the last chapter of a world played in chapters: no chapter follows', () => {
    const nations = [{ ...(scenario.nations as JsonObject[])[0]!, cityIds: [2, 1] }];
    const table = new SammoTable({ world: 'scenario', scenario: { ...scenario, nations }, map, chapterYears: 1 }, '11'.repeat(32), ['liu']);
    table.advanceMonths(1);
    expect(table.state.outcome).toMatchObject({ result: '촉 unified the land' });
    expect(table.state.outcome!.continues).toBeUndefined();
    expect(() => nextChapter(sammo, endedChapter(table.log), table.state)).toThrow(/its game is over: 촉 unified the land/);
  });
});
