import type { BattleTrigger } from '../war-unit';
import { GeneralUnit } from '../general-unit';
import { CityUnit } from '../city-unit';
import { BEGIN, newOpponent, useItem, type Trigger } from './trigger';

/** The triggers that fire at the encounter's opening (legacy `ObjectTrigger::PRIORITY_BEGIN`): the volleys, the skills switched on, wounds made void, the items' stat raises. */
export const BEGIN_TRIGGERS = {
  /** Archers and the wall shoot first in an encounter's first phase, once per battle. */
  che_선제사격시도: {
    priority: BEGIN + 50,
    act(self, oppose) {
      if (!newOpponent(self, oppose)) return true;
      // The battle's log counts this phase's skills too (legacy asks both).
      if (self.hasOnLog('선제')) return true;
      self.activate('특수', '선제');
      return true;
    },
  },
  /** The volley takes no phase; both shooting: ×2/3 each; else the target does no damage and no side crits, avoids or plots. */
  che_선제사격발동: {
    priority: BEGIN + 51,
    act(self, oppose) {
      if (!self.has('선제')) return true;
      if (oppose.has('선제') && oppose.isAttacker) return true;
      self.addPhase(-1);
      oppose.addPhase(-1);
      if (oppose.has('선제')) {
        self.warPowerMultiply *= 2 / 3;
        oppose.warPowerMultiply *= 2 / 3;
        return true;
      }
      oppose.warPowerMultiply *= 0;
      self.warPowerMultiply *= 2 / 3;
      self.activate('회피불가', '필살불가', '계략불가');
      oppose.activate('회피불가', '필살불가', '격노불가', '계략불가');
      return true;
    },
  },
  /** Siege engines are not wounded in a battle where they faced the wall. */
  che_성벽부상무효: {
    priority: BEGIN + 150,
    act(self, oppose) {
      if (oppose instanceof CityUnit) self.activate('부상무효');
      return true;
    },
  },
  /** 위압: in an encounter's first phase the opponent does no damage, cannot crit, avoid or plot, and loses 5 atmos (not below 40). */
  che_위압시도: {
    priority: BEGIN + 100,
    act(self, oppose) {
      if (!newOpponent(self, oppose) || self.has('위압불가')) return true;
      self.activate('위압');
      oppose.activate('회피불가', '필살불가', '계략불가');
      return true;
    },
  },
  /** 백마, 사륜거: not wounded when the battle ends. */
  che_퇴각부상무효: {
    priority: BEGIN + 300,
    act(self) {
      self.activate('퇴각부상무효');
      return true;
    },
  },
  /** 견고: never wounded. */
  che_부상무효: {
    priority: BEGIN + 200,
    act(self) {
      self.activate('부상무효');
      return true;
    },
  },
} satisfies Partial<Record<BattleTrigger, Trigger>>;

/** Legacy `능력치변경` ('+'): a row value of the general raised up to `max` (탁주, 청주). */
export function raiseStat(raise: number, stat: 'atmos' | 'train', add: number, max: number): Trigger {
  return {
    priority: BEGIN + 10,
    act(self) {
      if (self instanceof GeneralUnit) self.general[stat] = Math.min(max, self.general[stat] + add);
      useItem(self, raise);
      return true;
    },
  };
}

/** Legacy `전투력보정`: the phase's multipliers (raised by no item, so nothing is used up). */
export function powerAdjust(own: number, opposed: number): Trigger {
  return {
    priority: BEGIN + 20,
    act(self, oppose) {
      self.warPowerMultiply *= own;
      oppose.warPowerMultiply *= opposed;
      return true;
    },
  };
}

/** Legacy `WarActivateSkills`: skills switched on for the phase, on the unit or its opponent. */
export function activateSkills(onSelf: boolean, skills: readonly string[]): Trigger {
  return {
    priority: BEGIN,
    act(self, oppose) {
      (onSelf ? self : oppose).activate(...skills);
      return true;
    },
  };
}
