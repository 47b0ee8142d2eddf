import { statOf } from '../stats/stats';
import type { RandUtil } from '../rng/rand-util';
import { policyOf } from '../world/policy';
import type { General, Nation } from '../world/types';

/**
 * The AI of one general turn (the legacy GeneralAI object): built on first use, it takes the
 * general's type from its stats without injury, with the first draw of the `GeneralAI` stream
 * (t무장 or t지장 by the stronger stat; the other too, with p = weaker/stronger/2, when the
 * weaker is within 80%; t통솔장 from leadership 40), then serves the nation choice and the
 * general choice from the same stream.
 */
export class AiSession {
  readonly warrior: boolean;
  readonly scholar: boolean;
  readonly commander: boolean;
  /**
   * Members other than the general per city of its nation, once the nation AI has sorted
   * them in this turn (legacy categorizeNationGeneral fills its cached city rows); until then
   * null, and legacy's rows count nobody.
   */
  membersByCity: Map<number, number> | null = null;

  constructor(readonly rng: RandUtil, general: General, nation: Nation | undefined | null, relYear: number) {
    const s = Math.max(1, Math.floor(statOf(general, 'strength', false, null, relYear)));
    const i = Math.max(1, Math.floor(statOf(general, 'intel', false, null, relYear)));
    if (s >= i) {
      this.warrior = true;
      this.scholar = i >= s * 0.8 && rng.nextBool(i / s / 2);
    } else {
      this.scholar = true;
      this.warrior = s >= i * 0.8 && rng.nextBool(s / i / 2);
    }
    // Leadership with the trait chain (the officer's bonus) when the nation is given; the nation policy's bar.
    this.commander = Math.floor(statOf(general, 'leadership', false, nation, relYear)) >= policyOf(nation).minNPCWarLeadership;
  }
}
