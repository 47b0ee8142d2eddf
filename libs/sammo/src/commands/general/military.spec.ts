import { streamFromSeed } from '../../rng/streams';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../../testing/small-world';
import type { CommandContext } from '../command';
import { conscript } from './conscript';
import { enlist } from './enlist';
import { appliedAmount, recruitCost } from './recruit';
import { drill } from './drill';
import { rally } from './rally';
import { move } from './move';

import type { World } from '../../world/types';

/** The command's own log lines: the unique-item lottery after it (its own stream) may add a find. */
const commandLines = (world: World) => world.logs.map((l) => l.text).filter((t) => !t.endsWith('습득했습니다!'));

function ctxFor(world: ReturnType<typeof smallWorld>, id: number): CommandContext {
  const general = world.generals.get(id)!;
  return {
    world, general, city: world.cities[general.city]!, nation: world.nations.get(general.nation), year: world.env.year, month: world.env.month,
    rng: streamFromSeed(TEST_SEED, 'military'),
    random: seededStreams(),
  };
}

describe('징병 / 모병 (§5.2)', () => {
  it('clamps the amount to leadership × 100 and prices it with tech', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, leadership: 50 });
    const ctx = ctxFor(world, 1);
    expect(appliedAmount(ctx, { crewType: 1100, amount: 7000 })).toBe(5000);
    expect(appliedAmount(ctx, { crewType: 1100, amount: 10 })).toBe(100);
    // tech 1000 → level 1 → ×1.15; 9 gold × 1.15 × 50 hundreds = 517.5 → 518; 모병 twice.
    expect(recruitCost(ctx, { crewType: 1100, amount: 7000 }, 1)).toEqual({ gold: 518, rice: 50 });
    expect(recruitCost(ctx, { crewType: 1100, amount: 7000 }, 2).gold).toBe(1035);
  });

  it('raises soldiers from the city and blends training on the same type', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50 });
    g.gold = 5000;
    const city = world.cities[1]!;
    conscript.run(ctxFor(world, 1), { crewType: 1100, amount: 2000 });
    expect(g.crew).toBe(2000);
    expect(g.train).toBe(40);
    expect(city.pop).toBe(98000);
    // trust − 2000 / 100000 / 1 × 100 = 48
    expect(city.trust).toBeCloseTo(48, 10);
    expect(g.dex[1]).toBe(20);
    enlist.run(ctxFor(world, 1), { crewType: 1100, amount: 2000 });
    expect(g.crew).toBe(4000);
    expect(g.train).toBe(55); // (2000×40 + 2000×70) / 4000
    expect(g.gold).toBe(5000 - 207 - 414);
    // 모병 takes half the trust for the same people (legacy: pop drawn / pop / costOffset × 100):
    // 48 − 2000 / 98000 / 2 × 100 = 46.979592, read back from the FLOAT column at six digits.
    expect(city.trust).toBe(46.9796);
    expect(city.pop).toBe(96000);
    // Legacy che_징병: the order with number_format'd soldiers ('추가' on the same type), then the
    // level it brings (ded 20 → 30품관; 40 stays there).
    expect(commandLines(world)).toEqual(['보병 2,000명을 징병했습니다.', '30품관으로 승급하여 봉록이 600으로 상승했습니다!', '보병 2,000명을 추가모병했습니다.']);
    expect(g.aux.armType).toBe(1);
    expect(g.leadershipExp).toBe(2);
  });

  it('raises siege engines in an unsupplied own city, with dex at 0.9', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50, city: 2 });
    g.gold = 5000;
    world.cities[2]!.supply = 0;
    // 정란 needs 3 years since startyear (unit set che: ReqMinRelYear 3): 190 + 3.
    world.env.year = 193;
    const ctx = ctxFor(world, 1);
    const arg = { crewType: 1500, amount: 2000 };
    // Legacy che_징병: NotBeNeutral, OccupiedCity, pop, trust, gold, rice, crew margin, crew type — no SuppliedCity.
    expect(conscript.constraints.map((c) => c(ctx, arg)).find((r) => r !== null)).toBeUndefined();
    conscript.run(ctx, arg);
    // dex = 2000/100 × 0.9 = 18; exp = ded = round(2000/100) = 20.
    expect(g.dex[5]).toBe(18);
    expect(g.experience).toBe(20);
  });
});

describe('징병 with the 징병 war special (legacy che_징병: train and atmos set, nobody drawn from the city)', () => {
  it('raises 징병 recruits at 70 and 모병 recruits at 84, and leaves the population and trust alone', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50, special2: 'che_징병' });
    g.gold = 5000;
    const city = world.cities[1]!;
    conscript.run(ctxFor(world, 1), { crewType: 1100, amount: 2000 });
    expect([g.train, g.atmos]).toEqual([70, 70]);
    expect([city.pop, city.trust]).toEqual([100000, 50]);
    g.crew = 0;
    enlist.run(ctxFor(world, 1), { crewType: 1100, amount: 2000 });
    expect([g.train, g.atmos]).toEqual([84, 84]);
    expect([city.pop, city.trust]).toEqual([100000, 50]);
  });
});

describe('징병 refusals (§5.2)', () => {
  it('asks for the gold and rice of the order: 2,000 보병 cost round(9 × 1.15 × 20) = 207 gold and 20 rice', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50 });
    const ctx = ctxFor(world, 1);
    const refusal = () => conscript.constraints.map((c) => c(ctx, { crewType: 1100, amount: 2000 })).find((r) => r !== null) ?? null;
    g.gold = 206;
    expect(refusal()).toBe('자금이 모자랍니다.');
    g.gold = 207;
    g.rice = 19;
    expect(refusal()).toBe('군량이 모자랍니다.');
    g.rice = 20;
    expect(refusal()).toBeNull();
  });

  it('refuses when the city cannot spare the people: pop < 30000 + amount', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50 });
    g.gold = 5000;
    const ctx = ctxFor(world, 1);
    const refusal = (amount: number) => conscript.constraints.map((c) => c(ctx, { crewType: 1100, amount })).find((r) => r !== null) ?? null;
    world.cities[1]!.pop = 32000;
    expect(refusal(2000)).toBeNull();
    world.cities[1]!.pop = 31999;
    expect(refusal(2000)).toBe('주민이 부족합니다.');
    // Below 100 the order counts as 100.
    world.cities[1]!.pop = 30099;
    expect(refusal(50)).toBe('주민이 부족합니다.');
  });
});

describe('징병 orders and margins (§5.2)', () => {
  it('reads a known crew type and 1 to 1,000,000 soldiers', () => {
    expect(conscript.readArg({ crewType: 1100, amount: 1_000_000 }, smallWorld())).toEqual({ crewType: 1100, amount: 1_000_000 });
    expect(() => conscript.readArg({ crewType: 9999, amount: 100 }, smallWorld())).toThrow(/unknown crew type 9999$/);
    expect(() => conscript.readArg({ crewType: 1100, amount: 0 }, smallWorld())).toThrow(/amount must be an integer from 1 to 1000000$/);
    expect(() => conscript.readArg({ crewType: 1100, amount: 1_000_001 }, smallWorld())).toThrow(/amount must be an integer from 1 to 1000000$/);
    expect(() => conscript.readArg([1100, 100], smallWorld())).toThrow(/takes an object argument$/);
  });

  it('refuses more of a type already at leadership × 100, or in a city under 20 trust', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50 });
    g.gold = 5000;
    g.crewtype = 1100;
    const ctx = ctxFor(world, 1);
    const refusal = (crewType: number) => conscript.constraints.map((c) => c(ctx, { crewType, amount: 1000 })).find((r) => r !== null) ?? null;
    g.crew = 5000;
    expect(refusal(1100)).toBe('이미 많은 병력을 보유하고 있습니다.');
    expect(refusal(1200)).toBeNull();
    g.crew = 4950;
    expect(refusal(1100)).toBeNull();
    // 50 soldiers of room: the order still raises 100 (the legacy's minimum).
    expect(appliedAmount(ctx, { crewType: 1100, amount: 1000 })).toBe(100);
    expect(appliedAmount(ctx, { crewType: 1200, amount: 1000 })).toBe(1000);
    world.cities[1]!.trust = 19.9;
    expect(refusal(1200)).toBe('민심이 낮아 주민들이 도망갑니다.');
    world.cities[1]!.trust = 20;
    expect(refusal(1200)).toBeNull();
  });
});

describe('훈련 / 사기진작 (§5.2)', () => {
  it('counts wizard and siege dex at 0.9 (legacy addDex)', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50 });
    g.crew = 2000;
    g.crewtype = 1400; // 귀병, arm type 4 (wizard)
    g.train = 40;
    g.atmos = 40;
    drill.run(ctxFor(world, 1), null);
    // score round(50×100/2000 × 30) = 75; dex 75 × 0.9 = 67.5 → 68 (integer column).
    expect(g.dex[4]).toBe(68);
    g.crewtype = 1500; // 정란, arm type 5 (siege)
    g.crew = 3000;
    rally.run(ctxFor(world, 1), null);
    // score round(5000/3000 × 30) = round(50) = 50; dex 50 × 0.9 = 45.
    expect(g.dex[5]).toBe(45);
  });

  it('scores round(L×100/crew × 30), caps the stat at 100 and gives dex the whole score', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50 });
    g.crew = 2000;
    g.crewtype = 1100;
    g.train = 40;
    g.atmos = 40;
    drill.run(ctxFor(world, 1), null);
    expect(g.train).toBe(100); // 40 + 75, capped
    expect(g.dex[1]).toBe(75);
    expect(g.experience).toBe(100);
    expect(g.dedication).toBe(70);
    rally.run(ctxFor(world, 1), null);
    expect(g.atmos).toBe(100);
    expect(g.gold).toBe(1000 - 20);
  });
});

describe('이동', () => {
  it('moves to a neighbour for develcost gold and costs morale', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    g.atmos = 22;
    const ctx = ctxFor(world, 1);
    const far = move.constraints.map((c) => c(ctx, { destCityId: 3 })).find((r) => r !== null);
    expect(far).toBe('인접도시가 아닙니다.');
    move.run(ctx, { destCityId: 2 });
    expect(g.city).toBe(2);
    expect(g.atmos).toBe(20);
    expect(g.gold).toBe(1000 - world.env.develcost);
  });
});
