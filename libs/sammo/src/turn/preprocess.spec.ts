import { joinYearMonth } from '../world/clock';
import type { RandUtil } from '../rng/rand-util';
import { addGeneral, smallWorld } from '../testing/small-world';
import type { World } from '../world/types';
import { nextDueTime } from './next-due';
import { preprocess } from './preprocess';

/** The coin flips 의술 draws for its patients, scripted. */
function coins(...flips: boolean[]): () => RandUtil {
  return () => ({ nextBool: () => flips.shift()! }) as unknown as RandUtil;
}

const lines = (world: World) => world.logs.map((l) => `${l.subject}: ${l.text}`);

describe('che_도시치료 before the turn (legacy GeneralTrigger/che_도시치료)', () => {
  function healerWorld() {
    const world = smallWorld();
    const healer = addGeneral(world, { id: 1, special2: 'che_의술' });
    // Added out of id order: the patients are still flipped for in id order (3, then 5).
    addGeneral(world, { id: 5 }).injury = 30;
    addGeneral(world, { id: 3 }).injury = 11;
    addGeneral(world, { id: 4 }).injury = 10; // not past 10
    addGeneral(world, { id: 2, city: 2 }).injury = 40; // another city
    return { world, healer };
  }

  it('heals its own wounds, then every patient whose flip comes up, and names the last of several', () => {
    const { world, healer } = healerWorld();
    healer.injury = 20;
    preprocess(world, healer, coins(true, true));
    expect(lines(world)).toEqual([
      '1: 의술을 펼쳐 스스로 치료합니다!',
      '3: 장수1이 의술로써 치료해줍니다!',
      '5: 장수1이 의술로써 치료해줍니다!',
      '1: 의술을 펼쳐 도시의 장수들 장수5 외 1명을 치료합니다!',
    ]);
    expect([1, 2, 3, 4, 5].map((id) => world.generals.get(id)!.injury)).toEqual([0, 40, 0, 10, 0]);
  });

  it('names a single patient with its particle, and says nothing of its own health when unhurt', () => {
    const { world, healer } = healerWorld();
    preprocess(world, healer, coins(true, false));
    expect(lines(world)).toEqual(['3: 장수1이 의술로써 치료해줍니다!', '1: 의술을 펼쳐 도시의 장수 장수3을 치료합니다!']);
    expect([3, 5].map((id) => world.generals.get(id)!.injury)).toEqual([0, 30]);
  });
});

describe('the crew’s rations before the turn (legacy che_병력군량소모)', () => {
  it('feeds the crew with exactly the rice it needs, and sends it home with a line when short', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    g.crew = 1000;
    g.rice = 10;
    preprocess(world, g, coins());
    expect([g.crew, g.rice]).toEqual([1000, 0]);
    preprocess(world, g, coins());
    expect([g.crew, g.rice, world.cities[1]!.pop]).toEqual([0, 0, 101000]);
    expect(lines(world)).toEqual(['1: 군량이 모자라 병사들이 소집해제되었습니다!']);
  });
});

describe('nextDueTime', () => {
  it('is the earliest general turn before the next month boundary, never before the clock', () => {
    const world = smallWorld();
    const term = world.env.turnterm * 60_000;
    const boundary = world.env.turntime + term;
    expect(nextDueTime(world)).toBe(boundary);
    addGeneral(world, { id: 1, turntime: world.env.turntime + 30 * 60_000 });
    addGeneral(world, { id: 2, turntime: world.env.turntime + 20 * 60_000 });
    addGeneral(world, { id: 3, turntime: world.env.turntime + 40 * 60_000 });
    expect(nextDueTime(world)).toBe(world.env.turntime + 20 * 60_000);
    // A general whose turn time has passed is due at once: at the clock, not before it.
    world.generals.get(3)!.turntime = world.env.turntime - 5 * 60_000;
    expect(nextDueTime(world)).toBe(world.env.turntime);
  });

  it('has nothing due in a frozen world (united, or after the invaders’ war) or after its chapter closed', () => {
    const world = smallWorld();
    const open = nextDueTime(world);
    expect(open).not.toBeNull();
    for (const isunited of [2, 3]) {
      world.env.isunited = isunited;
      expect(nextDueTime(world)).toBeNull();
    }
    // The invaders' war (isunited 1) runs the clock as before.
    world.env.isunited = 1;
    expect(nextDueTime(world)).toBe(open);
    world.env.chapterEnd = joinYearMonth(world.env.year, world.env.month);
    expect(nextDueTime(world)).toBeNull();
  });
});
