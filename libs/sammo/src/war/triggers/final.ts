import type { BattleTrigger } from '../war-unit';
import { CityUnit } from '../city-unit';
import { FINAL, type Trigger } from './trigger';

/** The triggers that fire last (`PRIORITY_FINAL`): the arms' own adjustments. */
export const FINAL_TRIGGERS = {
  /** Cavalry: ×1.02 own / ×0.97 opponent attacking a general, ×0.9 against the wall, the reverse defending. */
  che_기병병종전투: {
    priority: FINAL + 100,
    act(self, oppose) {
      if (!self.isAttacker) {
        oppose.warPowerMultiply *= 1.02;
        self.warPowerMultiply *= 0.97;
      } else if (oppose instanceof CityUnit) {
        self.warPowerMultiply *= 0.9;
      } else {
        oppose.warPowerMultiply *= 0.97;
        self.warPowerMultiply *= 1.02;
      }
      return true;
    },
  },
  /** Footmen defending take 1/1.05 of the blow. */
  che_방어력증가5p: {
    priority: FINAL + 200,
    act(self, oppose) {
      if (!self.isAttacker) oppose.warPowerMultiply *= 1 / 1.05;
      return true;
    },
  },
} satisfies Partial<Record<BattleTrigger, Trigger>>;
