import { attackCoef } from '../commands/crew-types';
import { statOf } from '../commands/stats';
import { GameConst } from '../world/constants';
import { CityUnit, GeneralUnit, WarConst, type BattleTrigger, type WarUnit } from './units';

/** Legacy `ObjectTrigger` priorities: lower fires first. */
const BEGIN = 10000;
const PRE = 20000;
const BODY = 30000;
const POST = 40000;
const FINAL = 50000;

/** One side's scratch space for a firing (legacy `e_attacker`/`e_defender`). */
type SideEnv = Record<string, unknown>;

interface Trigger {
  priority: number;
  /** False stops every trigger after it in this firing (legacy `stopNextAction`). */
  act(self: WarUnit, oppose: WarUnit, env: SideEnv, opposeEnv: SideEnv): boolean;
}

/** Legacy `che_계략시도` tables: success and failure multipliers per stratagem. */
const MAGIC_VS_GENERAL: readonly (readonly [string, number, number])[] = [
  ['위보', 1.2, 1.1], ['매복', 1.4, 1.2], ['반목', 1.6, 1.3], ['화계', 1.8, 1.4], ['혼란', 2.0, 1.5],
];
const MAGIC_VS_CITY: readonly (readonly [string, number, number])[] = [
  ['급습', 1.2, 1.1], ['위보', 1.4, 1.2], ['혼란', 1.6, 1.3],
];

/** The legacy `WarUnitTrigger` classes libs/sammo has, by legacy name. */
const TRIGGERS: Record<BattleTrigger, Trigger> = {
  /** Archers and the wall shoot first in an encounter's first phase, once per battle. */
  che_선제사격시도: {
    priority: BEGIN + 50,
    act(self, oppose) {
      if (self.phase !== 0 && oppose.phase !== 0) return true;
      if (self.has('선제') || self.hasOnLog('선제')) return true;
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
  /** 목우 defending: (atmos + train)/400 to stop the phase. */
  che_저지시도: {
    priority: PRE,
    act(self) {
      if (self.isAttacker || self.has('특수') || self.has('저지불가')) return true;
      if (self.rng.nextBool((self.computedAtmos() + self.computedTrain()) / 400)) self.activate('특수', '저지');
      return true;
    },
  },
  /**
   * Nobody loses soldiers; the blocker gains dex, experience and eats a quarter of the rice as
   * if it had killed 90 % of the attack (legacy passes it to an int parameter: truncated).
   */
  che_저지발동: {
    priority: POST,
    act(self, oppose) {
      if (!self.has('저지')) return true;
      const blocked = oppose.effectiveWarPower() * 0.9;
      if (self instanceof GeneralUnit) {
        self.addDex(oppose.crewType, blocked);
        self.addDex(self.crewType, blocked);
        self.addLevelExp(blocked / 50);
        self.general.rice = Math.max(0, self.general.rice - self.riceFor(Math.trunc(blocked)) * 0.25);
      }
      self.warPowerMultiply = 0;
      oppose.warPowerMultiply = 0;
      return false;
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
      let p = self.warStat('warMagicTrialProb', (statOf(self.general, 'intel', true, self.realNation) / 100) * self.crewType.magicCoef);
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
  /** 반계 (40 %): the opponent's successful stratagem turns back on it. */
  che_반계시도: {
    priority: BODY + 300,
    act(self, oppose) {
      if (!oppose.has('계략') || self.has('반계불가')) return true;
      if (!self.rng.nextBool(0.4)) return true;
      self.activate('반계');
      oppose.deactivate('계략');
      return true;
    },
  },
  che_반계발동: {
    priority: POST + 250,
    act(self, _oppose, _env, opposeEnv) {
      if (self.has('반계')) self.warPowerMultiply *= opposeEnv['magic'] as number;
      return true;
    },
  },
  che_계략발동: {
    priority: POST + 300,
    act(self, _oppose, env) {
      if (!self.has('계략')) return true;
      self.warPowerMultiply *= env['magic'] as number;
      return true;
    },
  },
  che_계략실패: {
    priority: POST + 300,
    act(self, oppose, env) {
      if (!self.has('계략실패')) return true;
      self.warPowerMultiply *= 1 / (env['magic'] as number);
      oppose.warPowerMultiply *= env['magic'] as number;
      return true;
    },
  },
  /** 위압: in an encounter's first phase the opponent does no damage, cannot crit, avoid or plot, and loses 5 atmos (not below 40). */
  che_위압시도: {
    priority: BEGIN + 100,
    act(self, oppose) {
      if (self.phase !== 0 && oppose.phase !== 0) return true;
      if (self.has('위압불가')) return true;
      self.activate('위압');
      oppose.activate('회피불가', '필살불가', '계략불가');
      return true;
    },
  },
  che_위압발동: {
    priority: POST + 700,
    act(self, oppose) {
      if (!self.has('위압')) return true;
      oppose.warPowerMultiply = 0;
      // Legacy's lower limit also lifts a morale already under 40 to 40.
      if (oppose instanceof GeneralUnit) oppose.general.atmos = Math.max(40, oppose.general.atmos - 5);
      return true;
    },
  },
  /** 저격 (p 0.5) in an encounter's first phase, not against a volley: +20 atmos, the opponent wounded 20..40. */
  che_저격시도: {
    priority: PRE + 100,
    act(self, oppose) {
      if (self.phase !== 0 && oppose.phase !== 0) return true;
      if (oppose.phase < 0 || self.has('저격') || self.has('저격불가')) return true;
      if (!self.rng.nextBool(0.5)) return true;
      self.activate('저격');
      return true;
    },
  },
  che_저격발동: {
    priority: POST + 100,
    act(self, oppose) {
      if (!self.has('저격')) return true;
      if (self instanceof GeneralUnit) self.general.atmos = Math.min(WarConst.maxAtmosByWar, Math.max(0, self.general.atmos + 20));
      if (!oppose.has('부상무효') && oppose instanceof GeneralUnit) {
        oppose.general.injury = Math.min(GameConst.maxInjury, oppose.general.injury + self.rng.nextRangeInt(20, 40));
      }
      return true;
    },
  },
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
  che_전투치료발동: {
    priority: POST + 550,
    act(self, oppose) {
      if (!self.has('치료')) return true;
      oppose.warPowerMultiply *= 0.7;
      if (self instanceof GeneralUnit) self.general.injury = 0;
      return true;
    },
  },
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
  che_격노발동: {
    priority: POST + 600,
    act(self) {
      if (!(self instanceof GeneralUnit) || !self.has('격노')) return true;
      if (self.has('진노')) self.addBonusPhase(1);
      self.warPowerMultiply *= self.criticalDamage();
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
  /** 돌격: attacking a general with an advantage, one phase more at the last; with a disadvantage, one less after a volley near the end. */
  che_돌격지속: {
    priority: POST + 900,
    act(self, oppose) {
      if (!(self instanceof GeneralUnit) || oppose instanceof CityUnit || !self.isAttacker) return true;
      if (attackCoef(self.crewType, oppose.crewType) < 1) {
        if (oppose.has('선제') && self.phase >= self.maxPhase() - 2) self.addBonusPhase(-1);
        return true;
      }
      if (self.phase < self.maxPhase() - 1) return true;
      self.addBonusPhase(1);
      return true;
    },
  },
  che_필살발동: {
    priority: POST + 400,
    act(self) {
      if (!(self instanceof GeneralUnit) || !self.has('필살')) return true;
      self.warPowerMultiply *= self.criticalDamage();
      return true;
    },
  },
  che_회피발동: {
    priority: POST + 500,
    act(self, oppose) {
      if (self.has('회피')) oppose.warPowerMultiply *= 1 / 6;
      return true;
    },
  },
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
};

/**
 * Legacy `WarUnitTriggerCaller::fire` over both sides' lists: by priority, the attacker's before
 * the defender's at equal priority, each side's in its chain's order (a stable sort of the
 * concatenation is exactly legacy's merge), until a trigger stops the rest.
 */
export function fireTriggers(kind: 'init' | 'phase', attacker: WarUnit, defender: WarUnit): void {
  const list: { unit: WarUnit; trigger: Trigger }[] = [];
  for (const unit of [attacker, defender]) {
    for (const name of unit.triggers(kind)) list.push({ unit, trigger: TRIGGERS[name] });
  }
  list.sort((a, b) => a.trigger.priority - b.trigger.priority);
  const envs = new Map<WarUnit, SideEnv>([[attacker, {}], [defender, {}]]);
  for (const { unit, trigger } of list) {
    const oppose = unit === attacker ? defender : attacker;
    if (!trigger.act(unit, oppose, envs.get(unit)!, envs.get(oppose)!)) return;
  }
}
