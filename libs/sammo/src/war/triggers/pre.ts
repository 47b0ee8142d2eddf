import { relYear } from '../../world/queries';
import { statOf } from '../../stats/stats';
import type { BattleTrigger } from '../war-unit';
import { GeneralUnit } from '../general-unit';
import { CityUnit } from '../city-unit';
import { RaiseType } from '../war-items';
import { PRE, newOpponent, type Trigger } from './trigger';

/** Legacy `che_계략시도` tables: success and failure multipliers per stratagem. */
const MAGIC_VS_GENERAL: readonly (readonly [string, number, number])[] = [
  ['위보', 1.2, 1.1], ['매복', 1.4, 1.2], ['반목', 1.6, 1.3], ['화계', 1.8, 1.4], ['혼란', 2.0, 1.5],
];
const MAGIC_VS_CITY: readonly (readonly [string, number, number])[] = [
  ['급습', 1.2, 1.1], ['위보', 1.4, 1.2], ['혼란', 1.6, 1.3],
];

/** The triggers that try before the blows (`PRIORITY_PRE`): critical, evasion, stratagem, stop, snipe, plunder, healing. */
export const PRE_TRIGGERS = {
  /** 목우 defending: (atmos + train)/400 to stop the phase. */
  che_저지시도: {
    priority: PRE,
    act(self) {
      if (self.isAttacker || self.has('특수') || self.has('저지불가')) return true;
      if (self.rng.nextBool((self.computedAtmos() + self.computedTrain()) / 400)) self.activate('특수', '저지');
      return true;
    },
  },
  che_필살시도: {
    priority: PRE + 120,
    act(self) {
      if (!(self instanceof GeneralUnit) || self.has('특수') || self.has('필살불가')) return true;
      if (self.rng.nextBool(self.criticalRatio())) self.activate('필살시도', '필살');
      return true;
    },
  },
  che_회피시도: {
    priority: PRE + 200,
    act(self) {
      if (!(self instanceof GeneralUnit) || self.has('특수') || self.has('회피불가')) return true;
      if (self.rng.nextBool(self.avoidRatio())) self.activate('회피시도', '회피');
      return true;
    },
  },
  /**
   * p = intel/100 × magicCoef through `warMagicTrialProb` (×3 in the first phase for
   * intel-heavy generals); success 0.7 through `warMagicSuccessProb`; the success damage
   * through `warMagicSuccessDamage` (the failure's is the table's).
   */
  che_계략시도: {
    priority: PRE + 300,
    act(self, oppose, env) {
      if (!(self instanceof GeneralUnit) || self.has('계략불가')) return true;
      let p = self.warStat('warMagicTrialProb', (statOf(self.general, 'intel', true, self.realNation, relYear(self.world)) / 100) * self.crewType.magicCoef);
      if (p <= 0) return true;
      const g = self.general;
      if (self.phase === 0 && g.intel * 3 >= g.leadership + g.strength + g.intel) p *= 3;
      if (!self.rng.nextBool(p)) return true;
      const successProb = self.warStat('warMagicSuccessProb', 0.7);
      const [magic, success, fail] = self.rng.choice(oppose instanceof CityUnit ? MAGIC_VS_CITY : MAGIC_VS_GENERAL);
      const successDamage = self.warStat('warMagicSuccessDamage', success, magic);
      self.activate('계략시도', magic);
      if (self.rng.nextBool(successProb)) {
        self.activate('계략');
        env['magic'] = successDamage;
      } else {
        self.activate('계략실패');
        env['magic'] = fail;
      }
      return true;
    },
  },
  /** 저격 special: p 0.5, wounds 20..40, +20 atmos. */
  che_저격시도: snipeTry(RaiseType.none, 0.5, [20, 40], 20),
  /** A 필살 general's critical cannot be avoided. */
  che_필살강화_회피불가: {
    priority: PRE + 150,
    act(self, oppose) {
      if (self.has('필살')) oppose.activate('회피불가');
      return true;
    },
  },
  /** 의술 (p 0.4 a phase): the opponent's blow ×0.7 and the general's wounds healed. */
  che_전투치료시도: {
    priority: PRE + 350,
    act(self) {
      if (self.has('치료') || self.has('치료불가')) return true;
      if (self.rng.nextBool(0.4)) self.activate('치료');
      return true;
    },
  },
} satisfies Partial<Record<BattleTrigger, Trigger>>;

/** Legacy `che_저격시도`: p `ratio` on a new opponent's first phase (not a volley's), once a phase; it notes who sniped, how deep it wounds and the morale it gives. */
export function snipeTry(raise: number, ratio: number, wound: readonly [number, number], atmos: number): Trigger {
  return {
    priority: PRE + 100,
    act(self, oppose, env) {
      if (!newOpponent(self, oppose) || oppose.phase < 0 || self.has('저격') || self.has('저격불가')) return true;
      if (!self.rng.nextBool(ratio)) return true;
      self.activate('저격');
      env['저격발동자'] = raise;
      env['wound'] = wound;
      env['addAtmos'] = atmos;
      return true;
    },
  };
}

/** Legacy `che_약탈시도`: p `ratio` against a new general opponent, once a phase. */
export function plunderTry(raise: number, ratio: number, theft: number): Trigger {
  return {
    priority: PRE + 400,
    act(self, oppose, env) {
      if (!newOpponent(self, oppose) || !(oppose instanceof GeneralUnit) || self.has('약탈') || self.has('약탈불가')) return true;
      if (!self.rng.nextBool(ratio)) return true;
      self.activate('약탈');
      env['theftRatio'] = theft;
      return true;
    },
  };
}
