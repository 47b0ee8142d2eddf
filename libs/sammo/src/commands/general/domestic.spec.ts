import { streamFromSeed } from '../../rng/streams';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../../testing/small-world';
import type { CommandContext } from '../command';
import { statOf } from '../../stats/stats';
import { criticalRatios, domesticCost, frontDebuff } from './domestic';
import { commerce } from './commerce';
import { farm } from './farm';
import { goodwill } from './goodwill';
import { research } from './research';
import { settle } from './settle';

import type { World } from '../../world/types';

/** The command's own log lines: the unique-item lottery after it (its own stream) may add a find. */
const commandLines = (world: World) => world.logs.map((l) => l.text).filter((t) => !t.endsWith('습득했습니다!'));

function ctxFor(world: ReturnType<typeof smallWorld>, id: number, label = 'farm'): CommandContext {
  const general = world.generals.get(id)!;
  return {
    world, general, city: world.cities[general.city]!, nation: world.nations.get(general.nation), year: world.env.year, month: world.env.month,
    rng: streamFromSeed(TEST_SEED, label),
    random: seededStreams(),
  };
}

describe('domestic formula (§5.1)', () => {
  it('cross-adjusts strength and intel by a quarter of the other, after injury', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50, strength: 50, intel: 80 });
    expect(statOf(g, 'intel', true, null, 0)).toBe(93); // 80 + round(12.5)
    g.injury = 20;
    expect(statOf(g, 'intel', true, null, 0)).toBe(74); // 64 + round(40/4)
    expect(statOf(g, 'leadership', true, null, 0)).toBe(40);
  });

  it('computes critical ratios from full stats, scaled by trust below 80', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50, strength: 50, intel: 80 });
    // L 50, S' 70, I' 93: v = 71/93 = 0.76344; fail = (v/1.2)^1.4 − 0.3; success = ((v/1.2)^1.5 − 0.25) × 50/80.
    const { fail, success } = criticalRatios(g, { stat: 'intel', trustScaled: true, target: 'agri' }, world.cities[1]!, undefined, 0);
    expect(fail).toBeCloseTo(0.23094, 4);
    expect(success).toBeCloseTo(0.16089, 4);
  });

  it('softens the front debuff in the capital during the first 25 years', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1 });
    world.env.year = world.env.startyear + 10;
    // k = (10 − 5) × 0.05 = 0.25 → 0.25 × 0.5 + 0.75
    expect(frontDebuff(ctxFor(world, 1), 0.5)).toBeCloseTo(0.875, 10);
    world.env.year = world.env.startyear + 30;
    expect(frontDebuff(ctxFor(world, 1), 0.5)).toBe(0.5);
  });

  // Draws hand-decoded from SHA-512(str(64,5a…)|str(n,label) ‖ 0), 7-byte floats (§9). The
  // general: L 50, S 50, I 80 → I' = 80 + round(50/4) = 93, S' = 70; criticals (trust 50 < 80):
  // v = 71/93 = 0.763441; fail = (v/1.2)^1.4 − 0.3 = 0.230923; success =
  // ((v/1.2)^1.5 − 0.25) × 50/80 = 0.160905; normal = 0.608172.
  it.each([
    // label, score = round(93 × 0.5 (trust) × (0.8 + 0.4 f1) × multiplier), exp = round(0.7 × score).
    // 'farm': f1 0.326619 → 43.27511; f2 0.505536 > fail, − fail = 0.274613 > success → normal → 43.
    ['farm', 43, 30, '하여', 0],
    // 'farm4': f1 0.721280 → 50.61589; f2 0.369638 − fail = 0.138715 ≤ success → success,
    // f3 0.673164 → × (2.2 + 0.8 × 0.673164) = 2.738531 → 138.613 → 139.
    ['farm4', 139, 97, '성공하여', 69.5],
    // 'farm6': f1 0.497245 → 46.44856; f2 0.181378 ≤ fail → fail, f3 0.989331 → × 0.397866 → 18.480 → 18.
    ['farm6', 18, 13, '실패하여', 0],
  ])('runs 농지 개간 on stream %s: agri +%i, exp %i, ded = score, develcost gold', (label, score, exp, verdict, critical) => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50, strength: 50, intel: 80 });
    g.aux.maxDomesticCritical = 10;
    expect(farm.run(ctxFor(world, 1, label), null)).toBe(true);
    // Legacy che_상업투자: the outcome line, then addDedication's (ded 139 is level 2, 43 and 18 level 1).
    const level = score > 100 ? '29품관으로 승급하여 봉록이 800으로' : '30품관으로 승급하여 봉록이 600으로';
    expect(commandLines(world)).toEqual([`농지 개간을 ${verdict} ${score} 상승했습니다.`, `${level} 상승했습니다!`]);
    // updateMaxDomesticCritical adds half the score to a run of successes; anything else ends the run.
    expect(g.aux.maxDomesticCritical).toBe(critical === 0 ? 0 : 10 + critical);
    expect(world.cities[1]!.agri).toBe(1000 + score);
    expect(g.gold).toBe(1000 - world.env.develcost);
    expect(g.experience).toBe(exp);
    expect(g.dedication).toBe(score);
    expect(g.intelExp).toBe(1);
  });

  it('adds research divided by max(gennum, 10), a quarter of it when the tech level is ahead of the year', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, intel: 80 });
    research.run(ctxFor(world, 1, 'r'), null);
    // Stream 'r': f1 0.941460 → 93 × 0.5 × 1.176584 = 54.71115; f2 0.463472 − 0.230923 = 0.232549
    // > 0.160905 → normal → 55. Tech 1000 is level 1 ≥ the year-0 allowance 1 → 55/4, / max(1, 10)
    // = 1.375; the FLOAT column stores 1001.375 and MeekroDB reads it back at six digits,
    // ties to even → 1001.38 (legacy-diff general-commands: tech 5469.3 for 5469.2998…).
    expect(world.nations.get(1)!.tech).toBe(1001.38);
    expect([g.experience, g.dedication]).toEqual([39, 55]); // round(38.5) = 39
  });

  it('raises trust by score/10 unrounded for 주민 선정, paid 2 × develcost rice', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, intel: 80 });
    goodwill.run(ctxFor(world, 1, 'g'), null);
    // L 50 (not trust-scaled): v = min(71/50, 1.2) = 1.2 → fail 0.5, success 0.5, normal 0.
    // Stream 'g': f1 0.192007 → 50 × 0.876803 = 43.84013; f2 0.553863 > 0.5 → success;
    // f3 0.304909 → × 2.443927 = 107.142079 (not rounded) → trust 50 + 10.7142079, which the
    // FLOAT column keeps as float32 and hands back at six digits.
    expect(world.cities[1]!.trust).toBe(60.7142);
    expect(g.rice).toBe(1000 - world.env.develcost * 2);
    expect([g.experience, g.dedication]).toEqual([75, 107]);
  });

  it('logs 주민 선정 to one decimal and 정착 장려 as people, before the levels they bring', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, intel: 80 });
    goodwill.run(ctxFor(world, 1, 'g'), null);
    // 정착 장려 on the same stream: the same success, score round(107.142) = 107 → ×10 people.
    settle.run(ctxFor(world, 1, 'g'), null);
    expect(commandLines(world)).toEqual([
      '주민 선정을 성공하여 10.7 상승했습니다.',
      '29품관으로 승급하여 봉록이 800으로 상승했습니다!',
      '정착 장려를 성공하여 주민이 1,070명 증가했습니다.',
      'Lv 1로 레벨업!',
    ]);
    expect(world.cities[1]!.pop).toBe(101070);
    expect(g.rice).toBe(1000 - 4 * world.env.develcost);
    expect(g.leadershipExp).toBe(2);
  });

  it('caps a city stat, the population and trust at their maximum', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, leadership: 50, strength: 50, intel: 80 });
    const city = world.cities[1]!;
    city.agri = city.agriMax - 10;
    farm.run(ctxFor(world, 1, 'farm'), null);
    expect(city.agri).toBe(city.agriMax);
    city.pop = city.popMax - 100;
    settle.run(ctxFor(world, 1, 'g'), null);
    expect(city.pop).toBe(city.popMax);
    city.trust = 95;
    goodwill.run(ctxFor(world, 1, 'g'), null);
    expect(city.trust).toBe(100);
  });

  it('adds research in full while the tech level is behind the year, divided by the generals past 10', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, intel: 80 });
    // Five years in, tech level 1 is below the allowance 2: the whole 55, over max(12, 10) generals.
    world.env.year = world.env.startyear + 5;
    world.nations.get(1)!.gennum = 12;
    research.run(ctxFor(world, 1, 'r'), null);
    expect(world.nations.get(1)!.tech).toBe(1004.58); // 1000 + 55/12 = 1004.583…, read back at six digits
    expect(g.gold).toBe(1000 - world.env.develcost);
  });

  it('asks for room in the city stat or trust it raises, and none for research', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1 });
    const city = world.cities[1]!;
    const refusals = (command: typeof farm) => command.constraints.map((c) => c(ctxFor(world, 1), null)).filter((r) => r !== null);
    city.trust = 100;
    city.pop = city.popMax;
    expect([refusals(goodwill), refusals(settle), refusals(research)]).toEqual([['주민 선정은 충분합니다.'], ['정착 장려는 충분합니다.'], []]);
    city.trust = 99.9;
    expect(refusals(goodwill)).toEqual([]);
  });

  it('refuses in a city at its maximum', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1 });
    world.cities[1]!.agri = world.cities[1]!.agriMax;
    const failures = farm.constraints.map((c) => c(ctxFor(world, 1), null)).filter((r) => r !== null);
    expect(failures).toEqual(['농지 개간은 충분합니다.']);
  });

  it('halves the gain in a front city that is not the capital (농지 개간 debuff 0.5)', () => {
    const gain = (front: number) => {
      const world = smallWorld();
      const g = addGeneral(world, { id: 1, city: 2 });
      g.gold = 10000;
      world.cities[2]!.front = front;
      const before = world.cities[2]!.agri;
      farm.run(ctxFor(world, 1), null);
      return world.cities[2]!.agri - before;
    };
    const plain = gain(0);
    expect(plain).toBeGreaterThan(10);
    expect(gain(1)).toBe(Math.round(plain * 0.5));
    expect(gain(3)).toBe(Math.round(plain * 0.5));
    expect(gain(2)).toBe(plain); // front 2 (a quiet border) has no debuff
  });

  it('leaves 기술 연구 whole in a front city: only the five city-stat commands carry a front debuff', () => {
    const gain = (front: number) => {
      const world = smallWorld();
      addGeneral(world, { id: 1, city: 2, intel: 80 });
      world.cities[2]!.front = front;
      research.run(ctxFor(world, 1, 'r'), null);
      return world.nations.get(1)!.tech;
    };
    // City 2 is not the capital; stream 'r' gives 55 → 1001.38 as in the test above.
    expect(gain(1)).toBe(1001.38);
    expect(gain(0)).toBe(1001.38);
  });

  it('gives a wanderer the whole front debuff: without a nation there is no capital to soften it', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, nation: 0 });
    world.env.year = world.env.startyear + 10;
    expect(frontDebuff(ctxFor(world, 1), 0.5)).toBe(0.5);
  });

  it("adds the traits' success bonus, then lowers fail so the two never pass 1 (legacy valueFit(fail, 0, 1 − success))", () => {
    const world = smallWorld();
    // L 113, S' = I' = 90 + round(22.5) = 113: v = 1 → fail (1/1.2)^1.4 − 0.3 = 0.474723, success (1/1.2)^1.5 − 0.25 = 0.510726 → 0.5;
    // 경작 (legacy che_경작: 농업 success +0.1) → 0.6, so fail stops at 0.4.
    const g = addGeneral(world, { id: 1, leadership: 113, strength: 90, intel: 90 });
    const city = world.cities[1]!;
    city.trust = 100;
    const nation = world.nations.get(1);
    const agri = { stat: 'intel', trustScaled: true, target: 'agri' } as const;
    const plain = criticalRatios(g, agri, city, nation, 0);
    expect(plain.success).toBe(0.5);
    expect(plain.fail).toBeCloseTo(0.474723, 6);
    g.special = 'che_경작';
    expect(criticalRatios(g, agri, city, nation, 0)).toEqual({ success: 0.6, fail: 0.4 });
    // 경작 is 농업's alone: 상업 keeps the plain ratios.
    expect(criticalRatios(g, { ...agri, target: 'comm' }, city, nation, 0)).toEqual(plain);
  });

  it('prices 상업 투자 and 정착 장려 through their own turn types (상재: 상업 cost ×0.8; 유가: 인구 cost ×0.8)', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    const develcost = world.env.develcost;
    expect([domesticCost(ctxFor(world, 1), 'comm'), domesticCost(ctxFor(world, 1), 'pop', 2)]).toEqual([develcost, develcost * 2]);
    g.special = 'che_상재';
    expect(domesticCost(ctxFor(world, 1), 'comm')).toBe(Math.round(develcost * 0.8));
    expect(domesticCost(ctxFor(world, 1), 'agri')).toBe(develcost);
    commerce.run(ctxFor(world, 1), null);
    expect(g.gold).toBe(1000 - Math.round(develcost * 0.8));
    world.nations.get(1)!.type = 'che_유가';
    expect(domesticCost(ctxFor(world, 1), 'pop', 2)).toBe(Math.round(develcost * 2 * 0.8));
    settle.run(ctxFor(world, 1), null);
    expect(g.rice).toBe(1000 - Math.round(develcost * 2 * 0.8));
  });

  it('logs a gain of a thousand or more with the thousands comma (legacy number_format)', () => {
    const world = smallWorld();
    // L = S = I = 255, level 100 (×1.2), trust 100 (×1), 경작 (score ×1.1): criticals 0.6 / 0.4 as above.
    const g = addGeneral(world, { id: 1, leadership: 255, strength: 255, intel: 255, experience: 100000, special: 'che_경작' });
    g.explevel = 100; // √(100000 / 10)
    world.cities[1]!.trust = 100;
    // Stream 'farm2': f1 0.853279 → 255 × 1.2 × 1.141311 × 1.1 = 384.1654; f2 0.783509 − 0.4 ≤ 0.6 →
    // success, f3 0.549891 → × 2.639913 = 1014.16 → 1014.
    farm.run(ctxFor(world, 1, 'farm2'), null);
    expect(commandLines(world)[0]).toBe('농지 개간을 성공하여 1,014 상승했습니다.');
    expect(world.cities[1]!.agri).toBe(2014);
    expect(g.dedication).toBe(1014);
  });

  it('takes no argument', () => {
    expect(farm.readArg(null, smallWorld())).toBeNull();
    expect(farm.readArg({}, smallWorld())).toBeNull();
    expect(() => farm.readArg({ amount: 1 }, smallWorld())).toThrow('farm takes no argument');
  });
});
