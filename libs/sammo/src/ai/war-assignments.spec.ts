import { streamFromSeed } from '../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../testing/small-world';
import { REST_KEY } from '../world/constants';
import { newCity } from '../state/factory';
import type { General, World } from '../world/types';
import { AiSession } from './ai-session';
import { chooseGeneralTurn } from './general-ai';
import { chooseNationTurn } from './nation-ai';
import { DEFAULT_NATION_POLICY, readPolicyChanges } from '../world/policy';

const rest = { action: REST_KEY, arg: null };
const stream = () => streamFromSeed(TEST_SEED, 'GeneralAI', 190, 1, 1);

/**
 * Nation 1 holds 1 (the capital, where the NPC ruler sits), 2 (a front city) and 4 (a rear
 * city of 300000 of 400000 people); 1 and 2 have 100000 (below half: too thin to draft from).
 * With a supplied front and no war or declaration the AI reads 전쟁 (its war target is the
 * wilderness). Treasury and purses are below every 포상/몰수 reserve, so only the assignments act.
 */
function warWorld(): { world: World; ruler: General; turn: () => ReturnType<typeof chooseNationTurn> } {
  const world = smallWorld();
  world.env.year = 194; // past the opening, when the AI reads no war
  world.env.month = 2; // no promotions
  world.cities[4] = newCity({
    id: 4, name: '라', level: 5, region: 1, neighbours: [1], pop: 300000, agri: 1000, comm: 1000, secu: 1000, def: 2000, wall: 2000,
    popMax: 400000, agriMax: 10000, commMax: 10000, secuMax: 10000, defMax: 8000, wallMax: 8000, trust: 50,
  });
  world.cities[1]!.neighbours.push(4);
  world.cities[4]!.nation = 1;
  world.cities[2]!.front = 1;
  const nation = world.nations.get(1)!;
  nation.gold = nation.rice = 0;
  const ruler = Object.assign(addGeneral(world, { id: 1, npc: 2, officerLevel: 12 }), { gold: 0, rice: 0 });
  return { world, ruler, turn: () => chooseNationTurn(world, ruler, nation, rest, stream()) };
}

/** A member (leadership 50) short of an army (crew 0) with a full purse (no 포상 owed); `state` is set after creation. */
function member(world: World, seed: { id: number; npc?: number; city: number }, state: Partial<General> = {}): General {
  return Object.assign(addGeneral(world, { leadership: 50, ...seed }), { gold: 50000, rice: 50000, crew: 0, ...state });
}

describe('nation AI 유저장후방발령 (legacy do유저장후방발령)', () => {
  it('sends a user short of an army in a thin city to a rear city that can feed a draft', () => {
    const { world, turn } = warWorld();
    member(world, { id: 2, city: 2 }, { crew: 1499 });
    expect(turn()).toEqual({ action: 'che_발령', arg: { destGeneralId: 2, destCityId: 4 } });
  });

  it('leaves an army of 1500, a troop rider, a 징병 special (drafts take nobody) and a half-full city alone', () => {
    for (const seed of [{ crew: 1500 }, { troop: 9 }, { special2: 'che_징병' }]) {
      const { world, turn } = warWorld();
      member(world, { id: 2, city: 2 }, seed);
      expect(turn()).toEqual(rest);
    }
    const { world, turn } = warWorld();
    world.cities[2]!.pop = 200000; // ratio 0.5: safe to draft from
    member(world, { id: 2, city: 2 });
    expect(turn()).toEqual(rest);
  });

  it('needs leadership × 100 + 30000 people in the destination (one below is too few)', () => {
    const { world, turn } = warWorld();
    member(world, { id: 2, city: 2 });
    // No rear city holds 35000: the supplied cities but the chief's with more than that, city 2 itself.
    world.cities[4]!.pop = 34999;
    expect(turn()).toEqual({ action: 'che_발령', arg: { destGeneralId: 2, destCityId: 2 } });
    world.cities[2]!.pop = 35000;
    expect(turn()).toEqual(rest);
  });
});

describe('nation AI NPC후방발령 (legacy doNPC후방발령)', () => {
  it('sends a war NPC to a half-full city of leadership × 100 + 50000 people', () => {
    const { world, turn } = warWorld();
    member(world, { id: 2, npc: 2, city: 2 }, { gold: 0, rice: 0 }); // nothing to confiscate
    world.cities[4]!.pop = 200000; // ratio 0.5, 200000 ≥ 55000
    expect(turn()).toEqual({ action: 'che_발령', arg: { destGeneralId: 2, destCityId: 4 } });
    world.cities[4]!.pop = 199999; // below half: NPCs are never sent to a thin city
    expect(turn()).toEqual(rest);
  });
});

describe('nation AI 전방발령 (legacy do유저장전방발령 / doNPC전방발령)', () => {
  it('sends a ready general (1500, max(train, atmos) ≥ 90, no troop) from the rear to the front, users first', () => {
    const { world, turn } = warWorld();
    member(world, { id: 2, npc: 2, city: 4 }, { crew: 1500, train: 40, atmos: 90 });
    expect(turn()).toEqual({ action: 'che_발령', arg: { destGeneralId: 2, destCityId: 2 } });
    member(world, { id: 3, npc: 0, city: 4 }, { crew: 1500, train: 90, atmos: 40 });
    expect(turn()).toEqual({ action: 'che_발령', arg: { destGeneralId: 3, destCityId: 2 } });
  });

  it('leaves one below 90 in spirits or riding a troop at home', () => {
    for (const seed of [{ train: 89, atmos: 89 }, { troop: 9 }]) {
      const { world, turn } = warWorld();
      member(world, { id: 2, city: 4 }, { crew: 1500, train: 90, atmos: 90, ...seed });
      expect(turn()).toEqual(rest);
    }
  });
});

describe('nation AI troop assignments (legacy do부대구출발령 / do부대유저장후방발령)', () => {
  it('sends a troop dummy stranded abroad to a front city', () => {
    const { world, turn } = warWorld();
    member(world, { id: 5, npc: 5, city: 3 }, { troop: 5 });
    expect(turn()).toEqual({ action: 'che_발령', arg: { destGeneralId: 5, destCityId: 2 } });
  });

  it('sends a user who drafts next and moves before his troop leader, in a thin front city, to a half-full rear city', () => {
    const { world, turn } = warWorld();
    const leader = member(world, { id: 5, npc: 5, city: 2 }, { troop: 5 });
    const rider = member(world, { id: 2, city: 2 }, { troop: 5 });
    rider.queue[0] = { action: 'che_징병', arg: { crewType: 1100, amount: 1000 } };
    rider.turntime = leader.turntime - 1;
    expect(turn()).toEqual({ action: 'che_발령', arg: { destGeneralId: 2, destCityId: 4 } });
    rider.turntime = leader.turntime; // moves with the leader: stays
    expect(turn()).toEqual(rest);
  });
});

describe('general AI do집합 (a troop dummy, npc 5)', () => {
  const dummyTurn = (nation: number) => {
    const world = smallWorld();
    const dummy = Object.assign(addGeneral(world, { id: 5, npc: 5, nation }), { troop: 5, killturn: 100 });
    const reserved = { action: 'che_훈련', arg: null };
    const ai = new AiSession(streamFromSeed(TEST_SEED, 'GeneralAI', 190, 1, 5), dummy, world.nations.get(nation), 0);
    return { dummy, reserved, chosen: chooseGeneralTurn(world, dummy, reserved, ai) };
  };

  it('gathers its troop in every slot and lives 70 + ((killturn + 2..4) mod 5) turns more', () => {
    const { dummy, chosen } = dummyTurn(1);
    expect(chosen).toEqual({ action: 'che_집합', arg: null });
    expect(dummy.queue.every((slot) => slot.action === 'che_집합')).toBe(true);
    expect([72, 73, 74]).toContain(dummy.killturn); // (100 + 2..4) mod 5 = 2..4
  });

  it('outside a nation is left to die (killturn 1) with its reserved turn', () => {
    const { dummy, reserved, chosen } = dummyTurn(0);
    expect(chosen).toBe(reserved);
    expect(dummy.killturn).toBe(1);
  });
});

describe('nation AI with the ruler\'s policy (legacy AutorunNationPolicy: forces, order, values)', () => {
  const withPolicy = (world: World, changes: object) => {
    const reading = readPolicyChanges(changes, DEFAULT_NATION_POLICY);
    if ('problem' in reading) throw new Error(reading.problem);
    world.nations.get(1)!.policy = reading.policy;
  };

  it('부대후방발령 sends a SupportForce troop in a thin city to a rear city with people to draft', () => {
    const { world, turn } = warWorld();
    member(world, { id: 5, npc: 5, city: 2 }, { troop: 5 });
    expect(turn()).toEqual(rest); // in a supplied city: no force, nothing to do
    withPolicy(world, { SupportForce: [5] });
    expect(turn()).toEqual({ action: 'che_발령', arg: { destGeneralId: 5, destCityId: 4 } });
    world.cities[2]!.pop = 200000; // half its people: stays to draft
    expect(turn()).toEqual(rest);
  });

  it('skips a force leader once assigned whose turn window is not before the chief\'s (legacy compares the current month only)', () => {
    const { world, ruler, turn } = warWorld();
    const leader = member(world, { id: 5, npc: 5, city: 2 }, { troop: 5 });
    withPolicy(world, { SupportForce: [5] });
    leader.aux.last발령 = 1;
    expect(turn()).toEqual(rest); // same 60-minute window as the chief
    ruler.turntime = leader.turntime + 60 * 60_000; // the chief's window after the leader's
    expect(turn()).toEqual(rest);
    ruler.turntime = leader.turntime - 60 * 60_000; // the leader moves after the chief this turn
    expect(turn()).toEqual({ action: 'che_발령', arg: { destGeneralId: 5, destCityId: 4 } });
  });

  it('부대구출발령 spares the forces: a stranded SupportForce troop goes to the rear, a CombatForce one gets no 발령', () => {
    const { world, turn } = warWorld();
    member(world, { id: 5, npc: 5, city: 3 }, { troop: 5 });
    withPolicy(world, { SupportForce: [5] });
    expect(turn()).toEqual({ action: 'che_발령', arg: { destGeneralId: 5, destCityId: 4 } });
    // 부대전방발령 picks a front city for it, then builds the 발령 without destGeneralID: 발령 refuses it.
    withPolicy(world, { CombatForce: { 5: [4, 3] } });
    expect(turn()).toEqual(rest);
  });

  it('tries the priorities in the policy\'s order', () => {
    const { world, turn } = warWorld();
    member(world, { id: 5, npc: 5, city: 2 }, { troop: 5 });
    member(world, { id: 2, city: 2 }, { crew: 1499 });
    withPolicy(world, { SupportForce: [5] });
    expect(turn()).toEqual({ action: 'che_발령', arg: { destGeneralId: 2, destCityId: 4 } }); // 유저장후방발령 first
    withPolicy(world, { SupportForce: [5], priority: ['부대후방발령', '유저장후방발령'] });
    expect(turn()).toEqual({ action: 'che_발령', arg: { destGeneralId: 5, destCityId: 4 } });
    withPolicy(world, { SupportForce: [5], priority: ['NPC몰수'] });
    expect(turn()).toEqual(rest);
  });

  it('reads the policy\'s values: an army of 1000 is enough with minWarCrew 1000, a city at 25 % fit to draft from with a 0.2 ratio', () => {
    for (const changes of [{ minWarCrew: 1000 }, { safeRecruitCityPopulationRatio: 0.2 }]) {
      const { world, turn } = warWorld();
      member(world, { id: 2, city: 2 }, { crew: 1499 });
      expect(turn()).toEqual({ action: 'che_발령', arg: { destGeneralId: 2, destCityId: 4 } });
      withPolicy(world, changes);
      expect(turn()).toEqual(rest);
    }
  });
});

describe('general AI with the nation\'s policy', () => {
  it('cures above the policy\'s cureThreshold (10 by default)', () => {
    const world = smallWorld();
    const g = Object.assign(addGeneral(world, { id: 3, npc: 2 }), { injury: 20 });
    const choose = () => chooseGeneralTurn(world, g, rest, new AiSession(streamFromSeed(TEST_SEED, 'GeneralAI', 190, 1, 3), g, world.nations.get(1), 0));
    expect(choose()).toEqual({ action: 'che_요양', arg: null });
    const reading = readPolicyChanges({ cureThreshold: 20 }, DEFAULT_NATION_POLICY);
    world.nations.get(1)!.policy = 'policy' in reading ? reading.policy : undefined;
    expect(choose().action).not.toBe('che_요양');
  });
});
