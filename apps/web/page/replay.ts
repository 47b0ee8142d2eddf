import type { World } from '@chronicle/sammo';
import { cityDetails, generalDetails, worldView, type CityDetails, type GeneralDetails, type WorldView } from '../src/view/world-view';
import type { Replayed } from './verify';

/**
 * Everything that runs the engine and the game in the page, loaded only when a visitor
 * verifies a log: the live view needs none of it, so the first map is drawn sooner.
 */
export { verifyLog, verifyWorld, type Replayed, type Verdict, type WorldChapter } from './verify';

/** The state after move `move` of a verified log: the world's view when it is a strategy world. */
export function worldAt(replay: Replayed, move: number): { world: World; view: WorldView } | null {
  if (replay.game.id !== 'sammo') return null;
  const world = replay.stateAt(move).data as World;
  return { world, view: worldView(world) };
}

export function localCity(world: World, cityId: number): CityDetails | null {
  return cityDetails(world, cityId);
}

export function localGeneral(world: World, generalId: number): GeneralDetails | null {
  return generalDetails(world, generalId);
}
