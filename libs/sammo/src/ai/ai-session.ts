import type { RandUtil } from '../rng/rand-util';
import { GameConst } from '../world/constants';
import type { General } from '../world/types';

/**
 * The AI of one general turn (the legacy GeneralAI object): built on first use, it takes the
 * general's type with the first draw of the `GeneralAI` stream (t무장 or t지장 by the stronger
 * stat, the other too with p ½ when the weaker is within 80%; t통솔장 from leadership 40), then
 * serves the nation choice and the general choice from the same stream.
 */
export class AiSession {
  readonly warrior: boolean;
  readonly scholar: boolean;
  readonly commander: boolean;

  constructor(readonly rng: RandUtil, general: General) {
    const { strength: s, intel: i } = general;
    if (s >= i) {
      this.warrior = true;
      this.scholar = i >= s * 0.8 && rng.nextBool(0.5);
    } else {
      this.scholar = true;
      this.warrior = s >= i * 0.8 && rng.nextBool(0.5);
    }
    this.commander = general.leadership >= GameConst.minNPCWarLeadership;
  }
}
