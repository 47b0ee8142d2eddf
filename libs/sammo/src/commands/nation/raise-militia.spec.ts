import { streamFromSeed } from '../../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../../testing/small-world';
import type { General, World } from '../../world/types';
import type { CommandContext } from '../command';
import { firstFailure } from '../feasible';
import { NATION_COMMANDS } from '../registry';
import { militiaSize, raiseMilitia } from './raise-militia';

/** Nation 1's ruler (id 1) in its capital 가 with a member (id 2), nation 2's ruler (id 3); three years past the opening. */
function world3(): { world: World; ruler: General } {
  const world = smallWorld();
  world.env.year = 193;
  const ruler = addGeneral(world, { id: 1, officerLevel: 12, experience: 1000, dedication: 300 });
  const member = addGeneral(world, { id: 2, city: 2, experience: 2001, dedication: 0 });
  ruler.dex = [0, 100, 0, 0, 0, 10];
  member.dex = [0, 0, 300, 0, 0, 21];
  addGeneral(world, { id: 3, nation: 2, city: 3, officerLevel: 12 });
  for (const nation of world.nations.values()) nation.strategicCmdLimit = 0;
  return { world, ruler };
}

const ctxOf = (world: World, general: General): CommandContext => ({
  world, general, city: world.cities[general.city]!, nation: world.nations.get(general.nation), year: world.env.year, month: world.env.month,
  rng: streamFromSeed(TEST_SEED, 'nationCommand', world.env.year, world.env.month, general.id, 'che_의병모집'),
});

describe('의병모집 (legacy che_의병모집)', () => {
  it('is refused in the opening years and under the strategic wait, in the legacy order', () => {
    const { world, ruler } = world3();
    expect(NATION_COMMANDS.get('che_의병모집')).toBe(raiseMilitia);
    world.env.year = 192;
    expect(firstFailure(ctxOf(world, ruler), raiseMilitia, null)).toBe('초반 제한 중에는 불가능합니다.');
    world.nations.get(1)!.strategicCmdLimit = 3;
    expect(firstFailure(ctxOf(world, ruler), raiseMilitia, null)).toBe('전략기한이 남았습니다.');
    ruler.officerLevel = 1;
    expect(firstFailure(ctxOf(world, ruler), raiseMilitia, null)).toBe('수뇌가 아닙니다.');
  });

  it('raises 3 + round(avg gennum / 8) over the nations above level 0', () => {
    const { world } = world3();
    // gennum 2 and 1: avg 1.5 → 3 + round(0.1875) = 3; at 60 and 21: avg 40.5 → 3 + round(5.0625) = 8.
    expect(militiaSize(world)).toBe(3);
    world.nations.get(1)!.gennum = 60;
    world.nations.get(2)!.gennum = 21;
    expect(militiaSize(world)).toBe(8);
    world.nations.get(2)!.level = 0;
    expect(militiaSize(world)).toBe(3 + 8);
  });

  it('builds the militia in the chief’s city from the nation’s averages as the turn began', () => {
    const { world, ruler } = world3();
    expect(raiseMilitia.run(ctxOf(world, ruler), null)).toBe(true);
    const militia = [...world.generals.values()].filter((g) => g.npc === 4);
    expect(militia.map((g) => g.id)).toEqual([4, 5, 6]);
    expect(world.nations.get(1)!.gennum).toBe(2 + 3);
    for (const g of militia) {
      expect(g.name.startsWith('ⓖ')).toBe(true);
      // Averages of the ruler and the member before the ruler's own gain: experience 1500, dedication 150; dex total 200, siege 15.
      expect(g).toMatchObject({
        nation: 1, city: 1, officerLevel: 1, age: 20, bornyear: 173, deadyear: 203, specage: 19, specage2: 19, experience: 1500, dedication: 150,
        gold: 1000, rice: 1000, special: null, special2: null,
      });
      expect(g.killturn).toBeGreaterThanOrEqual(64);
      expect(g.killturn).toBeLessThanOrEqual(70);
      expect(g.leadership + g.strength + g.intel).toBe(150);
      expect(g.dex[5]).toBe(15);
      expect([[0, 125, 25, 25, 25, 15], [0, 25, 125, 25, 25, 15], [0, 25, 25, 125, 25, 15], [0, 25, 25, 25, 125, 15]]).toContainEqual(g.dex);
    }
    expect([ruler.experience, ruler.dedication]).toEqual([1015, 315]);
    expect(world.nations.get(1)!.strategicCmdLimit).toBe(9);
  });
});
