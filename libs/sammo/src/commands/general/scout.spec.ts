import { IllegalMove, Randomness, tableSeed, type GameState } from '@chronicle/engine';
import { applyMove } from '../../moves/apply-move';
import { checkMove } from '../../moves/check-move';
import type { RandUtil } from '../../rng/rand-util';
import { legacyStreams, streamFromSeed } from '../../rng/streams';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../../testing/small-world';
import type { General, World } from '../../world/types';
import type { CommandContext } from '../command';
import { firstFailure } from '../feasible';
import { dropExpiredLetters } from '../nation/diplomacy-letters';
import { rebel } from './rebel';
import { acceptScout, scout } from './scout';

function ctxOf(world: World, general: General): CommandContext {
  return {
    world, general, city: world.cities[general.city]!, nation: world.nations.get(general.nation), year: world.env.year, month: world.env.month,
    rng: streamFromSeed(TEST_SEED, 'generalCommand', general.id),
    random: seededStreams(),
  };
}

/** Plays a move of `seat` on the world as the engine would (check, then apply). */
function play(world: World, seat: string, payload: object): void {
  const state = { tableId: 't', data: world, order: { seats: [seat] } } as unknown as GameState<World>;
  applyMove(state, seat, checkMove(state, seat, payload as never), new Randomness<RandUtil>(tableSeed(TEST_SEED), 1, legacyStreams));
}

/** Nation 1 (ruler 1, recruiter 2), nation 2 (ruler 3, member 4) and a wanderer (5), all players. */
function scene(): World {
  const world = smallWorld();
  addGeneral(world, { id: 1, officerLevel: 12 });
  Object.assign(addGeneral(world, { id: 2 }), { gold: 1000 });
  addGeneral(world, { id: 3, nation: 2, city: 3, officerLevel: 12 });
  addGeneral(world, { id: 4, nation: 2, city: 3, experience: 4000, dedication: 5600 });
  addGeneral(world, { id: 5, nation: 0, city: 3, officerLevel: 0 });
  return world;
}

describe('등용 and 등용수락 (legacy che_등용, che_등용수락, ScoutMessage)', () => {
  it('sends a letter for round(develcost + (exp + ded) / 1000) × 10 gold; exp +100, ded +200, a point of leadership exp', () => {
    const world = scene();
    const recruiter = world.generals.get(2)!;
    // develcost 20: round(20 + 9600 / 1000) × 10 = 300.
    expect(scout.run(ctxOf(world, recruiter), { destGeneralId: 4 })).toBe(true);
    expect(recruiter).toMatchObject({ gold: 700, experience: 100, dedication: 200, leadershipExp: 1 });
    expect(world.scoutLetters).toEqual([{ id: 1, fromGeneral: 2, fromNation: 1, toGeneral: 4 }]);
    expect(world.logs.some((l) => l.text === '장수4에게 등용 권유 서신을 보냈습니다.')).toBe(true);
  });

  it('refuses members of its own nation, rulers, the missing, the poor and worlds of random joining only', () => {
    const world = scene();
    const ctx = ctxOf(world, world.generals.get(2)!);
    expect(firstFailure(ctx, scout, { destGeneralId: 1 })).toBe('같은 국가의 장수입니다.');
    expect(firstFailure(ctx, scout, { destGeneralId: 3 })).toBe('군주에게는 등용장을 보낼 수 없습니다.');
    expect(firstFailure(ctx, scout, { destGeneralId: 99 })).toBe('없는 장수입니다.');
    world.generals.get(2)!.gold = 299;
    expect(firstFailure(ctx, scout, { destGeneralId: 4 })).toBe('자금이 모자랍니다.');
    world.env.joinMode = 'onlyRandom';
    expect(firstFailure(ctx, scout, { destGeneralId: 5 })).toBe('랜덤 임관만 가능합니다');
  });

  it('the wanderer accepts: it joins in the capital as a plain officer, both gain exp and ded 100', () => {
    const world = scene();
    scout.run(ctxOf(world, world.generals.get(2)!), { destGeneralId: 5 });
    const letter = world.scoutLetters[0]!;
    // Only the receiver answers.
    expect(() => play(world, 'user-4', { type: 'answerLetter', generalId: 4, letterId: letter.id, accept: true })).toThrow(/another general/);
    play(world, 'user-5', { type: 'answerLetter', generalId: 5, letterId: letter.id, accept: true });
    expect(world.generals.get(5)).toMatchObject({ nation: 1, city: 1, officerLevel: 1, officerCity: 0, belong: 1, experience: 100, dedication: 100 });
    expect(world.generals.get(2)).toMatchObject({ experience: 200, dedication: 300 });
    expect(world.nations.get(1)!.gennum).toBe(3);
    expect(world.scoutLetters).toEqual([]);
    expect(world.logs.some((l) => l.text === '위로 망명하여 수도로 이동합니다.')).toBe(true);
  });

  it('a member of a nation cannot accept (legacy BeNeutral); a refusal is logged to both and spends the letter', () => {
    const world = scene();
    scout.run(ctxOf(world, world.generals.get(2)!), { destGeneralId: 4 });
    const letter = world.scoutLetters[0]!;
    expect(firstFailure(ctxOf(world, world.generals.get(4)!), acceptScout, { letter })).toBe('재야가 아닙니다.');
    expect(() => play(world, 'user-4', { type: 'answerLetter', generalId: 4, letterId: letter.id, accept: true })).toThrow(IllegalMove);
    play(world, 'user-4', { type: 'answerLetter', generalId: 4, letterId: letter.id, accept: false });
    expect(world.generals.get(4)!.nation).toBe(2);
    expect(world.scoutLetters).toEqual([]);
    expect(world.logs.slice(-2).map((l) => [l.subject, l.text])).toEqual([[4, '위로 망명을 거부했습니다.'], [2, '장수4가 등용을 거부했습니다.']]);
  });

  it('the opening limit, a closed nation and a wandering band refuse; a letter to a general gone is dropped', () => {
    const world = scene();
    const wanderer = world.generals.get(5)!;
    const letter = { id: 9, fromGeneral: 2, fromNation: 1, toGeneral: 5 };
    world.nations.get(1)!.gennum = 10;
    expect(firstFailure(ctxOf(world, wanderer), acceptScout, { letter })).toBe('임관이 제한되고 있습니다.');
    world.nations.get(1)!.gennum = 2;
    world.nations.get(1)!.scout = 1;
    expect(firstFailure(ctxOf(world, wanderer), acceptScout, { letter })).toBe('임관이 금지되어 있습니다.');
    world.nations.get(1)!.scout = 0;
    world.nations.get(1)!.level = 0;
    expect(firstFailure(ctxOf(world, wanderer), acceptScout, { letter })).toBe('방랑군에는 임관할 수 없습니다.');
    world.scoutLetters.push(letter);
    world.generals.delete(5);
    dropExpiredLetters(world);
    expect(world.scoutLetters).toEqual([]);
  });
});

describe('모반시도 (legacy che_모반시도)', () => {
  it('a chief takes the throne of an idle player ruler, who keeps 70 % of the experience and its level', () => {
    const world = scene();
    const lord = world.generals.get(1)!;
    const chief = world.generals.get(2)!;
    chief.officerLevel = 11;
    Object.assign(lord, { experience: 2005, explevel: 14 });
    expect(firstFailure(ctxOf(world, chief), rebel, null)).toBe('군주가 활동중입니다.');
    lord.killturn = world.env.killturn - 1;
    expect(firstFailure(ctxOf(world, chief), rebel, null)).toBeNull();
    expect(rebel.run(ctxOf(world, chief), null)).toBe(true);
    expect(chief).toMatchObject({ officerLevel: 12, officerCity: 0 });
    // 2005 × 0.7 = 1403.5, rounded by the INT column.
    expect(lord).toMatchObject({ officerLevel: 1, officerCity: 0, experience: 1404, explevel: 14 });
    expect(world.history.at(-1)!.text).toBe('【모반】 장수2가 위의 군주 자리를 찬탈했습니다.');
    expect(firstFailure(ctxOf(world, chief), rebel, null)).toBe('군주입니다.');
  });

  it('an NPC ruler and plain officers are out of reach', () => {
    const world = scene();
    const lord = world.generals.get(1)!;
    const chief = world.generals.get(2)!;
    lord.killturn = 0;
    expect(firstFailure(ctxOf(world, chief), rebel, null)).toBe('수뇌가 아닙니다.');
    chief.officerLevel = 5;
    lord.npc = 2;
    expect(firstFailure(ctxOf(world, chief), rebel, null)).toBe('군주가 NPC입니다.');
    lord.npc = 1;
    expect(firstFailure(ctxOf(world, chief), rebel, null)).toBeNull();
  });
});
