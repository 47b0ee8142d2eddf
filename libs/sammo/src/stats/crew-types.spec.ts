import { InvalidGame } from '@chronicle/engine';
import unitSetJson from '../../data/unitset-che.json';
import { defaultDraft } from '../ai/nation-policy';
import { streamFromSeed } from '../rng/streams';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../testing/small-world';
import { readWorld, writeWorld } from '../state/serialize';
import type { CommandContext } from '../commands/command';
import { CREW_TYPES, crewTypeOf, crewTypesOfArm, pickScore, readUnitSet, riceWithTech } from './crew-types';
import { conscript } from '../commands/general/conscript';
import { enlist } from '../commands/general/enlist';
import { availableCrewType, recruitCost } from '../commands/general/recruit';

function ctxFor(world: ReturnType<typeof smallWorld>, id: number): CommandContext {
  const general = world.generals.get(id)!;
  return {
    world, general, city: world.cities[general.city]!, nation: world.nations.get(general.nation), year: world.env.year, month: world.env.month,
    rng: streamFromSeed(TEST_SEED, 'crew-types'),
    random: seededStreams(),
  };
}

const firstRefusal = (ctx: CommandContext, arg: { crewType: number; amount: number }) =>
  conscript.constraints.map((c) => c(ctx, arg)).find((r) => r !== null) ?? null;

describe('the che unit set (data/unitset-che.json)', () => {
  it('holds every che crew type with its legacy figures', () => {
    // unitset_che.json: 성벽 + 7 footmen (1100–1106) + 5 archers (1200–1204) + 8 cavalry
    // (1300–1307) + 9 wizards (1400–1408) + 4 siege (1500–1503) = 34.
    expect(CREW_TYPES).toHaveLength(34);
    expect(crewTypesOfArm(1).map((t) => t.id)).toEqual([1100, 1101, 1102, 1103, 1104, 1105, 1106]);
    expect(crewTypesOfArm(4)).toHaveLength(9);
    expect(crewTypeOf(1301)).toMatchObject({
      key: 'whiteHorse', name: '백마병', armType: 3, attack: 200, defence: 100, speed: 7, avoid: 5, magicCoef: 0,
      cost: 12, rice: 13, reqTech: 1000, reqCities: [], reqRegions: ['하북'], reqMinRelYear: 0,
    });
    expect(crewTypeOf(1406)).toMatchObject({ name: '황귀병', armType: 4, magicCoef: 0.8, cost: 13, rice: 10, reqTech: 3000, reqCities: ['낙양'] });
    expect(crewTypeOf(1500)).toMatchObject({ name: '정란', armType: 5, cost: 14, rice: 5, reqTech: 0, reqMinRelYear: 3 });
    expect(crewTypeOf(1000)).toMatchObject({ name: '성벽', armType: 0, impossible: true });
  });

  it('refuses data it cannot use with InvalidGame', () => {
    const broken = (edit: (d: { crewTypes: Record<string, unknown>[]; [k: string]: unknown }) => void) => {
      const d = JSON.parse(JSON.stringify(unitSetJson));
      edit(d);
      return () => readUnitSet(d);
    };
    expect(() => readUnitSet(unitSetJson)).not.toThrow();
    expect(broken((d) => (d.crewTypes[1]!.armType = 'dragon'))).toThrow(InvalidGame);
    expect(broken((d) => (d.crewTypes[2]!.id = 1100))).toThrow(/repeated/);
    expect(broken((d) => (d.crewTypes[2]!.reqRegions = ['강남']))).toThrow(/unknown region/);
    expect(broken((d) => (d.crewTypes[2]!.cost = -1))).toThrow(InvalidGame);
    expect(broken((d) => (d.crewTypes[2]!.avoid = 150))).toThrow(InvalidGame);
    expect(broken((d) => delete d.crewTypes[2]!.rice)).toThrow(InvalidGame);
    expect(broken((d) => (d.defaultCrewType = 1301))).toThrow(/anyone may raise/);
  });

  it('refuses a stored general whose crew type the set lacks', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1 }).crewtype = 1307;
    expect(() => readWorld(writeWorld(world))).not.toThrow();
    world.generals.get(1)!.crewtype = 1600;
    expect(() => readWorld(writeWorld(world))).toThrow(/unknown crew type 1600/);
  });
});

describe('징병 / 모병 with the che unit set (§5.2)', () => {
  it('prices 1,000 백마병 at tech 3,500: gold with techCost, rice per 100 soldiers', () => {
    const world = smallWorld(); // cities 1 and 2 of nation 1 lie in region 1 = 하북
    world.nations.get(1)!.tech = 3500;
    const g = addGeneral(world, { id: 1, leadership: 50 });
    const ctx = ctxFor(world, 1);
    const arg = { crewType: 1301, amount: 1000 };
    // techLevel floor(3500/1000) = 3 → techCost 1 + 3×0.15 = 1.45; 백마병 cost 12 per 100:
    // gold = round(12 × 1.45 × 1000/100) = round(174) = 174; rice = round(1000/100) = 10
    // (§5.2 charges rice per soldier, not the unit's battle rice 13). 모병 (costOffset 2): 348.
    expect(recruitCost(ctx, arg, 1)).toEqual({ gold: 174, rice: 10 });
    expect(recruitCost(ctx, arg, 2)).toEqual({ gold: 348, rice: 10 });
    expect(firstRefusal(ctx, arg)).toBeNull();
    conscript.run(ctx, arg);
    // gold 1000 (default) − 174; rice 1000 − 10; cavalry dex +1000/100 = 10; 40/40.
    expect([g.gold, g.rice, g.crewtype, g.crew, g.dex[3], g.train]).toEqual([826, 990, 1301, 1000, 10, 40]);
    enlist.run(ctxFor(world, 1), arg);
    expect(g.gold).toBe(826 - 348);
  });

  it('prices the basic types by their own cost: 1,000 궁병 at tech 0 is 100 gold, 1,000 정란 140', () => {
    const world = smallWorld();
    world.nations.get(1)!.tech = 0;
    addGeneral(world, { id: 1, leadership: 50 });
    const ctx = ctxFor(world, 1);
    // techCost 1; 궁병 cost 10: 10 × 1 × 10 = 100; 정란 cost 14: 14 × 10 = 140.
    expect(recruitCost(ctx, { crewType: 1200, amount: 1000 }, 1).gold).toBe(100);
    expect(recruitCost(ctx, { crewType: 1500, amount: 1000 }, 1).gold).toBe(140);
  });

  it('refuses a type outside its region, below its tech, without its city or before its year', () => {
    const world = smallWorld(); // nation 1 (tech 1000) holds 가, 나 in 하북; nation 2 holds 다
    addGeneral(world, { id: 1, leadership: 50 });
    const ctx = ctxFor(world, 1);
    const refused = (crewType: number) => availableCrewType(ctx, { crewType, amount: 1000 });
    expect(refused(1100)).toBeNull();
    expect(refused(1301)).toBeNull(); // 백마병: tech 1000 ≥ 1000 and 하북 held
    // 청주병 needs a city in 중원 (region 2).
    expect(refused(1101)).toBe('현재 선택할 수 없는 병종입니다. (청주병: 중원 지역 소유시 가능)');
    expect(firstRefusal(ctx, { crewType: 1101, amount: 1000 })).toBe('현재 선택할 수 없는 병종입니다. (청주병: 중원 지역 소유시 가능)');
    world.cities[2]!.region = 2;
    expect(refused(1101)).toBeNull();
    // 근위병 needs tech 3000 and 낙양 owned.
    expect(refused(1104)).toBe('현재 선택할 수 없는 병종입니다. (근위병: 기술력 3000 이상 필요)');
    world.nations.get(1)!.tech = 3000;
    expect(refused(1104)).toBe('현재 선택할 수 없는 병종입니다. (근위병: 낙양 소유시 가능)');
    world.cities[3]!.name = '낙양'; // held by nation 2: still refused
    expect(refused(1104)).toBe('현재 선택할 수 없는 병종입니다. (근위병: 낙양 소유시 가능)');
    world.cities[3]!.nation = 1;
    expect(refused(1104)).toBeNull();
    // 정란: 3 years after startyear 190; 성벽 never.
    expect(refused(1500)).toBe('현재 선택할 수 없는 병종입니다. (정란: 3년 경과 후 사용 가능)');
    world.env.year = 193;
    expect(refused(1500)).toBeNull();
    expect(refused(1000)).toBe('현재 선택할 수 없는 병종입니다. (성벽: 생성할 수 없습니다)');
  });
});

describe('AI and nation-AI pricing on the che unit set', () => {
  it('weighs crew types by legacy pickScore', () => {
    // (armperphase 500 + attack + defence + techLevel×25×2) × (1 + speed/2) / max(1 − avoid/100, 0.1) × (1 + magicCoef/2)
    // 기병 at tech 1000: (500 + 150 + 100 + 50) × 4.5 / 0.95 = 3600/0.95 ≈ 3789.47
    expect(pickScore(crewTypeOf(1300)!, 1000)).toBeCloseTo(3600 / 0.95, 9);
    // 귀병 at tech 0: (500 + 80 + 80) × 4.5 / 0.95 × 1.25 = 3712.5/0.95 ≈ 3907.89
    expect(pickScore(crewTypeOf(1400)!, 0)).toBeCloseTo(3712.5 / 0.95, 9);
  });

  it('prices the default draft (보병) and a type’s battle rice with techCost', () => {
    // 75 leadership at tech 1000 (×1.15): gold 9 × 1.15 × 75 = 776.25, rice 9 × 1.15 × 75 = 776.25.
    const [gold, rice] = defaultDraft(1000, 75);
    expect(gold).toBeCloseTo(776.25, 9);
    expect(rice).toBeCloseTo(776.25, 9);
    // 정란 rice 5 at tech 2000 (×1.3), 6,000 soldiers: 5 × 1.3 × 60 = 390.
    expect(riceWithTech(crewTypeOf(1500)!, 2000, 6000)).toBeCloseTo(390, 9);
  });
});
