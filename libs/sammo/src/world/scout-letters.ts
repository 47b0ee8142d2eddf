import type { General, World } from './types';

/** Sends a scout letter (legacy `ScoutMessage::buildScoutMessage` + `send`). */
export function sendScoutLetter(world: World, from: General, to: General): void {
  world.scoutLetters.push({ id: world.env.nextLetterId++, fromGeneral: from.id, fromNation: from.nation, toGeneral: to.id });
}
