import { firstFailure } from '../feasible';
import { streamFromSeed } from '../../rng/streams';
import { addGeneral, commandContext, smallWorld, TEST_SEED } from '../../testing/small-world';
import { generalHolder } from '../../turn/general-turn';
import { processCommand } from '../../turn/process-command';
import { newCity } from '../../state/factory';
import type { World } from '../../world/types';
import { combatReadiness } from './combat-readiness';
import { foundNationAnywhere } from './founding';
import { foundNation } from './found-nation';
import { foundNationRandom } from './found-nation-random';
import { hardDrill } from './hard-drill';
import { instantRetreat, nearestOwnCities } from './instant-retreat';

const ctxFor = (world: World, id: number, label = 'scenario-commands') => commandContext(world, id, label);

/** The general's own lines, without the unique-item lottery's find (its own stream). */
const linesOf = (world: World, id: number) => world.logs.filter((l) => l.scope === 'general' && l.subject === id && !l.text.endsWith('습득했습니다!')).map((l) => l.text);

/** A wandering band (nation 3, level 0) of a lord and a follower, standing in city 2 made neutral. */
function bandWorld(): World {
  const world = smallWorld();
  world.cities[2]!.nation = 0;
  world.nations.set(3, { ...structuredClone(world.nations.get(1)!), id: 3, name: '장수1', level: 0, capital: 0, gennum: 0, aux: {} });
  addGeneral(world, { id: 1, nation: 3, city: 2, officerLevel: 12 });
  addGeneral(world, { id: 2, nation: 3, city: 2, officerLevel: 1 });
  world.env.month = 3;
  return world;
}

const ARG = { nationName: '촉한', nationType: 'che_덕가', color: '#00aa00' };

describe('맹훈련 (cr_맹훈련)', () => {
  it('raises training and morale by two thirds of 훈련’s score, dex by twice that, exp 150, ded 100', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, leadership: 50 });
    Object.assign(g, { crew: 3000, train: 40, atmos: 90, rice: 0 });
    expect(firstFailure(ctxFor(world, 1), hardDrill, null)).toBeNull();
    expect(hardDrill.run(ctxFor(world, 1), null)).toBe(true);
    // round(50 × 100 / 3000 × 30 × 2 / 3) = round(33.3) = 33; morale stops at 100.
    expect(g).toMatchObject({ train: 73, atmos: 100, experience: 150, dedication: 100, leadershipExp: 1, rice: 0 });
    expect(g.dex[1]).toBe(66);
    expect(linesOf(world, 1)[0]).toBe('훈련, 사기치가 33 상승했습니다.');
  });

  it('is refused as 훈련 is: no crew, or training already at 100', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    expect(firstFailure(ctxFor(world, 1), hardDrill, null)).toBe('병사가 모자랍니다.');
    Object.assign(g, { crew: 1000, train: 100 });
    expect(firstFailure(ctxFor(world, 1), hardDrill, null)).toBe('병사들은 이미 정예병사들입니다.');
  });
});

describe('전투태세 (che_전투태세)', () => {
  it('asks crew/100 × 3 gold, training and morale below 90', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    Object.assign(g, { crew: 2200, train: 80, atmos: 80, gold: 65 });
    expect(firstFailure(ctxFor(world, 1), combatReadiness, null)).toBe('자금이 모자랍니다.');
    g.gold = 66;
    expect(firstFailure(ctxFor(world, 1), combatReadiness, null)).toBeNull();
    g.train = 90;
    expect(firstFailure(ctxFor(world, 1), combatReadiness, null)).toBe('병사들은 이미 정예병사들입니다.');
    Object.assign(g, { train: 89, atmos: 90 });
    expect(firstFailure(ctxFor(world, 1), combatReadiness, null)).toBe('이미 사기는 하늘을 찌를듯 합니다.');
  });

  it('stacks three terms, then its run restarts its own count, so it never completes', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    Object.assign(g, { crew: 2200, train: 80, atmos: 80, gold: 100 });
    const before = structuredClone(g);
    for (let turn = 0; turn < 8; turn++) processCommand(ctxFor(world, 1), generalHolder(g), combatReadiness, null);
    expect(linesOf(world, 1)).toEqual([
      '전투태세 수행중... (1/4)', '전투태세 수행중... (2/4)', '전투태세 수행중... (3/4)', '병사들을 열심히 훈련중... (1/3)',
      '전투태세 수행중... (2/4)', '전투태세 수행중... (3/4)', '병사들을 열심히 훈련중... (1/3)', '전투태세 수행중... (2/4)',
    ]);
    expect(g.lastTurn).toEqual({ command: '전투태세', arg: null, term: 2 });
    // The gold is asked, not taken; nothing is trained.
    expect({ ...g, lastTurn: before.lastTurn }).toEqual(before);
  });
});

describe('건국 anywhere (cr_건국)', () => {
  it('founds in any neutral city, where che_건국 wants a medium or small one', () => {
    const world = bandWorld();
    world.cities[2]!.level = 7;
    expect(firstFailure(ctxFor(world, 1), foundNation, ARG)).toBe('중, 소 도시에만 가능합니다.');
    expect(firstFailure(ctxFor(world, 1), foundNationAnywhere, ARG)).toBeNull();
    world.cities[2]!.nation = 2;
    expect(firstFailure(ctxFor(world, 1), foundNationAnywhere, ARG)).toBe('공백지가 아닙니다.');
  });

  it('founds a level-1 nation that may change its flag once, with the legacy’s lines', () => {
    const world = bandWorld();
    const leader = world.generals.get(1)!;
    expect(foundNationAnywhere.run(ctxFor(world, 1), ARG)).toBe(true);
    expect(world.nations.get(3)).toMatchObject({ name: '촉한', color: '#00aa00', level: 1, type: 'che_덕가', capital: 2, aux: { can_국기변경: 1 } });
    expect(world.cities[2]!.nation).toBe(3);
    expect(leader).toMatchObject({ experience: 1000, dedication: 1000 });
    expect(linesOf(world, 1)[0]).toBe('촉한을 건국하였습니다.');
    expect(world.history.map((h) => h.text)).toContain('【건국】덕가 촉한이 새로이 등장하였습니다.');
  });

  it('waits out the game’s first month, searching for talent instead', () => {
    const world = bandWorld();
    world.env.month = 1;
    expect(foundNationAnywhere.run(ctxFor(world, 1), ARG)).toBe(false);
    expect(linesOf(world, 1)).toEqual(['다음 턴부터 건국할 수 있습니다.']);
    expect(foundNationAnywhere.alternative!(ctxFor(world, 1), ARG)).toEqual({ key: 'che_인재탐색', arg: null });
    expect(world.nations.get(3)!.level).toBe(0);
  });
});

describe('무작위 도시 건국 (che_무작위건국)', () => {
  it('takes the band to a drawn neutral medium or small city and grants one random capital move', () => {
    const world = bandWorld();
    world.cities[2]!.nation = 1;
    world.cities[4] = newCity({ ...world.cities[3]!, id: 4, name: '라', neighbours: [3] });
    world.cities[5] = newCity({ ...world.cities[3]!, id: 5, name: '마', level: 7, neighbours: [3] });
    world.cities[6] = newCity({ ...world.cities[3]!, id: 6, name: '바', level: 6, neighbours: [3] });
    for (const id of [4, 5, 6]) world.cities[id]!.nation = 0;
    const outsider = addGeneral(world, { id: 3, nation: 1, city: 1 });
    // No city condition: the band's own city is another nation's.
    expect(firstFailure(ctxFor(world, 1), foundNationRandom, ARG)).toBeNull();
    const ctx = ctxFor(world, 1);
    const drawn = streamFromSeed(TEST_SEED, 'scenario-commands', 1).choice([4, 6]);
    expect(foundNationRandom.run(ctx, ARG)).toBe(true);
    expect(world.nations.get(3)).toMatchObject({ level: 1, capital: drawn, aux: { can_국기변경: 1, can_무작위수도이전: 1 } });
    expect(world.cities[drawn]!.nation).toBe(3);
    expect([world.generals.get(1)!.city, world.generals.get(2)!.city, outsider.city]).toEqual([drawn, drawn, 1]);
  });

  it('disbands the band when no neutral medium or small city is left', () => {
    const world = bandWorld();
    world.cities[2]!.nation = 1;
    expect(foundNationRandom.run(ctxFor(world, 1), ARG)).toBe(false);
    expect(linesOf(world, 1)).toEqual(['건국할 수 있는 도시가 없습니다.']);
    expect(foundNationRandom.alternative!(ctxFor(world, 1), ARG)).toEqual({ key: 'che_해산', arg: null });
  });
});

describe('접경귀환 (che_접경귀환)', () => {
  it('goes to a nearest own supplied city within three steps, drawn among the nearest', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1, city: 3 });
    expect(nearestOwnCities(world, g)).toEqual([2]);
    world.cities[2]!.supply = 0;
    expect(nearestOwnCities(world, g)).toEqual([1]);
    expect(instantRetreat.run(ctxFor(world, 1), null)).toBe(true);
    expect(g.city).toBe(1);
    expect(linesOf(world, 1)).toEqual(['가로 접경귀환했습니다.']);
    expect(g.lastTurn).toEqual({ command: '휴식', arg: null, term: 0 });
  });

  it('is for a general of a settled nation outside its territory', () => {
    const world = bandWorld();
    expect(firstFailure(ctxFor(world, 1), instantRetreat, null)).toBe('방랑군은 불가능합니다.');
    addGeneral(world, { id: 3, nation: 0, city: 3 });
    expect(firstFailure(ctxFor(world, 3), instantRetreat, null)).toBe('재야입니다.');
    addGeneral(world, { id: 4, nation: 1, city: 1 });
    expect(firstFailure(ctxFor(world, 4), instantRetreat, null)).toBe('아국입니다.');
  });

  it('finds nothing beyond three steps', () => {
    const world = smallWorld();
    for (const id of [4, 5, 6]) world.cities[id] = newCity({ ...world.cities[3]!, id, name: `성${id}`, neighbours: [id - 1, id + 1].filter((n) => n <= 6) });
    world.cities[3]!.neighbours = [2, 4];
    for (const id of [3, 4, 5, 6]) world.cities[id]!.nation = 2;
    const g = addGeneral(world, { id: 1, city: 6 });
    expect(nearestOwnCities(world, g)).toEqual([]);
    expect(instantRetreat.run(ctxFor(world, 1), null)).toBe(false);
    expect(linesOf(world, 1)).toEqual(['3칸 이내에 아국 도시가 없습니다.']);
    g.city = 5;
    expect(nearestOwnCities(world, g)).toEqual([2]);
  });
});
