import { raiseBand } from '../commands/general/raise-band';
import { contextFor } from '../commands/feasible';
import { streamFromSeed } from '../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../testing/small-world';
import { REST_SLOT } from '../world/queries';
import type { World } from '../world/types';
import { AiSession } from './ai-session';
import { chooseGeneralTurn } from './general-ai';

/** smallWorld with a free small city 라 (4) beyond 다 (3). */
function withFreeCity(): World {
  const world = smallWorld();
  world.cities[4] = { ...world.cities[3]!, id: 4, name: '라', nation: 0, neighbours: [3], conflict: [] };
  world.cities[3]!.neighbours = [2, 4];
  return world;
}

const turn = (world: World, id: number) => {
  const g = world.generals.get(id)!;
  return chooseGeneralTurn(world, g, REST_SLOT, new AiSession(streamFromSeed(TEST_SEED, 'GeneralAI', world.env.year, world.env.month, id), g, null, 0));
};

describe('NPC founding (legacy do거병, do건국, do방랑군이동)', () => {
  it('a wandering NPC ruler with a follower founds a nation in the free small city it stands in', () => {
    const world = withFreeCity();
    const ruler = addGeneral(world, { id: 1, npc: 2, nation: 0, city: 4, officerLevel: 0, leadership: 70, strength: 70, intel: 70 });
    raiseBand.run(contextFor(world, ruler, streamFromSeed(TEST_SEED, 'x')), null);
    addGeneral(world, { id: 2, npc: 2, nation: ruler.nation, city: 4 });
    const slot = turn(world, 1);
    expect(slot.action).toBe('che_건국');
    expect(slot.arg).toMatchObject({ nationName: `㉿${ruler.name.slice(1)}` });
    expect((slot.arg as { nationType: string }).nationType).toMatch(/^che_/);
  });

  it('a wandering NPC ruler elsewhere marches towards a free small city', () => {
    const world = withFreeCity();
    const ruler = addGeneral(world, { id: 1, npc: 2, nation: 0, city: 3, officerLevel: 0 });
    ruler.gold = 1000;
    raiseBand.run(contextFor(world, ruler, streamFromSeed(TEST_SEED, 'x')), null);
    const slot = turn(world, 1);
    expect(slot).toEqual({ action: 'che_이동', arg: { destCityId: 4 } });
    expect(ruler.aux.movingTargetCityID).toBe(4);
  });

  it('only a free unaffiliated type-2 NPC raises a band', () => {
    const world = withFreeCity();
    const busy = addGeneral(world, { id: 1, npc: 2, nation: 0, city: 4, officerLevel: 0, leadership: 80, strength: 80, intel: 80 });
    busy.makelimit = 12;
    const talent = addGeneral(world, { id: 2, npc: 3, nation: 0, city: 4, officerLevel: 0, leadership: 80, strength: 80, intel: 80 });
    const free = addGeneral(world, { id: 3, npc: 2, nation: 0, city: 4, officerLevel: 0, leadership: 80, strength: 80, intel: 80 });
    let raised = 0;
    for (let month = 1; month <= 600; month++) {
      world.env.month = month;
      expect(turn(world, busy.id).action).not.toBe('che_거병');
      expect(turn(world, talent.id).action).not.toBe('che_거병');
      if (turn(world, free.id).action === 'che_거병') raised += 1;
    }
    // p = 0.0075 × 3 in the first years once the stat draw passes (mean stat 80 > 72.5 always).
    expect(raised).toBeGreaterThan(3);
    expect(raised).toBeLessThan(40);
  });
});
