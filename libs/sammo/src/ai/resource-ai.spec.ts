import { streamFromSeed } from '../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../testing/small-world';
import { REST_KEY } from '../world/constants';
import type { General } from '../world/types';
import { AiSession } from './ai-session';
import { chooseGeneralTurn } from './general-ai';

const rest = { action: REST_KEY, arg: null };
const choose = (world: ReturnType<typeof smallWorld>, g: General) =>
  chooseGeneralTurn(world, g, rest, new AiSession(streamFromSeed(TEST_SEED, 'GeneralAI', 190, 1, g.id), g, world.nations.get(g.nation), 0));

// Numbers as legacy GeneralAI computes them (the legacy differential's general-ai area checks
// the same rules on random worlds).
describe('legacy do금쌀구매', () => {
  it('buys rice with half the difference over (1 + deathRate), truncated before the command rounds it', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, npc: 2 });
    g.gold = 10000;
    g.rice = 1000;
    expect(choose(world, g)).toEqual({ action: 'che_군량매매', arg: { buyRice: true, amount: 4500 } });
    // 10 000 soldiers lost, none killed: rice counts 1.2×, (10000 − 1200) / 2.2 = 3999.99… → 3999.
    g.rank.deathcrew = 10000;
    expect(choose(world, g)).toEqual({ action: 'che_군량매매', arg: { buyRice: true, amount: 3999 } });
  });

  it('sells rice when gold is short, and trades nothing with even purses or below 1000', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, npc: 2 });
    g.gold = 500;
    g.rice = 12000;
    expect(choose(world, g)).toEqual({ action: 'che_군량매매', arg: { buyRice: false, amount: 5750 } });
    g.gold = 5000;
    g.rice = 5000;
    expect(choose(world, g).action).not.toBe('che_군량매매');
    // 2100 gold against 1000 rice would buy (2100 − 1000) / 2 = 550: under the 1000 minimum.
    g.gold = 2100;
    g.rice = 1000;
    expect(choose(world, g).action).not.toBe('che_군량매매');
  });
});

describe('legacy doNPC헌납', () => {
  it('a domestic NPC gives what it holds above its domestic stock once that is five times it and 5000', () => {
    const world = smallWorld();
    world.nations.get(1)!.rice = 20000; // the nation needs no rice
    // Leadership 30: not a commander (40), so it keeps 30 develcosts of gold (600).
    const g = addGeneral(world, { id: 1, npc: 2, leadership: 30 });
    g.gold = 5200;
    g.rice = 3000;
    expect(choose(world, g)).toEqual({ action: 'che_헌납', arg: { isGold: true, amount: 4600 } });
  });

  it('a commander keeps four default drafts of 75 leadership and gives the rest to a nation short of it', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    nation.rice = 20000;
    nation.gold = 5000;
    // 보병 at tech 1000: 776.25 gold a draft of 7500, ×4 → 3100 kept; 5200 ≥ 1.5 × 3100, p = 5200/3100 − ½ ≥ 1.
    const g = addGeneral(world, { id: 1, npc: 2, leadership: 60 });
    g.gold = 5200;
    g.rice = 3000;
    expect(choose(world, g)).toEqual({ action: 'che_헌납', arg: { isGold: true, amount: 2100 } });
    nation.gold = 10000; // the nation has its 10000: nothing to give
    expect(choose(world, g).action).not.toBe('che_헌납');
  });
});
