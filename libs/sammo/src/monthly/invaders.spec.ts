import type { GameState } from '@chronicle/engine';
import { contextFor, whyNot } from '../commands/feasible';
import { wander } from '../commands/general/wander';
import { checkMove } from '../moves/check-move';
import { streamFromSeed } from '../rng/streams';
import { addGeneral, seededStreams, smallWorld, TEST_SEED } from '../testing/small-world';
import { changeTurnTerm } from '../world/change-term';
import { cutTurn } from '../world/clock';
import { Diplo } from '../world/constants';
import { diplomacyKey } from '../world/queries';
import type { World } from '../world/types';
import { autoDeleteInvader, invaderEnding, runInvaderEnding } from './invader-events';
import { invaderOffers } from './invader-offer';
import { INVADER_STRENGTH, raiseInvader } from './raise-invader';
import { eventsOf } from './scenario-events';
import { runEvents } from './events';

const rng = () => streamFromSeed(TEST_SEED, 'RaiseInvader', 190, 1);
const keepOrder = (t: number[]) => t;

/** The small world with city 3 an invader land (level 4), nation 2 holding 2 and 3 with its capital at 3. */
function invaderWorld(): World {
  const world = smallWorld();
  world.cities[3]!.level = 4;
  world.cities[2]!.nation = 2;
  world.nations.get(1)!.capital = 1;
  world.env.isunited = 2;
  addGeneral(world, { id: 1, nation: 1, officerLevel: 12 });
  addGeneral(world, { id: 2, nation: 2, city: 3, officerLevel: 12 });
  addGeneral(world, { id: 3, nation: 2, city: 3, officerLevel: 3 }).officerCity = 3;
  return world;
}

describe('RaiseInvader (legacy Event/Action/RaiseInvader)', () => {
  it('moves a capital off an invader city to another city of its nation, with the generals there, and raises the invaders there', () => {
    const world = invaderWorld();
    expect(raiseInvader(world, INVADER_STRENGTH['쉬움'], rng(), world.env.turntime, keepOrder)).toBe(1);
    const nation2 = world.nations.get(2)!;
    expect([nation2.capital, world.generals.get(2)!.city, world.generals.get(3)!.city]).toEqual([2, 2, 2]);
    expect([world.generals.get(3)!.officerLevel, world.generals.get(3)!.officerCity]).toEqual([1, 0]);
    expect(world.cities[3]!.nation).toBe(3);
    expect(world.nations.get(3)!.name).toBe('ⓞ다족');
    // 10 generals an invader city at the least: the ruler and nine.
    expect([...world.generals.values()].filter((g) => g.nation === 3)).toHaveLength(10);
    expect(world.env).toMatchObject({ isunited: 1, nextNationId: 4 });
    for (const other of [1, 2]) expect(world.diplomacy.get(diplomacyKey(3, other))).toEqual({ state: Diplo.declared, term: 24, dead: 0 });
  });

  it('raises none in an invader city that is a nation\'s only city, which still falls to no one', () => {
    const world = invaderWorld();
    world.cities[2]!.nation = 1;
    expect(raiseInvader(world, INVADER_STRENGTH['쉬움'], rng(), world.env.turntime, keepOrder)).toBe(0);
    expect([world.env.isunited, world.cities[3]!.nation, world.nations.size]).toEqual([1, 0, 2]);
    expect(world.events?.map((e) => e.actions)).toEqual([['InvaderEnding']]);
  });

  it('changes nothing on a map without invader cities', () => {
    const world = invaderWorld();
    world.cities[3]!.level = 5;
    expect(raiseInvader(world, INVADER_STRENGTH['어려움'], rng(), world.env.turntime, keepOrder)).toBe(0);
    expect(world.env.isunited).toBe(2);
  });

  it('lengthens the turn when the world would pass 1,000 generals a turn minute, the builders drawing on the old term', () => {
    const world = invaderWorld();
    world.env.turnterm = 1;
    raiseInvader(world, { npcEachCount: 1200, specAvg: 60, tech: 0, dex: 0 }, rng(), world.env.turntime, keepOrder);
    expect(world.env.turnterm).toBe(2);
    expect(world.history.some((h) => h.text === '★턴시간이 2분으로 변경됩니다.')).toBe(true);
    const made = [...world.generals.values()].filter((g) => g.nation === 3);
    expect(made.every((g) => g.turntime - world.env.turntime < 60_000)).toBe(true);
  });
});

describe('changeServerTerm', () => {
  it('scales each general\'s distance from the turn time, unsigned, and keeps the month in place', () => {
    const world = smallWorld();
    const t = world.env.turntime;
    addGeneral(world, { id: 1, turntime: t + 30_000 });
    addGeneral(world, { id: 2, turntime: t - 30_000 });
    world.env.year = 191;
    world.env.month = 3;
    changeTurnTerm(world, 120);
    expect([world.generals.get(1)!.turntime, world.generals.get(2)!.turntime]).toEqual([t + 60_000, t + 60_000]);
    // 14 months of the new term back, laid on its turn windows (from 01:00 UTC).
    expect(world.env.starttime).toBe(cutTurn(t - 14 * 120 * 60_000, 120));
    expect(world.env.starttime).not.toBe(t - 14 * 120 * 60_000);
    expect(() => changeTurnTerm(world, 7)).toThrow(RangeError);
  });
});

describe('the invader offer (checkEmperior)', () => {
  it('goes to at most two player chiefs, ruler first, and only on a map with invader cities', () => {
    const world = invaderWorld();
    addGeneral(world, { id: 4, nation: 1, officerLevel: 11, npc: 2 });
    addGeneral(world, { id: 5, nation: 1, officerLevel: 10 });
    addGeneral(world, { id: 6, nation: 1, officerLevel: 9 });
    expect(invaderOffers(world, 1)).toEqual([1, 5]);
    world.cities[3]!.level = 5;
    expect(invaderOffers(world, 1)).toEqual([]);
  });
});

describe('AutoDeleteInvader and 방랑', () => {
  function raised(): World {
    const world = invaderWorld();
    raiseInvader(world, INVADER_STRENGTH['쉬움'], rng(), world.env.turntime, keepOrder);
    world.env.year = 194;
    return world;
  }

  it('waits while the invader nation is at war, then fills its ruler\'s queue with 방랑 and goes', () => {
    const world = raised();
    const ruler = [...world.generals.values()].find((g) => g.nation === 3 && g.officerLevel === 12)!;
    const event = world.events![0]!;
    autoDeleteInvader(world, 3, event.id);
    expect(ruler.queue[0]!.action).toBe('휴식');
    for (const other of [1, 2]) world.diplomacy.get(diplomacyKey(3, other))!.state = Diplo.nap;
    autoDeleteInvader(world, 3, event.id);
    expect(ruler.queue.every((s) => s.action === 'che_방랑')).toBe(true);
    expect(world.events!.map((e) => e.id)).not.toContain(event.id);
  });

  it('runs as a monthly event of the world\'s table', () => {
    const world = raised();
    for (const other of [1, 2]) world.diplomacy.get(diplomacyKey(3, other))!.state = Diplo.normal;
    runEvents(world, seededStreams(), 'MONTH', eventsOf(world));
    expect(world.events!.map((e) => e.actions)).toEqual([['InvaderEnding']]);
  });

  it('방랑: a ruler at peace turns the nation into a band; refused at war, and never reserved by a player', () => {
    const world = raised();
    const ruler = [...world.generals.values()].find((g) => g.nation === 3 && g.officerLevel === 12)!;
    const member = [...world.generals.values()].find((g) => g.nation === 3 && g.officerLevel !== 12)!;
    const ctx = contextFor(world, ruler, streamFromSeed(TEST_SEED, 'generalCommand', 194, 1, ruler.id, 'che_방랑'));
    expect(whyNot(ctx, wander, null)).toBe('방랑할 수 없는 외교상태입니다.');
    world.diplomacy.get(diplomacyKey(3, 1))!.state = Diplo.nap;
    expect(whyNot(ctx, wander, null)).toBeNull();
    world.cities[3]!.conflict = [[3, 100], [1, 50]];
    wander.run(ctx, null);
    expect(world.nations.get(3)).toMatchObject({ name: ruler.name, color: '#330000', level: 0, type: 'None', tech: 0, capital: 0 });
    expect(world.cities[3]).toMatchObject({ nation: 0, front: 0, conflict: [] });
    expect([member.officerLevel, member.makelimit, ruler.officerLevel, ruler.makelimit]).toEqual([1, 12, 12, 12]);
    for (const other of [1, 2]) expect(world.diplomacy.get(diplomacyKey(other, 3))).toMatchObject({ state: Diplo.normal, term: 0 });
    expect(whyNot(ctx, wander, null)).toBe('방랑군은 불가능합니다.');
    world.generals.get(1)!.owner = 'p1';
    const state = { tableId: 't', order: { seats: ['p1'] }, data: world } as unknown as GameState<World>;
    expect(() => checkMove(state, 'p1', { type: 'reserve', generalId: 1, command: 'che_방랑', arg: null, slots: [0] })).toThrow(/che_방랑 \(방랑\) is not offered in this game/);
  });
});

describe('InvaderEnding', () => {
  it('ends for the land when its own nation holds every city, for the invaders when every city is empty, and not before', () => {
    const world = invaderWorld();
    world.env.isunited = 1;
    world.nations.delete(2);
    world.cities[2]!.nation = 1;
    world.cities[3]!.nation = 0;
    expect(invaderEnding(world)).toBeNull();
    world.cities[3]!.nation = 1;
    expect(invaderEnding(world)).toBe('land');
    world.nations.get(1)!.name = 'ⓞ다족';
    expect(invaderEnding(world)).toBe('invaders');
    for (const city of world.cities.slice(1)) city.nation = 0;
    world.nations.clear();
    expect(invaderEnding(world)).toBe('invaders');
  });

  it('freezes the world at 3 with the refresh limit ×100, only while invaders are raised', () => {
    const world = invaderWorld();
    world.nations.delete(2);
    for (const city of world.cities.slice(1)) city.nation = 1;
    world.env.conlimit = 30;
    runInvaderEnding(world, 11);
    expect(world.env.isunited).toBe(2);
    world.env.isunited = 1;
    runInvaderEnding(world, 11);
    expect([world.env.isunited, world.env.conlimit]).toEqual([3, 3000]);
  });
});
