import type { RandUtil } from '../rng/rand-util';
import { addGeneral, seededStreams, smallWorld } from '../testing/small-world';
import { killGeneral } from './kill';
import { deleteNation } from './delete-nation';
import { affinityDistance, nextRuler } from './succession';

// Pins what mutation testing found loose in lifecycle/ (legacy kill() and nextRuler(), §3):
// who succeeds a ruler, what a death and a fall change, and what the chronicle says.

/** An rng stand-in that records the pool it is asked to choose from and takes its last item. */
function recording(): { rng: () => RandUtil; pools: unknown[][] } {
  const pools: unknown[][] = [];
  const rng = () => ({ choice: <T>(items: readonly T[]) => { pools.push([...items]); return items[items.length - 1]!; } }) as unknown as RandUtil;
  return { rng, pools };
}
const noDraw = () => { throw new Error('drew'); };

describe('affinity on the ring of 150', () => {
  it.each([[5, 5, 0], [0, 75, 75], [0, 76, 74], [10, 140, 20], [140, 10, 20]])('%i to %i is %i', (a, b, d) => {
    expect(affinityDistance(a, b)).toBe(d);
  });
});

describe('nextRuler', () => {
  it('without the NPC rule: the highest officer from level 9, then the lowest id; never a troop dummy or another nation', () => {
    const world = smallWorld();
    world.env.fiction = 1;
    const ruler = addGeneral(world, { id: 1, officerLevel: 12, npc: 2 });
    addGeneral(world, { id: 2, officerLevel: 9 });
    addGeneral(world, { id: 3, officerLevel: 11 });
    addGeneral(world, { id: 4, officerLevel: 11 });
    addGeneral(world, { id: 5, officerLevel: 11, npc: 5 });
    addGeneral(world, { id: 6, officerLevel: 11, nation: 2 });
    expect(nextRuler(world, ruler, noDraw)?.id).toBe(3);
  });

  it('without an officer from level 9: the most dedicated, then the lowest id', () => {
    const world = smallWorld();
    const ruler = addGeneral(world, { id: 1, officerLevel: 12 });
    addGeneral(world, { id: 2, officerLevel: 8, dedication: 10 });
    addGeneral(world, { id: 3, officerLevel: 1, dedication: 30 });
    addGeneral(world, { id: 4, officerLevel: 1, dedication: 30 });
    addGeneral(world, { id: 5, officerLevel: 1, dedication: 99, npc: 5 });
    addGeneral(world, { id: 6, officerLevel: 1, dedication: 99, nation: 2 });
    expect(nextRuler(world, ruler, noDraw)?.id).toBe(3);
    const alone = smallWorld();
    expect(nextRuler(alone, addGeneral(alone, { id: 9, officerLevel: 12 }), noDraw)).toBeUndefined();
  });

  it('for an NPC ruler in a world without fiction: one draw among the NPCs (npc 1 to 3) nearest in affinity', () => {
    const world = smallWorld();
    const ruler = addGeneral(world, { id: 1, officerLevel: 12, npc: 2, affinity: 100 });
    addGeneral(world, { id: 2, npc: 2, affinity: 100 });
    addGeneral(world, { id: 3, npc: 3, affinity: 100 });
    addGeneral(world, { id: 4, npc: 1, affinity: 90 });
    addGeneral(world, { id: 5, npc: 4, affinity: 100 });
    addGeneral(world, { id: 6, npc: 0, affinity: 100 });
    addGeneral(world, { id: 7, npc: 2, affinity: 100, nation: 2 });
    const { rng, pools } = recording();
    expect(nextRuler(world, ruler, rng)?.id).toBe(3);
    expect(pools.map((pool) => pool.map((c) => (c as { g: { id: number } }).g.id))).toEqual([[2, 3]]);
  });

  it('pools every candidate, nearest first, when none is at distance 0 (the legacy `!d == min` test)', () => {
    const world = smallWorld();
    const ruler = addGeneral(world, { id: 1, officerLevel: 12, npc: 2, affinity: 0 });
    addGeneral(world, { id: 4, npc: 2, affinity: 140 });
    addGeneral(world, { id: 2, npc: 2, affinity: 30 });
    addGeneral(world, { id: 3, npc: 2, affinity: 5 });
    const { rng, pools } = recording();
    nextRuler(world, ruler, rng);
    expect(pools.map((pool) => pool.map((c) => (c as { g: { id: number }; d: number }).g.id))).toEqual([[3, 4, 2]]);
  });

  it('breaks ties by id whatever order the generals were added in', () => {
    const world = smallWorld();
    world.env.fiction = 1;
    const ruler = addGeneral(world, { id: 1, officerLevel: 12 });
    addGeneral(world, { id: 4, officerLevel: 11 });
    addGeneral(world, { id: 3, officerLevel: 11 });
    expect(nextRuler(world, ruler, noDraw)?.id).toBe(3);
    const plain = smallWorld();
    const king = addGeneral(plain, { id: 1, officerLevel: 12 });
    addGeneral(plain, { id: 4, dedication: 30 });
    addGeneral(plain, { id: 3, dedication: 30 });
    expect(nextRuler(plain, king, noDraw)?.id).toBe(3);
    const npcs = smallWorld();
    const npcRuler = addGeneral(npcs, { id: 1, officerLevel: 12, npc: 2, affinity: 50 });
    addGeneral(npcs, { id: 5, npc: 2, affinity: 55 });
    addGeneral(npcs, { id: 4, npc: 1, affinity: 45 });
    addGeneral(npcs, { id: 3, npc: 2, affinity: 60 });
    addGeneral(npcs, { id: 2, npc: 2, affinity: 50, officerLevel: 12 });
    const { rng, pools } = recording();
    nextRuler(npcs, npcRuler, rng);
    expect(pools.map((pool) => pool.map((c) => (c as { g: { id: number } }).g.id))).toEqual([[4, 5, 3]]);
  });

  it('falls back to the officer rule for a user ruler, with fiction, or without NPC candidates', () => {
    for (const [fiction, npc] of [[0, 0], [1, 2]] as const) {
      const world = smallWorld();
      world.env.fiction = fiction;
      const ruler = addGeneral(world, { id: 1, officerLevel: 12, npc });
      addGeneral(world, { id: 2, npc: 2, officerLevel: 1 });
      addGeneral(world, { id: 3, npc: 0, officerLevel: 10 });
      expect(nextRuler(world, ruler, noDraw)?.id).toBe(3);
    }
    const world = smallWorld();
    const ruler = addGeneral(world, { id: 1, officerLevel: 12, npc: 2 });
    addGeneral(world, { id: 2, npc: 0, officerLevel: 10 });
    expect(nextRuler(world, ruler, noDraw)?.id).toBe(2);
  });
});

describe('killGeneral', () => {
  it('hands the nation to the successor and says so in the nation log and the chronicle', () => {
    const world = smallWorld();
    world.env.fiction = 1;
    const ruler = addGeneral(world, { id: 1, name: '조조', officerLevel: 12 });
    const heir = addGeneral(world, { id: 2, name: '유비', officerLevel: 11 });
    ruler.officerCity = 1;
    heir.officerCity = 2;
    killGeneral(world, ruler, seededStreams());
    expect([heir.officerLevel, heir.officerCity, ruler.officerLevel, ruler.officerCity]).toEqual([12, 0, 1, 0]);
    expect(world.generals.has(1)).toBe(false);
    expect(world.nations.get(1)!.gennum).toBe(1);
    expect(world.logs.map((l) => [l.scope, l.subject, l.text])).toContainEqual(['nation', 1, '조조의 뒤를 이어 유비가 군주가 되었습니다.']);
    expect(world.history.map((h) => h.text)).toEqual(['위의 조조가 죽고 유비가 뒤를 이었습니다.', '조조가 세상을 떠났습니다.']);
  });

  it("disbands only the dying leader's own troop", () => {
    const world = smallWorld();
    const leader = addGeneral(world, { id: 1 });
    leader.troop = 1;
    const member = addGeneral(world, { id: 2 });
    member.troop = 1;
    const other = addGeneral(world, { id: 3 });
    other.troop = 3;
    killGeneral(world, leader, seededStreams());
    expect([member.troop, other.troop]).toEqual([0, 3]);
    const follower = addGeneral(world, { id: 4 });
    follower.troop = 3;
    killGeneral(world, member, seededStreams());
    expect(follower.troop).toBe(3);
  });

  it('a wanderer (nation 0) dies without touching any nation', () => {
    const world = smallWorld();
    const wanderer = addGeneral(world, { id: 1, nation: 0, officerLevel: 0 });
    const gennum = [...world.nations.values()].map((n) => n.gennum);
    killGeneral(world, wanderer, seededStreams());
    expect([...world.nations.values()].map((n) => n.gennum)).toEqual(gennum);
  });

  it('a ruler without a successor brings the nation down as legacy deleteNation does', () => {
    const world = smallWorld();
    const ruler = addGeneral(world, { id: 1, name: '조조', officerLevel: 12 });
    const rival = addGeneral(world, { id: 2, nation: 2, officerLevel: 12 });
    rival.troop = 2;
    for (const c of [1, 2, 3]) {
      world.cities[c]!.front = 1;
      world.cities[c]!.officerSet = 5;
      world.cities[c]!.term = 2;
    }
    world.cities[3]!.conflict = [[2, 700], [1, 300]];
    world.diplomacy.set('2:3', { state: 0, term: 0, dead: 0 } as never);
    killGeneral(world, ruler, seededStreams());
    expect(world.nations.has(1)).toBe(false);
    // Only nation and front change: legacy leaves officer_set and term as they were.
    expect([1, 2].map((c) => [world.cities[c]!.nation, world.cities[c]!.front, world.cities[c]!.officerSet, world.cities[c]!.term])).toEqual([[0, 0, 5, 2], [0, 0, 5, 2]]);
    expect([world.cities[3]!.nation, world.cities[3]!.front]).toEqual([2, 1]);
    expect(world.cities[3]!.conflict).toEqual([[2, 700]]);
    expect([rival.nation, rival.officerLevel, rival.troop]).toEqual([2, 12, 2]);
    expect([...world.diplomacy.keys()]).toEqual(['2:3']);
    expect(world.history.map((h) => h.text)).toEqual(['【멸망】 위는 멸망했습니다.', '조조가 세상을 떠났습니다.']);
    expect(world.logs.filter((l) => l.scope === 'general' && l.subject === 1).map((l) => l.text)).toEqual(['위가 멸망했습니다.']);
  });

  it('sends the people of a fallen nation wandering, listed by NPC type then id with the lord last', () => {
    const world = smallWorld();
    const lord = addGeneral(world, { id: 1, officerLevel: 12, npc: 0 });
    const officer = addGeneral(world, { id: 5, officerLevel: 4, npc: 2 });
    const npc = addGeneral(world, { id: 3, officerLevel: 1, npc: 2 });
    const user = addGeneral(world, { id: 7, officerLevel: 1, npc: 0 });
    const outsider = addGeneral(world, { id: 8, nation: 2, officerLevel: 1 });
    officer.officerCity = 2;
    officer.belong = 3;
    officer.troop = 5;
    user.belong = 4;
    user.aux.max_belong = 2;
    npc.belong = 9;
    const members = deleteNation(world, lord);
    expect(members.map((g) => g.id)).toEqual([7, 3, 5, 1]);
    expect([officer.nation, officer.officerLevel, officer.officerCity, officer.belong, officer.troop]).toEqual([0, 0, 0, 0, 0]);
    expect([user.aux.max_belong, npc.aux.max_belong]).toEqual([4, undefined]);
    expect([outsider.nation, world.nations.has(2)]).toEqual([2, true]);
  });

  it('refuses a lord who belongs to no nation', () => {
    const world = smallWorld();
    const wanderer = addGeneral(world, { id: 1, nation: 0, officerLevel: 0 });
    expect(() => deleteNation(world, wanderer)).toThrow('belongs to no nation');
  });
});
