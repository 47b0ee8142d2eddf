import { streamFromSeed } from '../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../testing/small-world';
import { chiefTurn } from './nation-ai';
import { promoteByChief, promoteByRuler } from './promotions';

const stream = (id: number) => streamFromSeed(TEST_SEED, 'GeneralAI', 190, 3, id);

// Legacy chooseNonLordPromotion / choosePromotion read the members as categorizeNationGeneral
// sorts them: a member with 5 turns or fewer to live is a civil NPC, whoever plays it.
describe('legacy chooseNonLordPromotion', () => {
  it('draws from the civil NPCs when the only commander is about to leave', () => {
    const world = smallWorld(); // level 2: seats 9 to 12
    // The ruler is a member to its chiefs: leadership 30 keeps it out of the commanders.
    addGeneral(world, { id: 1, npc: 2, officerLevel: 12, leadership: 30 });
    const chief = addGeneral(world, { id: 2, npc: 2, officerLevel: 11 });
    // Leadership 50 but 5 turns left: civil, and fit for no seat (strength and intel 30).
    addGeneral(world, { id: 3, npc: 2, leadership: 50, strength: 30, intel: 30, killturn: 5 });
    // A civil NPC with intel 80: fit for seat 9 (odd seats need intel 65).
    const scholar = addGeneral(world, { id: 4, npc: 2, leadership: 30, intel: 80 });
    promoteByChief(chiefTurn(world, chief, world.nations.get(1)!, stream(2)));
    expect(scholar.officerLevel).toBe(9);
  });

  it('with no NPCs draws from the war users only, while there are any', () => {
    const world = smallWorld(); // level 2: seats 9 to 12
    addGeneral(world, { id: 1, officerLevel: 12 }); // a user ruler: no NPC member at all
    const chief = addGeneral(world, { id: 2, npc: 2, officerLevel: 11 });
    // Fit for both seats, but civil: it never fought.
    const civil = addGeneral(world, { id: 3, strength: 80, intel: 80 });
    // Fought this turn: a war user, fit for the strength seat (10) only.
    const fighter = addGeneral(world, { id: 4, strength: 80, intel: 30 });
    Object.assign(fighter, { belong: 5, recentWar: fighter.turntime });
    promoteByChief(chiefTurn(world, chief, world.nations.get(1)!, stream(2)));
    expect([fighter.officerLevel, civil.officerLevel]).toEqual([10, 1]);
  });
});

describe('legacy choosePromotion', () => {
  it('seats an active user at 11 first, only one with more than 5 turns to live', () => {
    const world = smallWorld();
    world.env.killturn = 5; // every user is active enough: the 5-turn rule alone decides
    const ruler = addGeneral(world, { id: 1, npc: 2, officerLevel: 12 });
    addGeneral(world, { id: 2, npc: 2, leadership: 90 });
    const leaving = addGeneral(world, { id: 3, npc: 0, leadership: 80, killturn: 5 });
    const user = addGeneral(world, { id: 4, npc: 0, leadership: 20, killturn: 6 });
    promoteByRuler(world, ruler, world.nations.get(1)!, stream(1));
    expect([user.officerLevel, leaving.officerLevel]).toEqual([11, 1]);
  });

  it('makes the users it seats 외교권자, never the NPCs', () => {
    const world = smallWorld(); // level 2: seats 9 to 12
    world.env.killturn = 5;
    const ruler = addGeneral(world, { id: 1, npc: 2, officerLevel: 12 });
    const npc = addGeneral(world, { id: 2, npc: 2, leadership: 90, strength: 80, intel: 80, killturn: 100 });
    const user = addGeneral(world, { id: 3, npc: 0, leadership: 50, killturn: 6 });
    promoteByRuler(world, ruler, world.nations.get(1)!, stream(1));
    expect([user.officerLevel, user.permission, npc.officerLevel > 1, npc.permission]).toEqual([11, 'ambassador', true, undefined]);
  });

  it('gives an active user chief it demotes the 외교권자 permission the legacy writes back with the demotion', () => {
    const quarter = (seed: number) => {
      const world = smallWorld(); // level 2: seats 9 to 12
      // Active (killturn ≥ 10 − 240 / 60) yet under the lowest seat's level: its seat may change hands.
      Object.assign(world.env, { killturn: 10, turnterm: 60 });
      const ruler = addGeneral(world, { id: 1, npc: 2, officerLevel: 12 });
      const chief = addGeneral(world, { id: 2, npc: 0, officerLevel: 10, killturn: 8, strength: 80 });
      // Strong NPCs for seat 11 and, one time in ten, seat 10.
      addGeneral(world, { id: 3, npc: 2, leadership: 90, strength: 90, intel: 90, killturn: 100 });
      addGeneral(world, { id: 4, npc: 2, leadership: 80, strength: 90, intel: 90, killturn: 100 });
      promoteByRuler(world, ruler, world.nations.get(1)!, streamFromSeed(TEST_SEED, 'GeneralAI', 190, 3, seed));
      return chief;
    };
    const kept = quarter(0);
    expect([kept.officerLevel, kept.permission]).toEqual([10, undefined]);
    let seed = 1;
    while (quarter(seed).officerLevel === 10) seed++;
    const demoted = quarter(seed);
    expect([demoted.officerLevel, demoted.permission]).toEqual([1, 'ambassador']);
  });
});
