import type { Json } from '@chronicle/engine';
import { contextFor, feasible } from '../commands/feasible';
import { GENERAL_COMMANDS } from '../commands/registry';
import { streamFromSeed } from '../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../testing/small-world';
import type { General, World } from '../world/types';
import { neutralFallback } from './general-ai';

const ai = (gid: number) => streamFromSeed(TEST_SEED, 'GeneralAI', 190, 1, gid);
const attemptFor = (world: World, g: General) => (action: string, arg: Json = null) =>
  (feasible(contextFor(world, g, ai(g.id)), GENERAL_COMMANDS.get(action)!, arg) ? { action, arg } : null);

// Legacy GeneralAI::do중립 (GeneralAI.php l.3418–3445).
describe('GeneralAI neutral fallback (legacy do중립)', () => {
  it('sends a wanderer to 인재탐색 when it can run and !nextBool(0.8), else 견문', () => {
    const world = smallWorld();
    const wanderer = addGeneral(world, { id: 1, nation: 0, officerLevel: 0 });
    const float = ai(1).nextFloat1();
    expect(neutralFallback(wanderer, undefined, ai(1), attemptFor(world, wanderer)).action).toBe(float < 0.8 ? 'che_견문' : 'che_인재탐색');
    // Without the develcost gold 인재탐색 cannot run: 견문, and nothing is drawn.
    wanderer.gold = 0;
    const rng = ai(1);
    expect(neutralFallback(wanderer, undefined, rng, attemptFor(world, wanderer)).action).toBe('che_견문');
    expect(rng.nextFloat1()).toBe(float);
  });

  it('gives a member of a poor nation 물자조달 without a draw, else one bit between 물자조달 and 인재탐색', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    const member = addGeneral(world, { id: 2 });
    const attempt = attemptFor(world, member);
    Object.assign(nation, { gold: 10000, rice: 11999 }); // rice below reqNationRice 12000
    const rng = ai(2);
    expect(neutralFallback(member, nation, rng, attempt).action).toBe('che_물자조달');
    expect(rng.nextInt(1)).toBe(ai(2).nextInt(1));
    Object.assign(nation, { gold: 10000, rice: 12000 });
    const picks = [1, 2, 3, 4, 5, 6].map((gid) => neutralFallback(member, nation, ai(gid), attempt).action);
    expect(picks).toEqual([1, 2, 3, 4, 5, 6].map((gid) => (ai(gid).nextInt(1) === 0 ? 'che_물자조달' : 'che_인재탐색')));
    expect(new Set(picks).size).toBe(2);
  });
});
