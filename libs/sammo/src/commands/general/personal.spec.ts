import { streamFromSeed } from '../../rng/streams';
import { preUpdateMonthly } from '../../monthly/pre-update';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../../testing/small-world';
import { contextFor, whyNot } from '../feasible';
import { GENERAL_COMMANDS } from '../registry';

const command = (key: string) => GENERAL_COMMANDS.get(key)!;

describe('숙련전환 (legacy che_숙련전환)', () => {
  it('gives up 40 % of the source dex, truncated, and lands 90 % of that, truncated', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    g.dex = [0, 1234, 0, 77, 0, 0];
    const ctx = { ...contextFor(world, g, streamFromSeed(TEST_SEED, 'convert')), random: seededStreams() };
    expect(whyNot(ctx, command('che_숙련전환'), { srcArmType: 1, destArmType: 3 })).toBeNull();
    command('che_숙련전환').run(ctx, { srcArmType: 1, destArmType: 3 });
    // trunc(1234 × 0.4) = 493 off; trunc(493 × 0.9) = 443 on.
    expect(g.dex).toEqual([0, 741, 0, 520, 0, 0]);
    expect([g.gold, g.rice, g.leadershipExp, g.experience]).toEqual([1000 - world.env.develcost, 1000 - world.env.develcost, 2, 10]);
    expect(world.logs.map((l) => l.text)).toContain('보병 숙련 493을 기병 숙련 443으로 전환했습니다.');
  });

  it('refuses the same arm twice, an arm out of 1..5, and a city not its own', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, city: 3 });
    const ctx = { ...contextFor(world, g, streamFromSeed(TEST_SEED, 'convert')), random: seededStreams() };
    expect(whyNot(ctx, command('che_숙련전환'), { srcArmType: 2, destArmType: 2 })).toMatch(/different arms/);
    expect(whyNot(ctx, command('che_숙련전환'), { srcArmType: 0, destArmType: 2 })).toMatch(/from 1 to 5/);
    expect(whyNot(ctx, command('che_숙련전환'), { srcArmType: 1, destArmType: 2 })).toBe('아국이 아닙니다.');
  });
});

describe('단련 (legacy che_단련)', () => {
  it('needs train and atmos of 40 and the develcost in gold and rice', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    const ctx = { ...contextFor(world, g, streamFromSeed(TEST_SEED, 'dex')), random: seededStreams() };
    g.crew = 1000;
    g.train = 39;
    g.atmos = 80;
    expect(whyNot(ctx, command('che_단련'), null)).toBe('훈련이 부족합니다.');
    g.train = 40;
    g.atmos = 39;
    expect(whyNot(ctx, command('che_단련'), null)).toBe('사기가 부족합니다.');
    g.atmos = 40;
    g.rice = world.env.develcost - 1;
    expect(whyNot(ctx, command('che_단련'), null)).not.toBeNull();
  });

  it('adds round(crew × train × atmos / 200000) times 1, 2 or 3 to the arm, and one drawn stat point', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 90, strength: 10, intel: 10 });
    Object.assign(g, { crew: 5000, train: 80, atmos: 90, crewtype: 1200 });
    const ctx = { ...contextFor(world, g, streamFromSeed(TEST_SEED, 'dex')), random: seededStreams() };
    command('che_단련').run(ctx, null);
    // round(5000 × 80 × 90 / 200000) = 180; a multiple of it lands on the 궁병 (arm 2) column.
    const gained = g.dex[2]!;
    expect([180, 360, 540]).toContain(gained);
    expect(world.logs.some((l) => l.text.endsWith(`궁병 숙련도가 ${gained} 향상되었습니다.`))).toBe(true);
    expect(g.leadershipExp + g.strengthExp + g.intelExp).toBe(1);
    // exp is crew / 400 = 12.5, rounded half away from zero into the INT column.
    expect(g.experience).toBe(13);
  });
});

describe('강행 (legacy che_강행)', () => {
  it('reaches three cities, costs 5 develcosts, and takes train and atmos down by 5 to no less than 20', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, city: 1 });
    Object.assign(g, { gold: 5000, train: 22, atmos: 60 });
    const ctx = { ...contextFor(world, g, streamFromSeed(TEST_SEED, 'march')), random: seededStreams() };
    expect(whyNot(ctx, command('che_강행'), { destCityId: 1 })).toBe('같은 도시입니다.');
    expect(whyNot(ctx, command('che_강행'), { destCityId: 3 })).toBeNull();
    command('che_강행').run(ctx, { destCityId: 3 });
    expect([g.city, g.gold, g.train, g.atmos, g.experience, g.leadershipExp]).toEqual([3, 5000 - 5 * world.env.develcost, 20, 55, 100, 1]);
  });

  it('says the city is too far past three steps (NearCity beyond one)', () => {
    const world = smallWorld();
    world.cities[3]!.neighbours = [2, 4];
    world.cities[4] = { ...world.cities[3]!, id: 4, name: '라', neighbours: [3, 5] };
    world.cities[5] = { ...world.cities[3]!, id: 5, name: '마', neighbours: [4] };
    const g = addGeneral(world, { id: 1, city: 1 });
    g.gold = 5000;
    const ctx = { ...contextFor(world, g, streamFromSeed(TEST_SEED, 'march')), random: seededStreams() };
    expect(whyNot(ctx, command('che_강행'), { destCityId: 4 })).toBeNull();
    expect(whyNot(ctx, command('che_강행'), { destCityId: 5 })).toBe('거리가 너무 멉니다.');
    expect(whyNot(ctx, command('che_이동'), { destCityId: 3 })).toBe('인접도시가 아닙니다.');
  });
});

describe('첩보 (legacy che_첩보)', () => {
  it('lets the nation see the city for three months, counted down by preUpdateMonthly', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, city: 2 });
    const ctx = { ...contextFor(world, g, streamFromSeed(TEST_SEED, 'spy')), random: seededStreams() };
    expect(whyNot(ctx, command('che_첩보'), { destCityId: 1 })).toBe('아국입니다.');
    command('che_첩보').run(ctx, { destCityId: 3 });
    const nation = world.nations.get(1)!;
    expect(nation.spy).toEqual({ 3: 3 });
    expect(world.logs.map((l) => l.text)).toContain('다의 정보를 많이 얻었습니다.');
    expect(world.logs.find((l) => l.scope === 'world')!.text).toBe('누군가가 다를 살피는 것 같습니다.');
    expect(g.experience).toBeGreaterThanOrEqual(1);
    expect(g.dedication).toBeGreaterThanOrEqual(1);
    preUpdateMonthly(world);
    preUpdateMonthly(world);
    expect(nation.spy).toEqual({ 3: 1 });
    preUpdateMonthly(world);
    expect(nation.spy).toEqual({});
  });
});

describe('내정/전투 특기 초기화 (legacy che_내정특기초기화 / che_전투특기초기화)', () => {
  it('gives the speciality up for one learnt from next year, once in 60 turns, after two turns', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    Object.assign(g, { special: 'che_경작', special2: null, age: 30 });
    const ctx = { ...contextFor(world, g, streamFromSeed(TEST_SEED, 'reset')), random: seededStreams() };
    const reset = command('che_내정특기초기화');
    expect(whyNot(ctx, command('che_전투특기초기화'), null)).toBe('특기가 없습니다.');
    expect([reset.name, reset.preTurns!(ctx, null), reset.postTurns!(ctx, null)]).toEqual(['내정 특기 초기화', 1, 60]);
    reset.run(ctx, null);
    expect([g.special, g.specage, g.aux.prev_types_special]).toEqual([null, 31, ['che_경작']]);
    expect(world.logs.map((l) => l.text)).toContain('새로운 내정 특기를 가질 준비가 되었습니다.');
  });

  it('starts the list of specialities held before again once it holds every one of the kind', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    const held = ['che_귀병', 'che_신산', 'che_환술', 'che_집중', 'che_신중', 'che_반계', 'che_보병', 'che_궁병', 'che_기병', 'che_공성'];
    Object.assign(g, { special2: 'che_필살', age: 44, aux: { prev_types_special2: held } });
    const ctx = { ...contextFor(world, g, streamFromSeed(TEST_SEED, 'reset')), random: seededStreams() };
    command('che_전투특기초기화').run(ctx, null);
    expect([g.special2, g.specage2, g.aux.prev_types_special2]).toEqual([null, 45, [...held, 'che_필살']]);
    g.special2 = 'che_척사';
    g.aux.prev_types_special2 = [...held, 'che_돌격', 'che_무쌍', 'che_견고', 'che_위압', 'che_저격', 'che_필살', 'che_징병', 'che_의술', 'che_격노'];
    command('che_전투특기초기화').run(ctx, null);
    // 19 held and the 20th now: all of the war specialities, so only the last is remembered.
    expect(g.aux.prev_types_special2).toEqual(['che_척사']);
  });
});
