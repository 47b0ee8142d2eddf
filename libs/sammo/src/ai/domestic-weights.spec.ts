import { addGeneral, smallWorld } from '../testing/small-world';
import type { AiSession } from './ai-session';
import { peaceDomestic, warDomestic } from './domestic-weights';

const every = { warrior: true, scholar: true, commander: true } as AiSession;

describe('AI domestic weights (§8)', () => {
  it('weighs 일반내정 by current stats and how far each city stat is from its maximum', () => {
    const world = smallWorld();
    // Current stats: L 60, S 30 + round(80/4) = 50, I 80 + round(30/4) = 88.
    const g = addGeneral(world, { id: 1, leadership: 60, strength: 30, intel: 80 });
    const weights = Object.fromEntries(peaceDomestic(world, g, world.nations.get(1)!, world.cities[1]!, every).map(([s, w]) => [s.action, w]));
    expect(weights).toEqual({
      che_주민선정: expect.closeTo(60 / (0.5 / 2 - 0.2) * 2, 6), // trust 50%
      che_정착장려: 60 / 0.25, // pop 100000 / 400000
      che_수비강화: 50 / 0.25,
      che_성벽보수: 50 / 0.25,
      che_치안강화: 50 / (0.1 / 0.8),
      che_농지개간: expect.closeTo((1.2 * 88) / 0.1, 6), // January: farms weigh 1.2
      che_상업투자: expect.closeTo((0.8 * 88) / 0.1, 6),
    });
    // Tech 1000 is level 1, the most allowed in the first five years: no research.
    world.env.year = 195;
    const eager = peaceDomestic(world, g, world.nations.get(1)!, world.cities[1]!, every).find(([s]) => s.action === 'che_기술연구')!;
    expect(eager[1]).toBe(88);
  });

  it('keeps 전쟁내정 to cities below half their maxima, lighter in front cities', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 60, strength: 30, intel: 80 });
    const city = world.cities[1]!;
    city.def = city.defMax;
    city.front = 3;
    const weights = Object.fromEntries(warDomestic(world, g, world.nations.get(1)!, city, every).map(([s, w]) => [s.action, w]));
    expect(weights.che_수비강화).toBeUndefined();
    expect(weights.che_성벽보수).toBe(50 / 0.25 / 2);
    expect(weights.che_농지개간).toBeCloseTo((1.2 * 88) / 4 / 0.1, 6);
    expect(weights.che_정착장려).toBe(60 / 0.25);
  });
});
