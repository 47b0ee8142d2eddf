import { addGeneral, seededStreams, smallWorld } from '../testing/small-world';
import { runEvents } from './events';
import { provideTroopLeaders, TROOP_LEADERS_BY_LEVEL, troopLeaderName } from './troop-leaders';

const HOUR = 3_600_000;

describe('ProvideNPCTroopLeader', () => {
  it('keeps the legacy quota by nation level: none for a band or a level-1 nation, then 1, 3, 4, 6, 7, 9', () => {
    expect(TROOP_LEADERS_BY_LEVEL).toEqual([0, 0, 1, 3, 4, 6, 7, 9]);
  });

  it('numbers the dummies on from the last one, right-aligned in four places', () => {
    expect(troopLeaderName(1)).toBe('부대장   1');
    expect(troopLeaderName(12345)).toBe('부대장12345');
  });

  it('fills each nation up to its quota with troop-leader dummies leading troops of their own', () => {
    const world = smallWorld();
    world.nations.get(1)!.level = 3;
    world.nations.get(2)!.level = 2;
    addGeneral(world, { id: 1, npc: 5, nation: 1 });
    world.env.lastNPCTroopLeaderID = 7;
    const random = seededStreams();
    const clock = world.env.turntime + HOUR;
    provideTroopLeaders(world, random, clock);
    // Level 3 keeps 3 (one already there), level 2 keeps 1; one stream per nation short of its quota.
    expect(random.labels).toEqual(['troopLeader/190/1/1', 'troopLeader/190/1/2']);
    const made = [...world.generals.values()].filter((g) => g.id > 1);
    expect(made.map((g) => [g.id, g.nation, g.name])).toEqual([
      [2, 1, '㉥부대장   8'], [3, 1, '㉥부대장   9'], [4, 2, '㉥부대장  10'],
    ]);
    expect(world.env.lastNPCTroopLeaderID).toBe(10);
    for (const g of made) {
      expect(g).toMatchObject({
        npc: 5, leadership: 10, strength: 10, intel: 10, affinity: 999, personal: 'che_은둔', special: null, special2: null,
        specage: 999, specage2: 999, killturn: 70, gold: 0, rice: 0, experience: 2000, dedication: 2000, officerLevel: 1,
        bornyear: 170, deadyear: 250, troop: g.id, dex: [0, 0, 0, 0, 0, 0],
      });
      expect(world.cities[g.city]!.nation).toBe(g.nation);
      expect(g.turntime).toBeGreaterThanOrEqual(clock);
      expect(g.turntime).toBeLessThan(clock + HOUR);
      expect(g.queue.every((slot) => slot.action === 'che_집합')).toBe(true);
      expect(world.troops.get(g.id)).toEqual({ leader: g.id, nation: g.nation, name: g.name });
    }
    // Filled: the next month adds none and draws nothing.
    const again = seededStreams();
    provideTroopLeaders(world, again, clock);
    expect(again.labels).toEqual([]);
    expect(world.generals.size).toBe(4);
  });

  it('runs every month after UpdateNationLevel in the default table', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, officerLevel: 12 });
    world.env.month = 5;
    const steps: string[] = [];
    runEvents(world, seededStreams(), 'MONTH', undefined, (step) => steps.push(step));
    expect(steps).toEqual(['event:UpdateNationLevel', 'event:ProvideNPCTroopLeader']);
    expect([...world.generals.values()].filter((g) => g.npc === 5).map((g) => g.nation)).toEqual([1]);
  });
});
