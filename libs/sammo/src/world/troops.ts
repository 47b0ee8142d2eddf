import type { World } from './types';

/** A troop dissolves (its leader died, left the nation or quit it): every member is free again. */
export function dissolveTroop(world: World, leaderId: number): void {
  for (const g of world.generals.values()) if (g.troop === leaderId) g.troop = 0;
  world.troops.delete(leaderId);
}

/** A nation's troops go with it (legacy deleteNation); its members' `troop` is cleared by the caller. */
export function dropNationTroops(world: World, nationId: number): void {
  for (const [leader, troop] of world.troops) if (troop.nation === nationId) world.troops.delete(leader);
}
