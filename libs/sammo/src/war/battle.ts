import { statOf } from '../commands/stats';
import { generalLog, log } from '../world/logbook';
import type { World } from '../world/types';
import { CityUnit, GeneralUnit, type WarUnit } from './units';

/** Legacy `che_계략시도` tables: success and failure multipliers per stratagem. */
const MAGIC_VS_GENERAL: readonly (readonly [string, number, number])[] = [
  ['위보', 1.2, 1.1], ['매복', 1.4, 1.2], ['반목', 1.6, 1.3], ['화계', 1.8, 1.4], ['혼란', 2.0, 1.5],
];
const MAGIC_VS_CITY: readonly (readonly [string, number, number])[] = [
  ['급습', 1.2, 1.1], ['위보', 1.4, 1.2], ['혼란', 1.6, 1.3],
];

interface PhaseEnv {
  magic?: { success: boolean; damage: number };
}

/**
 * The base phase triggers every general carries (legacy `getBattlePhaseSkillTriggerList`), fired
 * in priority order, the attacker's before the defender's at equal priority: 필살시도 (PRE+120),
 * 회피시도 (+200), 계략시도 (+300), then 계략발동/계략실패 (POST+300), 필살발동 (+400), 회피발동
 * (+500). A city has none of these (its crew-type triggers are not modelled).
 */
function firePhaseTriggers(attacker: WarUnit, defender: WarUnit): void {
  const units = [attacker, defender];
  const env = new Map<WarUnit, PhaseEnv>(units.map((u) => [u, {}]));
  for (const u of units) {
    if (u instanceof GeneralUnit && u.rng.nextBool(u.criticalRatio())) u.skills.add('필살');
  }
  for (const u of units) {
    if (u instanceof GeneralUnit && u.rng.nextBool(u.avoidRatio())) u.skills.add('회피');
  }
  for (const u of units) if (u instanceof GeneralUnit) tryMagic(u, env.get(u)!);
  for (const u of units) {
    const magic = env.get(u)!.magic;
    if (magic === undefined) continue;
    if (magic.success) {
      u.warPowerMultiply *= magic.damage;
    } else {
      u.warPowerMultiply *= 1 / magic.damage;
      u.opp.warPowerMultiply *= magic.damage;
    }
  }
  for (const u of units) if (u.skills.has('필살')) u.warPowerMultiply *= u.criticalDamage();
  for (const u of units) if (u.skills.has('회피')) u.opp.warPowerMultiply *= 1 / 6;
}

/** Legacy `che_계략시도`: p = intel/100 × magicCoef (×3 in the first phase for intel-heavy generals). */
function tryMagic(u: GeneralUnit, env: PhaseEnv): void {
  let p = (statOf(u.general, 'intel', true, u.realNation) / 100) * u.crewType.magicCoef;
  if (p <= 0) return;
  const g = u.general;
  if (u.phase === 0 && g.intel * 3 >= g.leadership + g.strength + g.intel) p *= 3;
  if (!u.rng.nextBool(p)) return;
  const [, success, fail] = u.rng.choice(u.opp instanceof CityUnit ? MAGIC_VS_CITY : MAGIC_VS_GENERAL);
  const ok = u.rng.nextBool(0.7);
  u.skills.add(ok ? '계략' : '계략실패');
  env.magic = { success: ok, damage: ok ? success : fail };
}

export interface BattleResult {
  conquered: boolean;
  /** Every defender that fought, in order. */
  fought: GeneralUnit[];
}

/**
 * Legacy `processWar_NG`: the attacker fights the defenders in order and then the city under
 * siege, phase by phase, until its phases run out, it stops, or the city falls.
 */
export function fight(world: World, attacker: GeneralUnit, defenders: GeneralUnit[], city: CityUnit): BattleResult {
  const fought: GeneralUnit[] = [];
  const queue = defenders.slice();
  const next = (): WarUnit | null => {
    const d = queue.shift();
    if (d) fought.push(d);
    return d ?? null;
  };
  let defender = next();
  let conquered = false;
  let logWritten = false;
  const cityName = city.city.name;
  generalLog(world, attacker.general.id, `${cityName}(으)로 진격합니다.`);
  log(world, 'world', 0, `${attacker.nation.name}의 ${attacker.name}이(가) ${cityName}(으)로 진격합니다.`);

  while (attacker.phase < attacker.maxPhase()) {
    logWritten = false;
    if (defender === null) {
      defender = city;
      city.setSiege();
      if (city.nation.rice <= 0 && city.city.supply === 1) {
        attacker.setOppose(city);
        city.setOppose(attacker);
        attacker.addTrain(1);
        attacker.addWin();
        city.addLose();
        city.heavyDecreaseWealth();
        log(world, 'world', 0, `병량 부족으로 ${cityName}의 수비병들이 패퇴합니다.`);
        conquered = true;
        break;
      }
    }
    if (defender.phase === 0 && defender.oppose === null) {
      defender.prePhase = attacker.phase;
      attacker.addTrain(1);
      defender.addTrain(1);
      attacker.setOppose(defender);
      defender.setOppose(attacker);
    }

    attacker.beginPhase();
    defender.beginPhase();
    firePhaseTriggers(attacker, defender);

    let deadDefender = attacker.calcDamage();
    let deadAttacker = defender.calcDamage();
    const attackerHP = attacker.hp();
    const defenderHP = defender.hp();
    if (deadAttacker > attackerHP || deadDefender > defenderHP) {
      const attackerRatio = deadAttacker / Math.max(1, attackerHP);
      const defenderRatio = deadDefender / Math.max(1, defenderHP);
      if (defenderRatio > attackerRatio) {
        deadAttacker /= defenderRatio;
        deadDefender = defenderHP;
      } else {
        deadDefender /= attackerRatio;
        deadAttacker = attackerHP;
      }
    }
    deadAttacker = Math.min(Math.ceil(deadAttacker), attackerHP);
    deadDefender = Math.min(Math.ceil(deadDefender), defenderHP);
    attacker.decreaseHP(deadAttacker);
    defender.decreaseHP(deadDefender);
    attacker.increaseKilled(deadDefender);
    defender.increaseKilled(deadAttacker);
    if (deadAttacker > 0 || deadDefender > 0) {
      // The battle detail line legacy writes each phase.
      const line = `${attacker.phase + 1}: 【${attacker.name}】 ${attacker.hp()} (-${deadAttacker}) VS ${defender.hp()} (-${deadDefender}) 【${defender.name}】`;
      generalLog(world, attacker.general.id, line);
      if (defender instanceof GeneralUnit) generalLog(world, defender.general.id, line);
    }
    attacker.phase += 1;
    defender.phase += 1;

    const attackerGoes = attacker.continueWar();
    if (!attackerGoes.go) {
      logWritten = true;
      attacker.addLose();
      defender.addWin();
      attacker.tryWound();
      defender.tryWound();
      generalLog(world, attacker.general.id, attackerGoes.noRice ? '군량 부족으로 퇴각합니다.' : '퇴각했습니다.');
      break;
    }
    const defenderGoes = defender.continueWar();
    if (!defenderGoes.go) {
      logWritten = true;
      if (!(defender instanceof CityUnit) || defender.siege) {
        attacker.addWin();
        defender.addLose();
        attacker.tryWound();
        defender.tryWound();
        if (defender === city) {
          attacker.addLevelExp(1000);
          conquered = true;
          break;
        }
      }
      if (defender instanceof GeneralUnit) {
        generalLog(world, defender.general.id, defenderGoes.noRice ? '군량 부족으로 패퇴합니다.' : '전멸했습니다.');
      }
      if (attacker.phase >= attacker.maxPhase()) break;
      defender.finishBattle();
      defender = next();
    }
  }

  if (!logWritten) {
    attacker.tryWound();
    defender!.tryWound();
  }
  attacker.finishBattle();
  defender!.finishBattle();
  return { conquered, fought };
}
