import type { BattleTrigger } from '../war-unit';
import { BODY, type Trigger } from './trigger';

/** The triggers that act on the blows (`PRIORITY_BODY`): counter-stratagem and fury. */
export const BODY_TRIGGERS = {
  /** 반계 special (40 %). */
  che_반계시도: counterTry(0.4),
  /** 격노: against the opponent's critical always, against its avoidance 1/4; the attacker may rage (진노, 1/2) for a phase more. */
  che_격노시도: {
    priority: BODY + 400,
    act(self, oppose) {
      if (!oppose.has('필살') && !oppose.has('회피')) return true;
      if (self.has('격노불가')) return true;
      if (oppose.has('필살') || self.rng.nextBool(1 / 4)) {
        self.activate('격노');
        oppose.deactivate('회피');
        if (self.isAttacker && self.rng.nextBool(1 / 2)) self.activate('진노');
      }
      return true;
    },
  },
} satisfies Partial<Record<BattleTrigger, Trigger>>;

/** Legacy `che_반계시도`: p `prob` that the opponent's successful stratagem turns back on it. */
export function counterTry(prob: number): Trigger {
  return {
    priority: BODY + 300,
    act(self, oppose) {
      if (!oppose.has('계략') || self.has('반계불가')) return true;
      if (!self.rng.nextBool(prob)) return true;
      self.activate('반계');
      oppose.deactivate('계략');
      return true;
    },
  };
}
