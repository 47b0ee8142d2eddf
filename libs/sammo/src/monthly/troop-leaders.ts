import { GeneralBuilder } from '../pool/general-builder';
import type { StreamSource } from '../state/turn-run';
import type { World } from '../world/types';

/** Troop-leader dummies a nation keeps, by its level (legacy `MaxNPCTroopLeaderCnt`; a band keeps none). */
export const TROOP_LEADERS_BY_LEVEL: readonly number[] = [0, 0, 1, 3, 4, 6, 7, 9];

/** A dummy's name before its ㉥: a running number, right-aligned in four places (`sprintf('%4d')`). */
export function troopLeaderName(serial: number): string {
  return `부대장${String(serial).padStart(4, ' ')}`;
}

/**
 * Legacy ProvideNPCTroopLeader, every month after UpdateNationLevel: each nation short of
 * its level's quota of troop-leader dummies (npc 5) gets the missing ones, on a stream of its
 * own (`troopLeader`, year, month, nation), numbered on from `env.lastNPCTroopLeaderID`. A
 * dummy is a 10/10/10 general of no value (no gold, rice, speciality or dexterity, 은둔,
 * affinity 999, specialities never due, killturn 70) leading a troop of its own name, with
 * 집합 reserved in every slot; its first turn is in the window opening at `clock`.
 */
export function provideTroopLeaders(world: World, random: StreamSource, clock: number): void {
  const { year, month } = world.env;
  const held = new Map<number, number>();
  for (const g of world.generals.values()) if (g.npc === 5) held.set(g.nation, (held.get(g.nation) ?? 0) + 1);
  const nations = [...world.nations.values()].sort((a, b) => a.id - b.id);
  for (const nation of nations) {
    const quota = TROOP_LEADERS_BY_LEVEL[nation.level] ?? 0;
    let count = held.get(nation.id) ?? 0;
    if (count >= quota) continue;
    const rng = random.stream('troopLeader', year, month, nation.id);
    for (; count < quota; count++) {
      const serial = (world.env.lastNPCTroopLeaderID ?? 0) + 1;
      const builder = new GeneralBuilder(rng, troopLeaderName(serial), nation.id);
      Object.assign(builder, {
        npc: 5, stats: { leadership: 10, strength: 10, intel: 10 }, affinity: 999, personal: 'che_은둔',
        specage: 999, specage2: 999, killturn: 70, gold: 0, rice: 0,
      });
      const dummy = builder.fillZero(world).build(world, clock);
      dummy.troop = dummy.id;
      dummy.queue = dummy.queue.map(() => ({ action: 'che_집합', arg: null }));
      world.troops.set(dummy.id, { leader: dummy.id, nation: nation.id, name: dummy.name });
      world.env.lastNPCTroopLeaderID = serial;
    }
  }
}
