import { streamFromSeed } from '../../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../../testing/small-world';
import type { CommandContext } from '../command';
import { statOf } from '../stats';
import { criticalRatios, frontDebuff } from './domestic';
import { farm } from './farm';
import { goodwill } from './goodwill';
import { research } from './research';

function ctxFor(world: ReturnType<typeof smallWorld>, id: number, label = 'farm'): CommandContext {
  const general = world.generals.get(id)!;
  return {
    world, general, city: world.cities[general.city]!, nation: world.nations.get(general.nation), year: world.env.year, month: world.env.month,
    rng: streamFromSeed(TEST_SEED, label),
  };
}

describe('domestic formula (§5.1)', () => {
  it('cross-adjusts strength and intel by a quarter of the other, after injury', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50, strength: 50, intel: 80 });
    expect(statOf(g, 'intel', true)).toBe(93); // 80 + round(12.5)
    g.injury = 20;
    expect(statOf(g, 'intel', true)).toBe(74); // 64 + round(40/4)
    expect(statOf(g, 'leadership', true)).toBe(40);
  });

  it('computes critical ratios from full stats, scaled by trust below 80', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50, strength: 50, intel: 80 });
    // L 50, S' 70, I' 93: v = 71/93 = 0.76344; fail = (v/1.2)^1.4 − 0.3; success = ((v/1.2)^1.5 − 0.25) × 50/80.
    const { fail, success } = criticalRatios(g, { stat: 'intel', trustScaled: true }, world.cities[1]!);
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

  it('runs 농지 개간 with the draws of its stream, in the documented order', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50, strength: 50, intel: 80 });
    const ctx = ctxFor(world, 1);
    const replay = streamFromSeed(TEST_SEED, 'farm');
    let score = 93 * 0.5 * replay.nextRange(0.8, 1.2);
    const pickRoll = replay.nextFloat1();
    const fail = 0.2309375;
    const success = 0.1608915;
    const pick = pickRoll <= fail ? 'fail' : pickRoll - fail <= success ? 'success' : 'normal';
    const multiplier = pick === 'success' ? replay.nextRange(2.2, 3.0) : pick === 'fail' ? replay.nextRange(0.2, 0.4) : 1;
    score = Math.round(Math.max(1, score) * multiplier);

    expect(farm.run(ctx, null)).toBe(true);
    expect(world.cities[1]!.agri).toBe(1000 + score);
    expect(g.gold).toBe(1000 - world.env.develcost);
    expect(g.experience).toBe(Math.round(score * 0.7));
    expect(g.dedication).toBe(score);
    expect(g.intelExp).toBe(1);
  });

  it('adds research to the nation divided by max(gennum, 10), and costs rice for 주민 선정', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1, intel: 80 });
    const techBefore = world.nations.get(1)!.tech;
    research.run(ctxFor(world, 1, 'r'), null);
    const gain = world.nations.get(1)!.tech - techBefore;
    expect(gain).toBeGreaterThan(0);
    expect(gain).toBeLessThan(300 / 10);

    const g = world.generals.get(1)!;
    goodwill.run(ctxFor(world, 1, 'g'), null);
    expect(g.rice).toBe(1000 - world.env.develcost * 2);
    expect(world.cities[1]!.trust).toBeGreaterThan(50);
  });

  it('refuses in a city at its maximum', () => {
    const world = smallWorld();
    addGeneral(world, { id: 1 });
    world.cities[1]!.agri = world.cities[1]!.agriMax;
    const failures = farm.constraints.map((c) => c(ctxFor(world, 1), null)).filter((r) => r !== null);
    expect(failures).toEqual(['이미 농업이 최대치입니다.']);
  });
});
