import { generalLog, log } from '../world/logbook';
import type { World } from '../world/types';
import { fireTriggers } from './triggers';
import { type WarUnit } from './war-unit';
import { GeneralUnit } from './general-unit';
import { CityUnit } from './city-unit';
import { withJosa } from '../world/josa';

export interface BattleResult {
  conquered: boolean;
  /** Every defender that fought, in order (the city when it struck before the siege). */
  fought: WarUnit[];
  /** The defender of the last phase. */
  last: WarUnit;
}

/**
 * Legacy `processWar_NG`: the attacker fights the defenders in order and then the city under
 * siege, phase by phase, until its phases run out, it stops, or the city falls.
 */
export function fight(world: World, attacker: GeneralUnit, defenders: WarUnit[], city: CityUnit, seed?: string): BattleResult {
  const fought: WarUnit[] = [];
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
  // The battle seed is printed so that anyone can replay the battle (legacy's copyable span).
  const seedText = seed === undefined ? '' : `(전투시드: ${seed})`;
  generalLog(world, attacker.general.id, `${withJosa(cityName, '으로')} 진격합니다.${seedText}`);
  log(world, 'world', 0, `${attacker.nation.name}의 ${withJosa(attacker.name, '이')} ${withJosa(cityName, '으로')} 진격합니다.${seedText}`);

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
      announceEncounter(world, attacker, defender);
      defender.prePhase = attacker.phase;
      attacker.addTrain(1);
      defender.addTrain(1);
      attacker.setOppose(defender);
      defender.setOppose(attacker);
      fireTriggers('init', attacker, defender);
    }

    attacker.beginPhase();
    defender.beginPhase();
    fireTriggers('phase', attacker, defender);

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
      // The battle detail line legacy writes each phase (先 for a volley before the first).
      const line = `${defender.phase < 0 ? '先' : attacker.phase + 1}: 【${attacker.name}】 ${attacker.hp()} (-${deadAttacker}) VS ${defender.hp()} (-${deadDefender}) 【${defender.name}】`;
      generalLog(world, attacker.general.id, line);
      if (defender instanceof GeneralUnit) generalLog(world, defender.general.id, line);
    }
    attacker.addPhase();
    defender.addPhase();

    const attackerGoes = attacker.continueWar();
    if (!attackerGoes.go) {
      logWritten = true;
      attacker.addLose();
      defender.addWin();
      attacker.tryWound();
      defender.tryWound();
      const retreat = `${attacker.name}의 ${withJosa(attacker.crewType.name, '이')} 퇴각했습니다.`;
      log(world, 'world', 0, retreat);
      generalLog(world, attacker.general.id, attackerGoes.noRice ? '군량 부족으로 퇴각합니다.' : '퇴각했습니다.');
      if (defender instanceof GeneralUnit) generalLog(world, defender.general.id, retreat);
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
      if (defender instanceof CityUnit && !defender.siege) {
        // The wall's blow before the siege is over; it comes back as the siege.
        defender.setOppose(null);
      } else if (defender instanceof GeneralUnit) {
        const fallen = `${defender.name}의 ${withJosa(defender.crewType.name, '이')} ${defenderGoes.noRice ? '패퇴했습니다.' : '전멸했습니다.'}`;
        log(world, 'world', 0, fallen);
        generalLog(world, attacker.general.id, fallen);
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
  return { conquered, fought, last: defender! };
}

/** The lines of a new encounter: the world's, the attacker's and a defending general's. */
function announceEncounter(world: World, attacker: GeneralUnit, defender: WarUnit): void {
  const crew = attacker.crewType.name;
  if (defender instanceof GeneralUnit) {
    const theirs = defender.crewType.name;
    log(world, 'world', 0, `${attacker.name}의 ${withJosa(crew, '과')} ${defender.name}의 ${withJosa(theirs, '이')} 대결합니다.`);
    generalLog(world, attacker.general.id, `${withJosa(crew, '으로')} ${defender.name}의 ${withJosa(theirs, '을')} 공격합니다.`);
    generalLog(world, defender.general.id, `${withJosa(theirs, '으로')} ${attacker.name}의 ${withJosa(crew, '을')} 수비합니다.`);
  } else {
    log(world, 'world', 0, `${withJosa(attacker.name, '이')} ${withJosa(crew, '으로')} 성벽을 공격합니다.`);
    generalLog(world, attacker.general.id, `${withJosa(crew, '으로')} 성벽을 공격합니다.`);
  }
}
