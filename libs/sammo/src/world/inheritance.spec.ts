import { mergeInheritPointRank } from '../monthly/inherit-rank';
import { updateNationLevel } from '../monthly/nation-level';
import { addGeneral, seededStreams, smallWorld } from '../testing/small-world';
import { increaseInheritancePoint, inheritancePoints, keepMaxBelong, recordDomesticCriticalRun } from './inheritance';

describe('inheritance points (legacy InheritancePointManager, no lobby)', () => {
  it("stores a player's points by their coefficients, and nothing for NPCs or after unification", () => {
    const world = smallWorld();
    const player = addGeneral(world, { id: 1 });
    const npc = addGeneral(world, { id: 2, npc: 2 });
    increaseInheritancePoint(world, player, 'active_action', 1);
    increaseInheritancePoint(world, player, 'lived_month', 1);
    increaseInheritancePoint(world, npc, 'active_action', 1);
    expect(player.inheritance).toEqual({ active_action: 3, lived_month: 1 });
    expect(npc.inheritance).toEqual({});
    world.env.isunited = 2;
    increaseInheritancePoint(world, player, 'lived_month', 1);
    expect(player.inheritance.lived_month).toBe(1);
  });

  it('keeps the longest run of domestic criticals and the longest service', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    g.aux.maxDomesticCritical = 120;
    recordDomesticCriticalRun(world, g);
    g.aux.maxDomesticCritical = 40;
    recordDomesticCriticalRun(world, g);
    expect(g.inheritance.max_domestic_critical).toBe(120);
    g.belong = 7;
    keepMaxBelong(g);
    g.belong = 3;
    keepMaxBelong(g);
    expect(g.aux.max_belong).toBe(7);
  });

  it('sums the stored and the computed kinds as MergeInheritPointRank does, rounded into the rank', () => {
    const world = smallWorld();
    const g = addGeneral(world, { id: 1 });
    g.inheritance = { lived_month: 24, max_domestic_critical: 10.5, active_action: 9, unifier: 250 };
    g.belong = 4;
    g.aux.max_belong = 6;
    Object.assign(g.rank, { warnum: 3, firenum: 2 });
    // Dex past the last level (1,275,975) counts a third: 1,275,975 + 300,000/3 + 1,500 = 1,377,475 → ×0.001.
    g.dex = [0, 1_575_975, 1500, 0, 0, 0];
    // 24 + 6×10 + 10.5 + 9 + 3×5 + 2×20 + 250 + 1377.475 = 1785.975
    expect(inheritancePoints(g)).toBeCloseTo(1785.975, 9);
    const npc = addGeneral(world, { id: 2, npc: 2 });
    Object.assign(npc.rank, { warnum: 50 });
    mergeInheritPointRank(world);
    expect([g.rank.inheritEarned, npc.rank.inheritEarned]).toEqual([1786, 0]);
  });

  it('pays an active player ruler 250 unification points a level its nation rises', () => {
    const world = smallWorld();
    const ruler = addGeneral(world, { id: 1, officerLevel: 12 });
    world.nations.get(1)!.level = 0;
    for (const c of [1, 2]) world.cities[c]!.level = 5;
    updateNationLevel(world, seededStreams());
    // Two level-5 cities: level 2, two levels up.
    expect(ruler.inheritance.unifier).toBe(500);
    const idle = addGeneral(world, { id: 2, nation: 2, officerLevel: 12 });
    idle.killturn = world.env.killturn - 25;
    world.nations.get(2)!.level = 0;
    updateNationLevel(world, seededStreams());
    expect(idle.inheritance.unifier).toBeUndefined();
  });
});
