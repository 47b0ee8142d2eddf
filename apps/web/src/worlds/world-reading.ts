import { decodeSnapshot, type SnapshotV1 } from '@chronicle/contracts';
import { stateFromArray, type Json } from '@chronicle/engine';
import { defaultGames } from '@chronicle/games';
import { sammo, type World } from '@chronicle/sammo';
import { allDetails, worldView, type CityDetails, type GeneralDetails, type Visibility, type WorldView } from '../view/world-view';

/** What the board keeps of a strategy world's state: its view and the details a click asks for. */
export interface WorldReading {
  view: WorldView;
  cities: Map<number, CityDetails>;
  generals: Map<number, GeneralDetails>;
}

/**
 * Reads a snapshot service's reply into what the board shows. Reading a world's state
 * (`stateFromArray`: every field of every general checked) takes a 1,200-general world some
 * hundreds of milliseconds, so the board runs this in a worker thread (`world-reader.ts`),
 * where it holds back no move on its way to the feed. `visibility`: `public` for a chapter in
 * play (only its public view leaves this function), `full` once it is finished.
 */
export function readWorld(reply: Pick<SnapshotV1, 'tableId' | 'gameId' | 'rulesVersion' | 'snapshot'>, visibility: Visibility): WorldReading {
  const game = defaultGames().forTable(reply.tableId, reply.gameId, reply.rulesVersion);
  if (game.id !== sammo.id) throw new Error(`table ${reply.tableId} plays ${game.id}, which has no map`);
  const world = stateFromArray(game, (decodeSnapshot(reply.snapshot) as { state: Json }).state).data as World;
  return { view: worldView(world, visibility), ...allDetails(world, visibility) };
}
