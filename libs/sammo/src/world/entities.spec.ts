import { InvalidGame } from '@chronicle/engine';
import * as entities from './entities';
import { bag, initialOf, int, optional, readShape, type Shape } from './fields';

const declarations = Object.entries(entities).filter(([, value]) => typeof value === 'object') as [string, Shape][];

describe('the entity declarations', () => {
  it.each(declarations)('%s: every initial value passes its own field\'s check', (name, fields) => {
    for (const [key, f] of Object.entries(fields)) {
      if (f.initial === undefined) continue;
      expect(f.read(f.initial(), `${name}.${key}`)).toEqual(f.initial());
    }
  });

  it('gives each new entity its own arrays and objects', () => {
    const a = initialOf(entities.GENERAL);
    const b = initialOf(entities.GENERAL);
    a.dex[1] = 100;
    a.rank.warnum = 3;
    a.aux.armType = 2;
    expect(b.dex[1]).toBe(0);
    expect(b.rank.warnum).toBe(0);
    expect(b.aux).toEqual({});
  });

  it('leaves an optional field out while absent and reads it when present', () => {
    const city = { ...initialOf(entities.CITY), id: 1, name: '업', level: 8, region: 1, pop: 1, popMax: 1, agri: 1, agriMax: 1, comm: 1, commMax: 1, secu: 1, secuMax: 1, def: 1, defMax: 1, wall: 1, wallMax: 1, trust: 50, neighbours: [2] };
    expect('expanded' in readShape(entities.CITY, city, 'city')).toBe(false);
    expect(readShape(entities.CITY, { ...city, expanded: 2 }, 'city').expanded).toBe(2);
    expect(() => readShape(entities.CITY, { ...city, expanded: 0 }, 'city')).toThrow(new InvalidGame('city.expanded must be between 1 and 9007199254740991, got 0'));
  });

  it('names the path of a refused field, however deep', () => {
    const general = readShape(entities.GENERAL, validGeneral(), 'g');
    expect(general.rank.warnum).toBe(0);
    expect(() => readShape(entities.GENERAL, { ...validGeneral(), rank: { ...general.rank, killnum: -1 } }, 'g')).toThrow('g.rank.killnum must be between 0 and');
    expect(() => readShape(entities.GENERAL, { ...validGeneral(), queue: general.queue.slice(1) }, 'g')).toThrow('g.queue must hold 30 slots, got 29');
    expect(() => readShape(entities.GENERAL, { ...validGeneral(), aux: { mood: 1 } }, 'g')).toThrow('g.aux.mood is not a general aux field');
  });

  it('refuses a key a bag does not declare, and reads the others in the document\'s order', () => {
    const flags = bag({ b: optional(int()), a: optional(int()) }, (key, path) => `${path} knows no ${key}`);
    expect(Object.keys(flags.read({ a: 1, b: 2 }, 'f'))).toEqual(['a', 'b']);
    expect(() => flags.read({ c: 1 }, 'f')).toThrow('f knows no c');
  });
});

function validGeneral(): Record<string, unknown> {
  return {
    ...initialOf(entities.GENERAL), id: 1, owner: null, ownerName: null, name: '조조', npc: 2, npcOrg: 2, affinity: 1, bornyear: 155, deadyear: 220, age: 35,
    nation: 0, city: 1, officerLevel: 0, belong: 0, leadership: 90, strength: 70, intel: 90, experience: 0, dedication: 0, explevel: 0, dedlevel: 0,
    personal: null, special: null, specage: 0, special2: null, specage2: 0, turntime: 0, killturn: 80,
    queue: Array.from({ length: 30 }, () => ({ action: '휴식', arg: null })),
  };
}
