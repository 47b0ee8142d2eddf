import { nationHolder } from '../../turn/general-turn';
import { streamFromSeed } from '../../rng/streams';
import { addGeneral, smallWorld, TEST_SEED } from '../../testing/small-world';
import { processCommand, type CommandHolder } from '../../turn/process-command';
import { joinYearMonth } from '../../world/clock';
import { Diplo } from '../../world/constants';
import type { General, World } from '../../world/types';
import type { AnyCommand, CommandContext } from '../command';
import { firstFailure } from '../feasible';
import { deathOrGlory } from './death-or-glory';
import { falseReport } from './false-report';
import { flood } from './flood';
import { mobilizePeople } from './mobilize-people';
import { sowDiscord } from './sow-discord';
import { suddenAttack } from './sudden-attack';
import { titForTat } from './tit-for-tat';

/** Nation 1's ruler (id 1) in its capital 가, a member (id 2), and nation 2's member (id 3) in 다. */
function world2(): { world: World; ruler: General } {
  const world = smallWorld();
  const ruler = addGeneral(world, { id: 1, officerLevel: 12 });
  Object.assign(addGeneral(world, { id: 2, city: 2 }), { train: 40, atmos: 120 });
  addGeneral(world, { id: 3, nation: 2, city: 3, officerLevel: 12 });
  // A new nation waits 12 months before its first strategic command.
  for (const nation of world.nations.values()) nation.strategicCmdLimit = 0;
  return { world, ruler };
}

/** The chief's context with the command's own stream, as the turn pipeline labels it. */
function ctxOf(world: World, general: General, key = 'test'): CommandContext {
  return {
    world, general, city: world.cities[general.city]!, nation: world.nations.get(general.nation), year: world.env.year, month: world.env.month,
    rng: streamFromSeed(TEST_SEED, 'nationCommand', world.env.year, world.env.month, general.id, key),
  };
}

function holderOf(world: World, general: General): CommandHolder {
  return nationHolder(world.nations.get(general.nation)!, general.officerLevel);
}

const both = (world: World) => [world.diplomacy.get('1:2')!, world.diplomacy.get('2:1')!];
const setBoth = (world: World, state: number, term: number) => {
  for (const row of both(world)) Object.assign(row, { state, term });
};

/** Runs one chief turn the way the turn pipeline does; returns the outcome. */
function turn(world: World, general: General, command: AnyCommand, arg: unknown) {
  return processCommand(ctxOf(world, general, command.key), holderOf(world, general), command, arg as never).result;
}

describe('strategic nation commands (legacy che_급습 … che_피장파장)', () => {
  it('급습: a declaration 12+ months away comes 3 months closer on both sides; cooldown √(10 × 16) × 10 = 126', () => {
    const { world, ruler } = world2();
    setBoth(world, Diplo.declared, 11);
    expect(firstFailure(ctxOf(world, ruler), suddenAttack, { destNationId: 2 })).toBe('선포 12개월 이상인 상대국에만 가능합니다.');
    setBoth(world, Diplo.declared, 12);
    expect(turn(world, ruler, suddenAttack, { destNationId: 2 })).toBe('ran');
    expect(both(world).map((r) => r.term)).toEqual([9, 9]);
    const nation = world.nations.get(1)!;
    expect(nation.strategicCmdLimit).toBe(9);
    expect(nation.nextExecute['급습']).toBe(joinYearMonth(190, 1) + 126);
    expect(ruler).toMatchObject({ experience: 5, dedication: 5 });
    // The nation-wide wait closes every strategic command.
    setBoth(world, Diplo.declared, 20);
    expect(firstFailure(ctxOf(world, ruler), suddenAttack, { destNationId: 2 })).toBe('전략기한이 남았습니다.');
  });

  it('the cooldown grows with the nation (√(gennum × k) × 10 from 10 generals) and the nation type changes it', () => {
    const { world, ruler } = world2();
    const nation = world.nations.get(1)!;
    nation.gennum = 30;
    setBoth(world, Diplo.war, 0);
    // 이호경식, k = 16: round(√480 × 10) = 219.
    expect(sowDiscord.postTurns!(ctxOf(world, ruler), { destNationId: 2 })).toBe(219);
    // 음양가 doubles the delay; 종횡가 takes 3/4 of it and halves the nation-wide wait (round(4.5) = 5).
    nation.type = 'che_음양가';
    expect(sowDiscord.postTurns!(ctxOf(world, ruler), { destNationId: 2 })).toBe(438);
    nation.type = 'che_종횡가';
    expect(sowDiscord.postTurns!(ctxOf(world, ruler), { destNationId: 2 })).toBe(164);
    turn(world, ruler, sowDiscord, { destNationId: 2 });
    expect(nation.strategicCmdLimit).toBe(5);
  });

  it('이호경식: war goes back to a declaration 3 months away, a declaration 3 months further; the fronts follow', () => {
    const { world, ruler } = world2();
    setBoth(world, Diplo.war, 0);
    world.cities[2]!.front = 3;
    turn(world, ruler, sowDiscord, { destNationId: 2 });
    expect(both(world)).toEqual([{ state: Diplo.declared, term: 3, dead: 0 }, { state: Diplo.declared, term: 3, dead: 0 }]);
    expect(world.cities[2]!.front).toBe(1);

    const again = world2();
    setBoth(again.world, Diplo.declared, 7);
    turn(again.world, again.ruler, sowDiscord, { destNationId: 2 });
    expect(both(again.world).map((r) => r.term)).toEqual([10, 10]);
    // At peace there is nothing to undo.
    const calm = world2();
    expect(firstFailure(ctxOf(calm.world, calm.ruler), sowDiscord, { destNationId: 2 })).toBe('선포, 전쟁중인 상대국에게만 가능합니다.');
  });

  it('허보: after a turn of preparation the enemy generals in the city are sent to supplied cities of theirs, drawn from the stream', () => {
    const { world, ruler } = world2();
    setBoth(world, Diplo.war, 0);
    // Nation 2 holds 2 (cut off), 3, 4 and 5; its eight generals stand in 3.
    for (const id of [4, 5]) world.cities[id] = { ...world.cities[3]!, id, name: `도시${id}`, neighbours: [] };
    Object.assign(world.cities[2]!, { nation: 2, supply: 0 });
    for (const id of [4, 5, 6, 7, 8, 9, 10]) addGeneral(world, { id, nation: 2, city: 3 });
    expect(turn(world, ruler, falseReport, { destCityId: 3 })).toBe('stacking');
    expect(turn(world, ruler, falseReport, { destCityId: 3 })).toBe('ran');
    // Legacy che_허보 on the same table seed, rows and month (a second 3 may be drawn again).
    expect([3, 4, 5, 6, 7, 8, 9, 10].map((id) => world.generals.get(id)!.city)).toEqual([5, 4, 5, 5, 5, 5, 3, 5]);
    expect(ruler).toMatchObject({ experience: 10, dedication: 10 });
    expect(world.nations.get(1)!.nextExecute['허보']).toBe(joinYearMonth(190, 1) + 63 - 1);
  });

  it('수몰: an enemy city at war keeps a fifth of its defence and wall, after 2 turns', () => {
    const { world, ruler } = world2();
    const city = world.cities[3]!;
    Object.assign(city, { def: 2003, wall: 1997 });
    setBoth(world, Diplo.declared, 5);
    expect(firstFailure(ctxOf(world, ruler), flood, { destCityId: 3 })).toBe('교전중인 국가의 도시가 아닙니다.');
    expect(firstFailure(ctxOf(world, ruler), flood, { destCityId: 2 })).toBe('아국입니다.');
    setBoth(world, Diplo.war, 0);
    expect([1, 2, 3].map(() => turn(world, ruler, flood, { destCityId: 3 }))).toEqual(['stacking', 'stacking', 'ran']);
    expect(city).toMatchObject({ def: 401, wall: 399 });
    expect(ruler.experience).toBe(15);
    expect(world.nations.get(1)!.nextExecute['수몰']).toBe(joinYearMonth(190, 1) + 63 - 2);
  });

  it('백성동원: an own city’s defence and wall rise to 80 % of their maxima, never fall', () => {
    const { world, ruler } = world2();
    const city = world.cities[2]!;
    Object.assign(city, { def: 100, wall: 7000, defMax: 8001, wallMax: 8000 });
    expect(firstFailure(ctxOf(world, ruler), mobilizePeople, { destCityId: 3 })).toBe('대상 도시가 아국이 아닙니다.');
    expect(turn(world, ruler, mobilizePeople, { destCityId: 2 })).toBe('ran');
    expect(city).toMatchObject({ def: 6401, wall: 7000 });
  });

  it('필사즉생: at war, every general of the nation trains and heartens to 100 at least', () => {
    const { world, ruler } = world2();
    expect(firstFailure(ctxOf(world, ruler), deathOrGlory, null)).toBe('전쟁중이 아닙니다.');
    setBoth(world, Diplo.war, 0);
    expect([1, 2, 3].map(() => turn(world, ruler, deathOrGlory, null))).toEqual(['stacking', 'stacking', 'ran']);
    expect([1, 2, 3].map((id) => [world.generals.get(id)!.train, world.generals.get(id)!.atmos])).toEqual([[100, 100], [100, 120], [0, 0]]);
    // k = 8: round(√80 × 10) = 89, counted from the first turn of preparation.
    expect(world.nations.get(1)!.nextExecute['필사즉생']).toBe(joinYearMonth(190, 1) + 89 - 2);
  });

  it('피장파장: closes a strategic command to the enemy for 60 more months and to itself for 72, keeps the wait and the stacked term', () => {
    const { world, ruler } = world2();
    setBoth(world, Diplo.war, 0);
    const [mine, theirs] = [world.nations.get(1)!, world.nations.get(2)!];
    const now = joinYearMonth(190, 1);
    theirs.nextExecute['수몰'] = now + 10;
    mine.nextExecute['허보'] = now + 1;
    const arg = { destNationId: 2, commandType: 'che_수몰' };
    expect(firstFailure(ctxOf(world, ruler), titForTat, { ...arg, commandType: 'che_허보' })).toBe('해당 전략을 아직 사용할 수 없습니다');
    expect(() => titForTat.readArg({ ...arg, commandType: 'che_피장파장' }, world)).toThrow(/commandType/);
    expect([1, 2].map(() => turn(world, ruler, titForTat, arg))).toEqual(['stacking', 'ran']);
    expect(theirs.nextExecute['수몰']).toBe(now + 10 + 60);
    // max(round(√20 × 10) = 45, 72).
    expect(mine.nextExecute['수몰']).toBe(now + 72);
    expect(mine.nextExecute['피장파장']).toBe(now + 8 - 1);
    expect(mine.strategicCmdLimit).toBe(0);
    expect(mine.lastTurn[12]).toEqual({ command: '피장파장', arg, term: 1 });
    expect(ruler.experience).toBe(10);
  });
});
