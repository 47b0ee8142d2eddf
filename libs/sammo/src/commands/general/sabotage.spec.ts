import { streamFromSeed } from '../../rng/streams';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../../testing/small-world';
import { generalHolder } from '../../turn/general-turn';
import { processCommand } from '../../turn/process-command';
import { Diplo } from '../../world/constants';
import type { General, World } from '../../world/types';
import type { CommandContext } from '../command';
import { GENERAL_COMMANDS } from '../registry';

/** A schemer of nation 1 in 나 (2), next to 다 (3) of nation 2, in 193. */
function schemer(): { world: World; g: General } {
  const world = smallWorld();
  world.env.year = 193;
  const g = addGeneral(world, { id: 1, npc: 2, city: 2, leadership: 150, strength: 150, intel: 150 });
  g.gold = g.rice = 10000;
  return { world, g };
}

function run(world: World, g: General, key: string) {
  const random = seededStreams();
  const ctx: CommandContext = {
    world, general: g, city: world.cities[g.city]!, nation: world.nations.get(g.nation), year: world.env.year, month: world.env.month,
    rng: random.stream('generalCommand', world.env.year, world.env.month, g.id, key), random,
  };
  return processCommand(ctx, generalHolder(g), GENERAL_COMMANDS.get(key)!, { destCityId: 3 });
}

describe('sabotage (§5.3: 화계, 선동, 파괴, 탈취)', () => {
  it('화계 at the 0.5 cap: the draws of legacy, in order — success bit, injuries, damages, exp and ded', () => {
    const { world, g } = schemer();
    const victim = addGeneral(world, { id: 2, npc: 2, nation: 2, city: 3, intel: 10 });
    Object.assign(victim, { crew: 1000, atmos: 100, train: 100 });
    const city = world.cities[3]!;
    const before = { agri: city.agri, comm: city.comm, gold: g.gold, exp: g.experience };
    // p = 0.35 + attack − defence: intel 150 + round(150/4) = 188 → 0.627; defence: the best
    // intel in 다, 10 + round(50/4) = 23 → 0.077, (log2(1 + 1) − 1.25) × 0.04 = −0.01, security
    // 1000/10000/5 = 0.02, supplied 0.1 → 0.187; p ≈ 0.79, capped at 0.5: one bit.
    const rng = streamFromSeed(TEST_SEED, 'generalCommand', 193, 1, 1, 'che_화계');
    const success = rng.nextBool(0.5);
    expect(success).toBe(true); // this seed's bit: the damage below is exercised
    const hurt = success && rng.nextBool(0.3);
    const injury = hurt ? rng.nextRangeInt(1, 16) : 0;
    const agri = success ? Math.min(rng.nextRangeInt(100, 800), before.agri) : 0;
    const comm = success ? Math.min(rng.nextRangeInt(100, 800), before.comm) : 0;
    const exp = success ? rng.nextRangeInt(201, 300) : rng.nextRangeInt(1, 100);
    run(world, g, 'che_화계');
    expect([city.agri, city.comm]).toEqual([before.agri - agri, before.comm - comm]);
    expect(victim.injury).toBe(injury);
    expect(victim.crew).toBe(hurt ? 980 : 1000);
    expect(g.experience).toBe(before.exp + exp);
    expect(g.gold).toBe(before.gold - world.env.develcost * 5);
    expect(g.rank.firenum).toBe(success ? 1 : 0);
    expect(g.intelExp).toBe(1);
  });

  it('refuses its own nation, the wilderness and a non-aggression partner', () => {
    const { world, g } = schemer();
    world.diplomacy.get('1:2')!.state = Diplo.nap;
    run(world, g, 'che_파괴');
    expect(world.logs.at(-1)!.text).toBe('불가침국입니다. 다에 파괴 실패.');
    world.cities[3]!.nation = 0;
    run(world, g, 'che_선동');
    expect(world.logs.at(-1)!.text).toBe('공백지입니다. 다에 선동 실패.');
    world.cities[3]!.nation = 1;
    run(world, g, 'che_탈취');
    expect(world.logs.at(-1)!.text).toBe('아국입니다. 다에 탈취 실패.');
  });

  it('탈취 takes from the victim’s treasury: 70% to the nation, the rest to the thief', () => {
    const { world, g } = schemer();
    const own = world.nations.get(1)!;
    const victim = world.nations.get(2)!;
    const before = { own: own.gold, victim: victim.gold, g: g.gold };
    for (let i = 0; i < 6 && g.rank.firenum === 0; i++) {
      world.env.month = i + 1;
      run(world, g, 'che_탈취');
    }
    expect(g.rank.firenum).toBe(1);
    const stolen = before.victim - victim.gold;
    expect(stolen).toBeGreaterThan(0);
    const tries = world.env.month;
    // Each try costs develcost × 5; what the nation and the thief gained adds up to the loot.
    expect(own.gold - before.own + (g.gold - before.g + tries * world.env.develcost * 5)).toBeGreaterThanOrEqual(stolen - 1);
    expect(own.gold - before.own).toBeCloseTo(stolen * 0.7, -1);
  });
});
