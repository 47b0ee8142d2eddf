import { streamFromSeed } from '../rng/streams';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../testing/small-world';
import type { CommandContext } from '../commands/command';
import { conscript } from '../commands/general/conscript';
import { criticalRatios } from '../commands/general/domestic';
import { farm } from '../commands/general/farm';
import { patrol } from '../commands/general/patrol';
import { appliedAmount, recruitCost } from '../commands/general/recruit';
import { statOf } from '../stats/stats';
import { cityIncome, wallIncome } from '../stats/income';
import { addDedication, addExperience } from '../stats/levels';
import type { World } from '../world/types';
import { modifiers, nationalIncome, populationRatio } from '../stats/chain';
import { phpRound } from '../world/php-math';

function ctxFor(world: World, id: number, label = 'traits'): CommandContext {
  const general = world.generals.get(id)!;
  return {
    world, general, city: world.cities[general.city]!, nation: world.nations.get(general.nation), year: world.env.year, month: world.env.month,
    rng: streamFromSeed(TEST_SEED, label),
    random: seededStreams(),
  };
}

describe('the trait chain (legacy order: nation type → officer → domestic special → war special → personality)', () => {
  it('folds each family over onCalcDomestic', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    nation.type = 'che_법가';
    const g = addGeneral(world, { id: 1, officerLevel: 12 });
    g.special = '경작';
    g.personal = 'che_출세';
    const t = modifiers(g, nation);
    // 농업 cost: 법가 has no 농업 entry, the ruler's bonus is score-only, 경작 ×0.8 → 80.
    expect(t.domestic('농업', 'cost', 100)).toBeCloseTo(80, 10);
    // 농업 score: ruler (12) ×1.05 = 105, then 경작 ×1.1 = 115.5.
    expect(t.domestic('농업', 'score', 100)).toBeCloseTo(115.5, 10);
    // 농업 success: 경작 +0.1.
    expect(t.domestic('농업', 'success', 0.2)).toBeCloseTo(0.3, 10);
    // 치안 score: 법가 ×1.1 = 110, ruler ×1.05 = 115.5 (경작 does not touch 치안); cost 법가 ×0.8.
    expect(t.domestic('치안', 'score', 100)).toBeCloseTo(115.5, 10);
    expect(t.domestic('치안', 'cost', 100)).toBeCloseTo(80, 10);
    // 민심/인구: 법가 ×0.9 score, ×1.2 cost; the ruler's +5% applies to 민심 too: 100×0.9×1.05 = 94.5.
    expect(t.domestic('민심', 'score', 100)).toBeCloseTo(94.5, 10);
    expect(t.domestic('인구', 'cost', 100)).toBeCloseTo(120, 10);
    // 징병 cost: only 출세 (×1.2).
    expect(t.domestic('징병', 'cost', 100)).toBeCloseTo(120, 10);
    // Leadership: the ruler of a level-2 nation gets 2 × 2 = +4; experience ×1.1 from 출세.
    expect(t.stat('leadership', 50, 0)).toBe(54);
    expect(t.stat('experience', 100, 0)).toBeCloseTo(110, 10);
  });

  it('re-resolves in place when a general changes, and shares the object', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    const g = addGeneral(world, { id: 1, officerLevel: 4 });
    g.officerCity = 2; // a 태수 of city 2 standing in city 1 counts as an ordinary member
    const t = modifiers(g, nation);
    expect(t.domestic('수비', 'score', 100)).toBe(100);
    g.officerCity = 1; // in the city they govern: level 4 has +5% on 수비/성벽/치안
    expect(modifiers(g, nation)).toBe(t);
    expect(t.domestic('수비', 'score', 100)).toBeCloseTo(105, 10);
    // Officers 2..4 have no leadership bonus; 5..11 get the nation level (2).
    expect(t.stat('leadership', 50, 0)).toBe(50);
    g.officerLevel = 5;
    expect(modifiers(g, nation).stat('leadership', 50, 0)).toBe(52);
    g.special2 = '징병'; // the war special has no 'cost' hook (che_징병.php)
    g.personal = '안전'; // 안전 takes 20 % off: 100 × 0.8 = 80
    expect(modifiers(g, nation).domestic('모병', 'cost', 100)).toBeCloseTo(80, 10);
  });

  it('leaves unknown and missing traits as identity', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    g.special2 = '무쌍'; // a war special with no domestic hook
    g.personal = null;
    const t = modifiers(g, undefined);
    expect(t.domestic('농업', 'score', 100)).toBe(100);
    expect(t.domestic('징병', 'cost', 100)).toBe(100);
    expect(t.stat('experience', 100, 0)).toBe(100);
  });
});

describe('trait hooks at the call sites of the game', () => {
  // L 5, S 5, I 100: intel = 100 + round(5/4) = 101, strength = 5 + round(100/4) = 30;
  // v = mean(5, 30, 101)/101 = 0.449; fail = (0.374)^1.4 − 0.3 < 0, success = (0.374)^1.5 − 0.25 < 0:
  // no critical, so the single nextRange(0.8, 1.2) is the only thing the score depends on.
  function farmer(world: World, type: string) {
    world.nations.get(1)!.type = type;
    const g = addGeneral(world, { id: 1, leadership: 5, strength: 5, intel: 100 });
    g.gold = 10000;
    return g;
  }

  it('농지개간: 유가 scores ×1.1 and pays ×0.8', () => {
    const r = streamFromSeed(TEST_SEED, 'traits').nextRange(0.8, 1.2); // the command's first draw
    // s = 101 × max(trust 50, 50)/100 × (1 + 0/500) × r = 50.5 r
    const plain = smallWorld();
    farmer(plain, 'che_중립');
    const before = plain.cities[1]!.agri;
    farm.run(ctxFor(plain, 1), null);
    expect(plain.cities[1]!.agri - before).toBe(phpRound(50.5 * r));
    expect(plain.generals.get(1)!.gold).toBe(10000 - phpRound(plain.env.develcost));

    const confucian = smallWorld();
    const g = farmer(confucian, 'che_유가');
    farm.run(ctxFor(confucian, 1), null);
    expect(confucian.cities[1]!.agri - before).toBe(phpRound(50.5 * r * 1.1));
    expect(g.gold).toBe(10000 - phpRound(confucian.env.develcost * 0.8));
    // exp = round(s₀ × 0.7), ded = round(s₀) with s₀ the score after the (absent) critical.
    expect(g.experience).toBe(phpRound(phpRound(50.5 * r * 1.1) * 0.7));
    expect(g.dedication).toBe(phpRound(50.5 * r * 1.1));
  });

  it('농지개간: a 출세 general earns 10 % more experience, the same dedication', () => {
    const r = streamFromSeed(TEST_SEED, 'traits').nextRange(0.8, 1.2);
    const world = smallWorld();
    const g = farmer(world, 'che_중립');
    g.personal = '출세';
    farm.run(ctxFor(world, 1), null);
    const s0 = phpRound(50.5 * r);
    expect(g.experience).toBe(phpRound(s0 * 0.7 * 1.1));
    expect(g.dedication).toBe(s0);
  });

  it('치안강화: a 법가 nation pays 80 % of develcost', () => {
    const world = smallWorld();
    world.nations.get(1)!.type = 'che_법가';
    const g = addGeneral(world, { id: 1 });
    g.gold = 10000;
    patrol.run(ctxFor(world, 1), null);
    expect(g.gold).toBe(10000 - phpRound(world.env.develcost * 0.8));
  });

  it('criticals: 경작 adds 10 %p to the 농지개간 success rate', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 }); // L = 50, S = I = 63 → v = 58.67/63 = 0.931
    const spec = { stat: 'intel', trustScaled: true, target: 'agri' } as const;
    const plain = criticalRatios(g, spec, world.cities[1]!, world.nations.get(1), 0);
    g.special = '경작';
    const skilled = criticalRatios(g, spec, world.cities[1]!, world.nations.get(1), 0);
    // success = ((0.931/1.2)^1.5 − 0.25) × 50/80 before the hook, then +0.1.
    expect(plain.success).toBeCloseTo(((58.666666666666664 / 63 / 1.2) ** 1.5 - 0.25) * (50 / 80), 10);
    expect(skilled.success).toBeCloseTo(plain.success + 0.1, 10);
    expect(skilled.fail).toBeCloseTo(plain.fail, 10);
  });

  it('징병: the ruler and the 징병 special lead more, 안전 cuts the gold', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50, officerLevel: 12 });
    g.special2 = '징병';
    g.personal = '안전';
    const ctx = ctxFor(world, 1);
    // Leadership 50 + 2 × nation level 2 + 25 % of the base 50 (che_징병 onCalcStat) = 66.5 → room for 6600.
    expect(statOf(g, 'leadership', true, ctx.nation, 0)).toBe(66.5);
    expect(appliedAmount(ctx, { crewType: 1100, amount: 7000 })).toBe(6600);
    // 9 gold × 1.15 (tech level 1) × 66 hundreds = 683.1 × 0.8 (안전) = 546.48 → 546 (the
    // special leaves the cost alone); 모병 doubles after the hooks: 1092.96 → 1093. Rice: 66.
    expect(recruitCost(ctx, { crewType: 1100, amount: 7000 }, 1)).toEqual({ gold: 546, rice: 66 });
    expect(recruitCost(ctx, { crewType: 1100, amount: 7000 }, 2).gold).toBe(1093);
    g.gold = 5000;
    const city = ctx.city;
    const [pop, trust] = [city.pop, city.trust];
    conscript.run(ctx, { crewType: 1100, amount: 7000 });
    expect(g.crew).toBe(6600);
    expect(g.gold).toBe(5000 - 546);
    // 징병 recruits arrive at 70/70 (모병: 84/84) and take nobody from the city.
    expect([g.train, g.atmos]).toEqual([70, 70]);
    expect([city.pop, city.trust]).toEqual([pop, trust]);
    expect(modifiers(g, ctx.nation).domestic('모병', 'train', 70)).toBe(84);
  });

  it('징병: 의협 and 패권 pay 20 % more', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50 });
    g.personal = '의협';
    // 9 × 1.15 × 50 = 517.5 × 1.2 = 621.
    expect(recruitCost(ctxFor(world, 1), { crewType: 1100, amount: 7000 }, 1).gold).toBe(621);
  });

  it('은둔 earns 90 % of experience and dedication; traits: false skips it', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    g.personal = '은둔';
    addExperience(g, 100);
    addDedication(g, 100);
    expect([g.experience, g.dedication]).toEqual([90, 90]);
    addExperience(g, 100, false);
    expect(g.experience).toBe(190);
  });
});

describe('onCalcNationalIncome (nation type only)', () => {
  it('법가 collects 10 % more gold, the float rounded by the caller as the legacy does', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    nation.type = 'che_법가';
    // Capital 가: 250 × 1.01 × (1 + 1/6) = 294.583 → × 1.1 = 324.04 → 324 (중립: 295).
    expect(cityIncome(world.cities[1]!, nation, 'gold', 0)).toBe(324);
    // Rice is untouched by 법가: 295.
    expect(cityIncome(world.cities[1]!, nation, 'rice', 0)).toBe(295);
  });

  it('유가 collects 10 % less rice, walls included', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    nation.type = '유가'; // labels are accepted as well as keys
    // 294.583 × 0.9 = 265.125 → 265.
    expect(cityIncome(world.cities[1]!, nation, 'rice', 0)).toBe(265);
    // Walls: 2000 × 2000/8000/3 × 1.01 × 7/6 = 196.39 → × 0.9 = 176.75 → Util::round 177
    // (func_time_event.php l.136 rounds the untyped float the hook returns).
    expect(wallIncome(world.cities[1]!, nation, 0)).toBe(177);
    expect(nationalIncome(nation, 'gold', 100.4)).toBe(100.4); // no gold hook: left to the caller's round
  });

  it('scales the semi-annual population ratio (덕가 ×1.2, 법가 ×0.8)', () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    nation.type = 'che_덕가';
    // rate 20: (30 − 20)/200 = 0.05 → 0.06.
    expect(populationRatio(nation, 0.05)).toBeCloseTo(0.06, 12);
    nation.type = 'che_법가';
    expect(populationRatio(nation, 0.05)).toBeCloseTo(0.04, 12);
    // Only a positive ratio is scaled (`$amount > 0` in every type): rate 50 gives −0.1 as is.
    expect(populationRatio(nation, -0.1)).toBe(-0.1);
  });

  it("병가's hook is declared :int, so PHP truncates every income and the population ratio", () => {
    const world = smallWorld();
    const nation = world.nations.get(1)!;
    nation.type = 'che_병가';
    // 294.583 → (int) 294, where 중립 rounds to 295.
    expect(cityIncome(world.cities[1]!, nation, 'gold', 0)).toBe(294);
    expect(populationRatio(nation, 0.05)).toBe(0);
    expect(populationRatio(nation, -0.1) === 0).toBe(true);
  });

  it('법가 on 6063.75 gold gives 6064, not the truncated 6063 (§13.1 item 9)', () => {
    const nation = smallWorld().nations.get(1)!;
    nation.type = 'che_법가';
    expect(phpRound(nationalIncome(nation, 'gold', 5512.5))).toBe(6064);
  });
});
