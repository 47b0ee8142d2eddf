import { emptyWorld } from '../scenario/new-world';
import { addGeneral, seededStreams, START } from '../testing/small-world';
import { Diplo } from '../world/constants';
import { newCity, newNation } from '../state/factory';
import { readWorld, writeWorld } from '../state/serialize';
import type { World } from '../world/types';
import { streamFromSeed } from '../rng/streams';
import { runEvents } from './events';
import { raiseNpcNations } from './npc-nations';
import { eventsOf } from './scenario-events';
import { FIRST_SCENARIO_EVENT_ID, readLegacyEvent } from '../world/stored-events';

const HOUR = 3_600_000;

/** Eight middle cities in a row (1–2–…–8), nation 1 (3 members, tech 1234.5) holding city 1, at 181-01. */
function rowWorld(): World {
  const world = emptyWorld({ scenarioId: 0, title: 'row', startyear: 180, fiction: 0, turnterm: 60, start: START, maxgeneral: 100, autorunLimitMinutes: 0 });
  for (let id = 1; id <= 8; id++) {
    world.cities[id] = newCity({
      id, name: `성${id}`, level: 5, region: 1, neighbours: [id - 1, id + 1].filter((n) => n >= 1 && n <= 8),
      pop: 50000, agri: 100, comm: 100, secu: 100, def: 100, wall: 100, trust: 50,
      popMax: 200000, agriMax: 5000, commMax: 5000, secuMax: 5000, defMax: 5000, wallMax: 900,
    });
  }
  Object.assign(world.cities[1]!, { nation: 1, pop: 150000, agri: 3000, comm: 2000, secu: 1000, def: 4000, wall: 2000 });
  world.nations.set(1, newNation({ id: 1, name: '위', color: '#000', capital: 1, gold: 0, rice: 0, tech: 1234.5, level: 2, type: 'che_중립' }));
  for (let id = 1; id <= 3; id++) addGeneral(world, { id, officerLevel: id === 1 ? 12 : 1 });
  world.env.nextNationId = 2;
  Object.assign(world.env, { year: 181, month: 1 });
  return world;
}

describe('RaiseNPCNation', () => {
  it('raises a nation in each empty middle city 3 roads from the held ones and 2 from each other, in the order given', () => {
    const world = rowWorld();
    const clock = world.env.turntime + HOUR;
    const tried: number[][] = [];
    const raised = raiseNpcNations(world, streamFromSeed('npc', 'RaiseNPCNation'), clock, (ids) => { tried.push(ids); return ids; });
    expect(tried).toEqual([[2, 3, 4, 5, 6, 7, 8]]);
    expect(raised).toBe(3);
    expect([2, 3, 4, 5, 6, 7, 8].map((id) => world.cities[id]!.nation)).toEqual([0, 0, 2, 0, 3, 0, 4]);
    const nation = world.nations.get(2)!;
    expect(nation).toMatchObject({ name: 'ⓤ성4', capital: 4, level: 2, gold: 0, rice: 2000, tech: 1234, rate: 15, strategicCmdLimit: 24, gennum: 3, aux: { can_국기변경: 1 } });
    // The held city's development, each key under the new capital's maxima, and full trust.
    expect(world.cities[4]).toMatchObject({ pop: 150000, agri: 3000, comm: 2000, secu: 1000, def: 4000, wall: 900, trust: 100 });
    expect(world.diplomacy.get('2:1')).toEqual({ state: Diplo.normal, term: 0, dead: 0 });
    expect(world.diplomacy.get('4:3')).toEqual({ state: Diplo.normal, term: 0, dead: 0 });
    const members = [...world.generals.values()].filter((g) => g.nation === 2);
    // The ruler and round(mean of 3 members) − 1 pool generals, all npc 6 in the capital.
    expect(members.map((g) => [g.officerLevel, g.npc, g.city, g.gold, g.rice])).toEqual([[12, 6, 4, 1000, 1000], [1, 6, 4, 1000, 1000], [1, 6, 4, 1000, 1000]]);
    expect(members[0]).toMatchObject({ name: 'ⓤ성4태수', killturn: 240, bornyear: 161, deadyear: 241 });
    for (const g of members.slice(1)) {
      expect(g.name.startsWith('ⓤ')).toBe(true);
      expect(g.bornyear).toBe(161);
      // 10 years on, plus 60 × (1 − log₂(1..1024)/10): 0 to 60.
      expect(g.deadyear).toBeGreaterThanOrEqual(191);
      expect(g.deadyear).toBeLessThanOrEqual(251);
    }
    for (const g of members) {
      expect(g.leadership + g.strength + g.intel).toBe(150);
      expect(g.turntime).toBeGreaterThanOrEqual(clock);
      expect(g.turntime).toBeLessThan(clock + HOUR);
    }
    expect(world.env.nextNationId).toBe(5);
    expect(world.history.at(-1)!.text).toBe('【공지】 공백지에 임의의 국가가 생성되었습니다.');
  });

  it('trims the lowest and highest sixth of the held cities and of the nations’ members', () => {
    const world = rowWorld();
    // Held: cities 1 (sum 12000), 7 and 8 (sums 500 and 25000); the lowest and highest go, city 1 stays.
    Object.assign(world.cities[7]!, { nation: 1, agri: 100, comm: 100, secu: 100, def: 100, wall: 100 });
    Object.assign(world.cities[8]!, { nation: 1, agri: 5000, comm: 5000, secu: 5000, def: 5000, wall: 5000 });
    raiseNpcNations(world, streamFromSeed('npc', 'RaiseNPCNation'), world.env.turntime + HOUR, (ids) => ids);
    expect(world.cities[4]).toMatchObject({ agri: 3000, comm: 2000, secu: 1000, def: 4000, wall: 900 });
  });

  it('runs from a scenario’s event table once, at its date, and the table is kept with the world', () => {
    const world = rowWorld();
    world.env.month = 12;
    world.env.year = 180;
    world.events = [readLegacyEvent(['month', 1000, ['Date', '==', 181, 1], ['RaiseNPCNation'], ['DeleteEvent']], 'events[0]', FIRST_SCENARIO_EVENT_ID)];
    const random = seededStreams();
    runEvents(world, random, 'MONTH', eventsOf(world));
    expect(world.nations.size).toBe(1);
    const stored = readWorld(writeWorld(world));
    expect(stored.events).toEqual(world.events);
    Object.assign(stored.env, { year: 181, month: 1 });
    const steps: string[] = [];
    runEvents(stored, random, 'MONTH', eventsOf(stored), (step) => steps.push(step));
    expect(steps.slice(-3)).toEqual(['event:ProvideNPCTroopLeader', 'event:RaiseNPCNation', 'event:DeleteEvent']);
    expect(random.labels).toContain('RaiseNPCNation/181/1/order');
    expect(stored.nations.size).toBeGreaterThan(1);
    expect(stored.events).toEqual([]);
  });

  it('refuses a scenario event it cannot run, saying what it takes', () => {
    expect(() => readLegacyEvent(['united', 1000, true, ['RaiseNPCNation']], 'events[0]', 11)).toThrow('events[0][0] must be "month" or "pre_month"');
    expect(() => readLegacyEvent(['month', 1000, true, ['RaiseInvader']], 'events[0]', 11)).toThrow('a scenario\'s event actions are ["RaiseNPCNation"], ["DeleteEvent"]');
    expect(() => readLegacyEvent(['month', 1000, ['Date', '=', 181, 1]], 'events[0]', 11)).toThrow('events[0][2][1] must be one of');
  });
});
