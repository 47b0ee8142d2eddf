import { newAuctionHouse } from '../auction/house';
import { newTournament } from '../tournament/state';
import type { General, World } from '../world/types';
import { addGeneral, smallWorld } from './small-world';

/** smallWorld in its fourth month (auctions may open), the house on, a host and two bidders with 5,000 gold and rice. */
export function auctionWorld(): { world: World; host: General; a: General; b: General } {
  const world = smallWorld();
  world.env.month = 4;
  world.auctions = newAuctionHouse(world.env.turntime);
  const [host, a, b] = [1, 2, 3].map((id) => Object.assign(addGeneral(world, { id }), { gold: 5000, rice: 5000 })) as [General, General, General];
  return { world, host, a, b };
}

/** smallWorld with `count` users (stats varied, gold 5,000) and tournaments on. */
export function tournamentWorld(count: number): World {
  const world = smallWorld();
  world.tournament = newTournament(true);
  for (let id = 1; id <= count; id++) {
    const g = addGeneral(world, { id, leadership: 20 + ((id * 37) % 70), strength: 20 + ((id * 53) % 70), intel: 20 + ((id * 29) % 70) });
    g.gold = 5000;
  }
  return world;
}
