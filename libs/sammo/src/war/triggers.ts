import { attackCoef } from '../stats/crew-types';
import { relYear } from '../world/queries';
import { statOf } from '../stats/stats';
import { itemIn, setItem } from '../items/held';
import { GameConst } from '../world/constants';
import { josa } from '../world/josa';
import { generalLog } from '../world/logbook';
import { WarConst, type BattleTrigger, type TriggerSpec, type TriggerWithArgs, type WarUnit } from './war-unit';
import { GeneralUnit } from './general-unit';
import { CityUnit } from './city-unit';
import { RaiseType } from './war-items';

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

/**
 * Legacy's `getPhase() !== 0 && oppose->getPhase() !== 0` test, negated: one side or the other is
 * in its first phase against this opponent (an encounter opening, or a new defender).
 */
const newOpponent = (self: WarUnit, oppose: WarUnit): boolean => self.phase === 0 || oppose.phase === 0;

/**
 * Legacy's `$selfEnv['<skill>발동']` flag: whether this is the first of a unit's 발동 triggers for
 * the skill to act this phase (a war special's and an item's carry one each, by raise type).
 */
function firstThisPhase(env: SideEnv, skill: string): boolean {
  const flag = `${skill}발동`;
  if (env[flag]) return false;
  env[flag] = true;
  return true;
}

/** The legacy `WarUnitTrigger` classes libs/sammo has, by legacy name. */
const TRIGGERS: Record<BattleTrigger, Trigger> = {
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
  /** 반계 special (40 %). */
  che_반계시도: counterTry(0.4),
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
      if (!newOpponent(self, oppose) || self.has('위압불가')) return true;
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
  /** 저격 special: p 0.5, wounds 20..40, +20 atmos. */
  che_저격시도: snipeTry(RaiseType.none, 0.5, [20, 40], 20),
  che_저격발동: snipe(RaiseType.none),
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
  che_전투치료발동: heal(RaiseType.none),
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
 * Legacy `processConsumableItem`, run by the triggers an item may raise once they acted: the
 * tool is marked used this phase, and a consumable one is spent (its slot emptied, a line in
 * the general's log).
 */
function useItem(self: WarUnit, raise: number): void {
  if ((raise & RaiseType.item) === 0 || !(self instanceof GeneralUnit) || self.has('아이템사용')) return;
  const item = itemIn(self.general, 'item');
  self.activate('아이템사용', item?.name ?? '-');
  if (raise !== RaiseType.consumable || self.has('아이템소모')) return;
  self.activate('아이템소모');
  if (item !== undefined) generalLog(self.world, self.general.id, `${item.name}${josa(item.rawName, '을')} 사용!`);
  setItem(self.general, 'item', null);
}

/** Legacy `che_반계시도`: p `prob` that the opponent's successful stratagem turns back on it. */
function counterTry(prob: number): Trigger {
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

/** Legacy `che_저격시도`: p `ratio` on a new opponent's first phase (not a volley's), once a phase; it notes who sniped, how deep it wounds and the morale it gives. */
function snipeTry(raise: number, ratio: number, wound: readonly [number, number], atmos: number): Trigger {
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

/** Legacy `che_저격발동`: only the trigger of the snipe's raise type acts — the morale gained, the opponent wounded. */
function snipe(raise: number): Trigger {
  return {
    priority: POST + 100,
    act(self, oppose, env) {
      if (!self.has('저격') || env['저격발동자'] !== raise || !firstThisPhase(env, '저격')) return true;
      if (self instanceof GeneralUnit) {
        generalLog(self.world, self.general.id, oppose instanceof GeneralUnit ? '상대를 저격했다!' : '성벽 수비대장을 저격했다!');
        self.general.atmos = Math.min(WarConst.maxAtmosByWar, Math.max(0, self.general.atmos + (env['addAtmos'] as number)));
      }
      if (oppose instanceof GeneralUnit) generalLog(oppose.world, oppose.general.id, '상대에게 저격당했다!');
      if (!oppose.has('부상무효') && oppose instanceof GeneralUnit) {
        const [min, max] = env['wound'] as readonly [number, number];
        oppose.general.injury = Math.min(GameConst.maxInjury, oppose.general.injury + self.rng.nextRangeInt(min, max));
      }
      useItem(self, raise);
      return true;
    },
  };
}

/** Legacy `che_전투치료발동`: the opponent's blow ×0.7 and the general's wounds healed, once a phase. */
function heal(raise: number): Trigger {
  return {
    priority: POST + 550,
    act(self, oppose, env) {
      if (!self.has('치료') || !firstThisPhase(env, '치료')) return true;
      oppose.warPowerMultiply *= 0.7;
      if (self instanceof GeneralUnit) self.general.injury = 0;
      useItem(self, raise);
      return true;
    },
  };
}

/** Legacy `che_약탈시도`: p `ratio` against a new general opponent, once a phase. */
function plunderTry(raise: number, ratio: number, theft: number): Trigger {
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

/** Legacy `che_약탈발동`: the share of the opponent's gold and rice changes hands (unrounded until the rows are written). */
function plunder(raise: number): Trigger {
  return {
    priority: POST + 350,
    act(self, oppose, env) {
      if (!self.has('약탈') || !firstThisPhase(env, '약탈')) return true;
      if (!(self instanceof GeneralUnit) || !(oppose instanceof GeneralUnit)) return true;
      const ratio = env['theftRatio'] as number;
      const them = oppose.general;
      const gold = them.gold * ratio;
      const rice = them.rice * ratio;
      them.gold = Math.max(0, them.gold - gold);
      them.rice = Math.max(0, them.rice - rice);
      self.general.gold += gold;
      self.general.rice += rice;
      generalLog(self.world, self.general.id, '상대를 약탈했다!');
      generalLog(oppose.world, them.id, '상대에게 약탈당했다!');
      useItem(self, raise);
      return true;
    },
  };
}

/** Legacy `능력치변경` ('+'): a row value of the general raised up to `max` (탁주, 청주). */
function raiseStat(raise: number, stat: 'atmos' | 'train', add: number, max: number): Trigger {
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
function powerAdjust(own: number, opposed: number): Trigger {
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
function activateSkills(onSelf: boolean, skills: readonly string[]): Trigger {
  return {
    priority: BEGIN,
    act(self, oppose) {
      (onSelf ? self : oppose).activate(...skills);
      return true;
    },
  };
}

function build(spec: TriggerWithArgs): Trigger {
  switch (spec.name) {
    case 'che_저격시도': return snipeTry(spec.raise, spec.ratio, spec.wound, spec.atmos);
    case 'che_반계시도': return counterTry(spec.prob);
    case 'che_저격발동': return snipe(spec.raise);
    case 'che_전투치료발동': return heal(spec.raise);
    case 'che_약탈시도': return plunderTry(spec.raise, spec.ratio, spec.theft);
    case 'che_약탈발동': return plunder(spec.raise);
    case '능력치변경': return raiseStat(spec.raise, spec.stat, spec.add, spec.max);
    case '전투력보정': return powerAdjust(spec.own, spec.opposed);
    case 'WarActivateSkills': return activateSkills(spec.onSelf, spec.skills);
    // The raise type of these only tells them apart; they act as the plain class.
    case 'che_격노시도':
    case 'che_부상무효':
    case 'che_퇴각부상무효':
    case 'che_전투치료시도':
      return TRIGGERS[spec.name];
  }
}

/**
 * A unit's list as legacy's `TriggerCaller` keeps it: one trigger per class and raise type
 * (its unique id; priority is the class's), at the place the first took, in the chain's order.
 */
function unitTriggers(specs: readonly TriggerSpec[]): Trigger[] {
  const byId = new Map<string, Trigger>();
  for (const spec of specs) {
    if (typeof spec === 'string') byId.set(`${spec}#0`, TRIGGERS[spec]);
    else byId.set(`${spec.name}#${'raise' in spec ? spec.raise : 0}`, build(spec));
  }
  return [...byId.values()];
}

/**
 * Legacy `WarUnitTriggerCaller::fire` over both sides' lists: by priority, the attacker's before
 * the defender's at equal priority, each side's in its chain's order (a stable sort of the
 * concatenation is exactly legacy's merge), until a trigger stops the rest.
 */
export function fireTriggers(kind: 'init' | 'phase', attacker: WarUnit, defender: WarUnit): void {
  const list: { unit: WarUnit; trigger: Trigger }[] = [];
  for (const unit of [attacker, defender]) {
    for (const trigger of unitTriggers(unit.triggers(kind))) list.push({ unit, trigger });
  }
  list.sort((a, b) => a.trigger.priority - b.trigger.priority);
  const envs = new Map<WarUnit, SideEnv>([[attacker, {}], [defender, {}]]);
  for (const { unit, trigger } of list) {
    const oppose = unit === attacker ? defender : attacker;
    if (!trigger.act(unit, oppose, envs.get(unit)!, envs.get(oppose)!)) return;
  }
}
