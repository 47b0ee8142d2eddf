import { firstFailure } from '../feasible';
import { streamFromSeed } from '../../rng/streams';
import { addGeneral, commandContext, smallWorld, TEST_SEED } from '../../testing/small-world';
import { nationHolder } from '../../turn/general-turn';
import { processCommand } from '../../turn/process-command';
import { newCity } from '../../state/factory';
import type { World } from '../../world/types';
import { moveCapitalRandom } from './move-capital-random';
import { movePopulation } from './move-population';

const ctxFor = (world: World, id: number) => commandContext(world, id, 'nation-scenario-commands');

const linesOf = (world: World, id: number) => world.logs.filter((l) => l.scope === 'general' && l.subject === id).map((l) => l.text);

describe('무작위 수도 이전 (che_무작위수도이전)', () => {
  /** Nation 1 holding only its capital 1, with a random move granted; neutral cities 4 (level 5) and 5 (level 7). */
  function world(): World {
    const w = smallWorld();
    w.cities[2]!.nation = 0;
    w.cities[4] = newCity({ ...w.cities[3]!, id: 4, name: '라', neighbours: [3] });
    w.cities[5] = newCity({ ...w.cities[3]!, id: 5, name: '마', level: 7, neighbours: [3] });
    w.cities[4]!.nation = 0;
    w.cities[5]!.nation = 0;
    w.nations.get(1)!.aux = { can_국기변경: 1, can_무작위수도이전: 1 };
    w.cities[1]!.officerSet = 3;
    w.cities[1]!.front = 1;
    addGeneral(w, { id: 1, officerLevel: 12 });
    addGeneral(w, { id: 2, officerLevel: 1, city: 2 });
    return w;
  }

  it('moves the capital after a pre-turn to a drawn neutral medium or small city, leaving the old one neutral', () => {
    const w = world();
    const holder = nationHolder(w.nations.get(1)!, 12);
    expect(processCommand(ctxFor(w, 1), holder, moveCapitalRandom, null).result).toBe('stacking');
    const drawn = streamFromSeed(TEST_SEED, 'nation-scenario-commands', 1).choice([2, 4]);
    expect(processCommand(ctxFor(w, 1), holder, moveCapitalRandom, null).result).toBe('ran');
    const nation = w.nations.get(1)!;
    expect(nation).toMatchObject({ capital: drawn, capset: 0, aux: { can_국기변경: 1, can_무작위수도이전: 0 } });
    expect(w.cities[drawn]!.nation).toBe(1);
    expect(w.cities[1]).toMatchObject({ nation: 0, front: 0, officerSet: 0 });
    expect([w.generals.get(1)!.city, w.generals.get(2)!.city]).toEqual([drawn, drawn]);
    expect(w.generals.get(1)).toMatchObject({ experience: 10, dedication: 10 });
    const name = w.cities[drawn]!.name;
    const promoted = '30품관으로 승급하여 봉록이 600으로 상승했습니다!';
    expect(linesOf(w, 1)).toEqual(['무작위 수도 이전 수행중... (1/2)', promoted, `${name}로 국가를 옮겼습니다.`]);
    expect(linesOf(w, 2)).toEqual([`국가 수도를 ${name}로 옮겼습니다.`]);
    // Spent: the next one is refused.
    expect(firstFailure(ctxFor(w, 1), moveCapitalRandom, {})).toBe('더이상 변경이 불가능합니다.');
  });

  it('is the lord’s, in the opening years', () => {
    const w = world();
    expect(firstFailure(ctxFor(w, 2), moveCapitalRandom, {})).toBe('아국이 아닙니다.');
    w.generals.get(2)!.city = 1;
    expect(firstFailure(ctxFor(w, 2), moveCapitalRandom, {})).toBe('군주가 아닙니다.');
    w.env.year = 192;
    expect(firstFailure(ctxFor(w, 1), moveCapitalRandom, {})).toBe('초반이 지났습니다.');
  });

  it('fails with no neutral medium or small city left', () => {
    const w = world();
    w.cities[2]!.nation = 2;
    w.cities[4]!.nation = 2;
    expect(moveCapitalRandom.run(ctxFor(w, 1), {})).toBe(false);
    expect(linesOf(w, 1)).toEqual(['이동할 수 있는 도시가 없습니다.']);
    expect(w.nations.get(1)!.capital).toBe(1);
  });
});

describe('인구이동 (cr_인구이동)', () => {
  it('moves people to a neighbouring own city for develcost per 10,000 asked, keeping 30,000', () => {
    const w = smallWorld();
    addGeneral(w, { id: 1, officerLevel: 12 });
    const nation = w.nations.get(1)!;
    const arg = movePopulation.readArg({ destCityId: 2, amount: 150_000 }, w);
    // Read as the limit, 100,000: 20 × 100,000 / 10,000 = 200 gold and rice.
    expect(arg).toEqual({ destCityId: 2, amount: 100_000 });
    w.cities[1]!.pop = 100_000;
    expect(movePopulation.run(ctxFor(w, 1), arg)).toBe(true);
    expect([w.cities[1]!.pop, w.cities[2]!.pop]).toEqual([30_000, 170_000]);
    expect([nation.gold, nation.rice]).toEqual([9800, 9800]);
    expect(w.generals.get(1)).toMatchObject({ experience: 5, dedication: 5 });
    expect(linesOf(w, 1)).toEqual(['30품관으로 승급하여 봉록이 600으로 상승했습니다!', '나로 인구 70000명을 옮겼습니다.']);
  });

  it('checks in the legacy’s order, the treasury above the base rice', () => {
    const w = smallWorld();
    addGeneral(w, { id: 1, officerLevel: 5 });
    const arg = { destCityId: 2, amount: 50_000 };
    w.cities[1]!.pop = 30_099;
    expect(firstFailure(ctxFor(w, 1), movePopulation, arg)).toBe('주민이 부족합니다.');
    w.cities[1]!.pop = 30_100;
    expect(firstFailure(ctxFor(w, 1), movePopulation, { ...arg, destCityId: 3 })).toBe('대상 도시가 아국이 아닙니다.');
    expect(firstFailure(ctxFor(w, 1), movePopulation, { ...arg, destCityId: 1 })).toBe('같은 도시입니다.');
    // 100 gold and rice; rice must also keep the base 2,000.
    w.nations.get(1)!.rice = 2099;
    expect(firstFailure(ctxFor(w, 1), movePopulation, arg)).toBe('병량이 부족합니다.');
    w.nations.get(1)!.rice = 2100;
    expect(firstFailure(ctxFor(w, 1), movePopulation, arg)).toBeNull();
    w.generals.get(1)!.officerLevel = 4;
    expect(firstFailure(ctxFor(w, 1), movePopulation, arg)).toBe('수뇌가 아닙니다.');
  });

  it('refuses a negative amount', () => {
    expect(() => movePopulation.readArg({ destCityId: 2, amount: -1 }, smallWorld())).toThrow('amount must be a number of people');
  });
});
