import { streamFromSeed } from '../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../testing/small-world';
import { AVAILABLE_PERSONALITIES } from '../world/constants';
import type { World } from '../world/types';
import { GeneralBuilder, npcNamePrefix } from './general-builder';
import { pickGeneralsFromPool } from './general-pool';
import { poolAverages, sqlAverage } from './pool-averages';
import { RAND_FIRST_NAMES, RAND_LAST_NAMES } from './random-names';

const stream = () => streamFromSeed(TEST_SEED, 'pool-spec');

/** The names the pool's stream draws in turn, ignoring duplicates. */
function drawnNames(count: number): string[] {
  const rng = stream();
  return Array.from({ length: count }, () => rng.choice(RAND_FIRST_NAMES) + rng.choice(RAND_LAST_NAMES));
}

describe('the general pool (legacy RandomNameGeneral)', () => {
  const [first, second] = drawnNames(2) as [string, string];

  it('draws a surname and a given name on the caller’s stream, one general after another', () => {
    const world = smallWorld();
    expect(pickGeneralsFromPool(world, stream(), 2).map((b) => b.name)).toEqual([first, second]);
  });

  it('numbers a name one general already carries, and counts names that begin with it', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, name: first });
    expect(pickGeneralsFromPool(world, stream(), 1)[0]!.name).toBe(`${first}2`);
    // LIKE 'name%': a longer name that begins with it is a holder too.
    addGeneral(world, { id: 2, name: `ⓜ${first}가` });
    expect(pickGeneralsFromPool(world, stream(), 1)[0]!.name).toBe(second);
  });

  it('redraws a name two generals carry: an NPC’s ⓝ is in the prefix list twice', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, name: `ⓝ${first}`, npc: 2 });
    expect(pickGeneralsFromPool(world, stream(), 1)[0]!.name).toBe(second);
  });

  it('puts the caller’s prefix before the name it checks', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, name: first });
    expect(pickGeneralsFromPool(world, stream(), 1, '오랑캐')[0]!.name).toBe(`오랑캐${first}`);
  });

  it('prefixes a built general by its npc type', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9, 7].map(npcNamePrefix)).toEqual(['', 'ⓝ', 'ⓝ', 'ⓜ', 'ⓖ', '㉥', 'ⓤ', 'ⓞ', 'ⓧ']);
  });
});

describe('the pool averages (MariaDB AVG as PHP reads it)', () => {
  it('keeps 4 places, half up, as MariaDB 10 answers', () => {
    // SELECT AVG over 1 and 31 zeros: 0.0313; over 1, 2, 2: 1.6667; over 2 and seven 1s: 1.1250.
    expect(sqlAverage(1, 32)).toBe(0.0313);
    expect(sqlAverage(5, 3)).toBe(1.6667);
    expect(sqlAverage(9, 8)).toBe(1.125);
    expect(sqlAverage(0, 0)).toBe(0);
  });

  it('truncates what an int parameter takes (experience, dedication, siege) and keeps the dexterity total', () => {
    const world = smallWorld();
    const a = addGeneral(world, { id: 1, experience: 100, dedication: 11 });
    const b = addGeneral(world, { id: 2, experience: 201, dedication: 0 });
    a.dex = [0, 1, 2, 3, 4, 5];
    b.dex = [0, 0, 0, 0, 1, 2];
    expect(poolAverages([a, b])).toEqual({ dexTotal: 5.5, dex5: 3, experience: 150, dedication: 5 });
  });
});

describe('GeneralBuilder (legacy Scenario\\GeneralBuilder)', () => {
  const averages = { dexTotal: 801, dex5: 37, experience: 0, dedication: 0 };
  const builder = (world: World, stats: { leadership: number; strength: number; intel: number } | null, nation = 0) => {
    const b = new GeneralBuilder(stream(), '테스트', nation);
    Object.assign(b, { stats, bornyear: 170, deadyear: 240, npc: 4 });
    return b.fillRandom(world, [['무', 1]], averages);
  };

  it('shares the dexterity out by kind: 5/8 to one arm, or a quarter each; siege the average', () => {
    const world = smallWorld();
    // 지: intel leads strength by more than a fifth; 무지: leadership under 40 (no draw either way).
    expect(builder(world, { leadership: 70, strength: 20, intel: 80 }).dex).toEqual([0, 100, 100, 100, 500, 37]);
    expect(builder(world, { leadership: 30, strength: 80, intel: 80 }).dex).toEqual([0, 200, 200, 200, 200, 37]);
    // 무: one of footman, archer, cavalry gets 500.625 → 500.
    const warrior = builder(world, { leadership: 70, strength: 80, intel: 20 }).dex;
    expect(warrior.slice(1, 4).sort()).toEqual([100, 100, 500]);
    expect(warrior.slice(4)).toEqual([100, 37]);
  });

  it('draws the stats of the kind within the NPC limits (total 150, main 65..75, other 10..15)', () => {
    const world = smallWorld();
    for (let i = 0; i < 20; i++) {
      const b = new GeneralBuilder(streamFromSeed(TEST_SEED, 'stats', i), '테스트', 0);
      Object.assign(b, { bornyear: 170, deadyear: 240 });
      const { leadership, strength, intel } = b.fillRandom(world, [['무', 1]], averages).stats!;
      expect(leadership + strength + intel).toBe(150);
      expect(strength).toBeGreaterThanOrEqual(65);
      expect(strength).toBeLessThanOrEqual(75);
      expect(intel).toBeGreaterThanOrEqual(10);
      expect(intel).toBeLessThanOrEqual(15);
      expect(AVAILABLE_PERSONALITIES).toContain(b.personal);
    }
  });

  it('sets the speciality ages from the years to retirement, less half the years since the opening', () => {
    const world = smallWorld();
    world.env.year = 200;
    // Age 30, 10 years after the opening: max(round(50/12 − 5), 3) + 30 = 33, max(round(50/6 − 5), 3) + 30 = 33.
    expect(builder(world, { leadership: 30, strength: 80, intel: 80 })).toMatchObject({ specage: 33, specage2: 33 });
    world.env.year = 190;
    // Age 20 at the opening: 20 + 5, 20 + 10.
    expect(builder(world, { leadership: 30, strength: 80, intel: 80 })).toMatchObject({ specage: 25, specage2: 30 });
  });

  it('drops the specialities and redraws a set affinity in a fictional world', () => {
    const world = smallWorld();
    world.env.fiction = 1;
    const b = new GeneralBuilder(stream(), '테스트', 0);
    Object.assign(b, { bornyear: 170, deadyear: 240, affinity: 999, special: 'che_경작', special2: 'che_필살', personal: 'che_은둔' });
    b.fillRandom(world, [['지', 1]], averages);
    expect([b.special, b.special2]).toEqual([null, null]);
    expect(b.affinity).toBeLessThanOrEqual(150);
    expect(AVAILABLE_PERSONALITIES).toContain(b.personal);
  });

  it('builds the row as legacy inserts it: prefixed name, levels 0 and 1, 100 experience a year of age, a city of its nation', () => {
    const world = smallWorld();
    world.env.month = 5;
    const b = builder(world, { leadership: 30, strength: 80, intel: 80 }, 1);
    const clock = world.env.turntime;
    const g = b.build(world, clock);
    expect(world.generals.get(g.id)).toBe(g);
    expect(g).toMatchObject({
      name: 'ⓖ테스트', npc: 4, npcOrg: 4, nation: 1, officerLevel: 1, belong: 0, age: 20, experience: 2000, dedication: 2000, explevel: 0, dedlevel: 1,
      gold: 1000, rice: 1000, crew: 0, owner: null,
    });
    expect([1, 2]).toContain(g.city);
    expect(g.turntime).toBeGreaterThanOrEqual(clock);
    expect(g.turntime).toBeLessThan(clock + 60 * 60_000);
    // (240 − 190) × 12 + a drawn 0..11 + month − 1.
    expect(g.killturn).toBeGreaterThanOrEqual(604);
    expect(g.killturn).toBeLessThanOrEqual(615);
  });

  it('keeps a fixed killturn, city and experience, and sends a general of a fallen nation anywhere as unaffiliated', () => {
    const world = smallWorld();
    const b = builder(world, { leadership: 30, strength: 80, intel: 80 }, 9);
    Object.assign(b, { killturn: 70, experience: 123 });
    const g = b.build(world, world.env.turntime);
    expect(g).toMatchObject({ nation: 0, killturn: 70, experience: 123, dedication: 2000 });
  });
});
