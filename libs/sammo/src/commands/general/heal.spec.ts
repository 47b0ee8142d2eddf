import { streamFromSeed } from '../../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../../testing/small-world';
import { contextFor, feasible } from '../feasible';
import { GENERAL_COMMANDS } from '../registry';
import { heal } from './heal';

describe('요양 (legacy che_요양)', () => {
  it('heals the whole injury for exp 10 and ded 7, anywhere, at no cost', () => {
    const world = smallWorld();
    // A wanderer: legacy che_요양 has no condition at all.
    const g = addGeneral(world, { id: 1, nation: 0, officerLevel: 0 });
    g.injury = 45;
    g.experience = 95;
    const ctx = contextFor(world, g, streamFromSeed(TEST_SEED, 'heal'));
    expect(GENERAL_COMMANDS.get('che_요양')).toBe(heal);
    expect(feasible(ctx, heal, null)).toBe(true);
    heal.run(ctx, null);
    expect(g.injury).toBe(0);
    // exp 95 + 10 = 105 → explevel trunc(105/100) = 1; ded 0 + 7.
    expect([g.experience, g.explevel, g.dedication]).toEqual([105, 1, 7]);
    expect([g.gold, g.rice]).toEqual([1000, 1000]);
  });
});
