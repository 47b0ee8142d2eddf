import { streamFromSeed } from '../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../testing/small-world';
import { neutralFallback } from './general-ai';

// Draws decoded with an independent script (Python hashlib): block 0 of the stream is
// SHA-512("str(64,5a…)|str(9,GeneralAI)|int(190)|int(1)|int(gid)" ‖ 00000000), read byte by
// byte; nextInt(2) takes 2 bits of a byte, redrawn while above 2.
describe('GeneralAI neutral fallback (legacy do중립)', () => {
  it('sends wanderers sightseeing and members to 물자조달 (twice listed when both stocks are low) or 인재탐색', () => {
    const world = smallWorld();
    const wanderer = addGeneral(world, { id: 1, nation: 0, officerLevel: 0 });
    const ai = (gid: number) => streamFromSeed(TEST_SEED, 'GeneralAI', 190, 1, gid);
    expect(neutralFallback(wanderer, undefined, ai(1)).action).toBe('che_견문');
    const nation = world.nations.get(1)!;
    const member = addGeneral(world, { id: 2 });
    // Rich nation (10000 each, not below reqNationGold 10000): only 인재탐색, no draw.
    expect(neutralFallback(member, nation, ai(2)).action).toBe('che_인재탐색');
    nation.gold = 9999;
    nation.rice = 9999;
    // [물자조달, 물자조달, 인재탐색]: nextInt(2), 2 bits. GeneralAI gid 1: ba → 2 → 인재탐색;
    // gid 3: b8 → 0 → 물자조달; gid 2: d7 → 3 (redrawn), 39 → 1 → 물자조달.
    expect(neutralFallback(member, nation, ai(1)).action).toBe('che_인재탐색');
    expect(neutralFallback(member, nation, ai(3)).action).toBe('che_물자조달');
    expect(neutralFallback(member, nation, ai(2)).action).toBe('che_물자조달');
  });
});
