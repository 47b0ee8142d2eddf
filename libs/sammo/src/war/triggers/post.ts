import { attackCoef } from '../../stats/crew-types';
import { GameConst } from '../../world/constants';
import { generalLog } from '../../world/logbook';
import { WarConst, type BattleTrigger } from '../war-unit';
import { GeneralUnit } from '../general-unit';
import { CityUnit } from '../city-unit';
import { RaiseType } from '../war-items';
import { POST, firstThisPhase, useItem, type Trigger } from './trigger';

/** The triggers that fire after the blows (`PRIORITY_POST`): what the tries set off. */
export const POST_TRIGGERS = {
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
  che_저격발동: snipe(RaiseType.none),
  che_전투치료발동: heal(RaiseType.none),
  che_격노발동: {
    priority: POST + 600,
    act(self) {
      if (!(self instanceof GeneralUnit) || !self.has('격노')) return true;
      if (self.has('진노')) self.addBonusPhase(1);
      self.warPowerMultiply *= self.criticalDamage();
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
} satisfies Partial<Record<BattleTrigger, Trigger>>;

/** Legacy `che_저격발동`: only the trigger of the snipe's raise type acts — the morale gained, the opponent wounded. */
export function snipe(raise: number): Trigger {
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
export function heal(raise: number): Trigger {
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

/** Legacy `che_약탈발동`: the share of the opponent's gold and rice changes hands (unrounded until the rows are written). */
export function plunder(raise: number): Trigger {
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
