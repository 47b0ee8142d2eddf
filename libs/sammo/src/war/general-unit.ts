import { addDex, crewTypeOf, techCost, techLevel, type CrewType, ArmType } from '../stats/crew-types';
import { relYear } from '../world/queries';
import { statOf, type StatName } from '../stats/stats';
import type { RandUtil } from '../rng/rand-util';
import { GameConst } from '../world/constants';
import { checkStatChange, expLevelLine, expLevelOf, experienceWorth } from '../stats/levels';
import { generalLog } from '../world/logbook';
import { modifiers } from '../stats/chain';
import type { City, General, Nation, World } from '../world/types';
import { phpRound } from '../world/php-math';
import { WAR_ITEM_BATTLE, type WarItemBattle } from './war-items';
import { WAR_SPECIAL_BATTLE, type WarPowerContext, type WarSpecialBattle, type WarStat } from './war-specials';
import { BASE_PHASE_TRIGGERS, battleNation, WarConst, WarUnit, type TriggerSpec } from './war-unit';
import { CityUnit } from './city-unit';

/**
 * A general in battle (legacy `WarUnitGeneral`). Like legacy, the general's row holds floats
 * while the battle runs (rice, experience, dex, atmos) and is rounded when it is written back
 * ({@link GeneralUnit.applyToRow}), as the integer columns of the legacy table round them.
 */
export class GeneralUnit extends WarUnit {
  killedPerson = 0;
  deadPerson = 0;
  /** Legacy `isFinished`: a battle's counters go to the rank once. */
  private finished = false;

  constructor(rng: RandUtil, readonly world: World, readonly general: General, readonly realNation: Nation | undefined, isAttacker: boolean, readonly city: City) {
    super(rng, isAttacker, crewTypeOf(general.crewtype)!, battleNation(realNation));
    if (isAttacker) {
      if (city.level === 2) this.atmosBonus += 5;
      if (this.nation.capital === city.id) this.atmosBonus += 5;
    } else if (city.level === 1 || city.level === 3) {
      this.trainBonus += 5;
    }
  }

  get name(): string {
    return this.general.name;
  }

  stat(stat: StatName, withInjury: boolean, floor: boolean): number {
    const v = statOf(this.general, stat, withInjury, this.realNation, relYear(this.world));
    return floor ? Math.floor(v) : v;
  }

  override setOppose(oppose: WarUnit | null): void {
    super.setOppose(oppose);
    this.general.rank.warnum += 1;
    // Legacy stamps the attacker's turn time with its last two microsecond digits replaced by
    // the phase (0–99); turn times here are whole milliseconds, so the phase is thousandths.
    const attackerTime = !this.isAttacker && oppose instanceof GeneralUnit ? oppose.general.turntime : this.general.turntime;
    this.general.recentWar = attackerTime + Math.min(99, Math.max(0, this.prePhase + this.phase)) / 1000;
  }

  override addTrain(amount: number): void {
    this.general.train = Math.min(WarConst.maxTrainByWar, Math.max(0, this.general.train + amount));
  }

  hp(): number {
    return this.general.crew;
  }

  /** Legacy `GameUnitDetail::getComputedAttack`: the arm's main stat sets the ratio. */
  computedAttack(): number {
    const arm = this.crewType.armType;
    let ratio: number;
    if (arm === ArmType.wizard) ratio = this.stat('intel', true, true) * 2 - 40;
    else if (arm === ArmType.siege) ratio = this.stat('leadership', true, true) * 2 - 40;
    else ratio = this.stat('strength', true, true) * 2 - 40;
    if (ratio < 10) ratio = 10;
    if (ratio > 100) ratio = 50 + ratio / 2;
    return ((this.crewType.attack + techLevel(this.nation.tech) * 25) * ratio) / 100;
  }

  computedDefence(): number {
    return ((this.crewType.defence + techLevel(this.nation.tech) * 25) * (this.general.crew / (7000 / 30) + 70)) / 100;
  }

  /** Training and morale through the trait chain (`onCalcStat('bonusTrain'|'bonusAtmos')`: personalities ±5), then the city bonus. */
  computedTrain(): number {
    return modifiers(this.general, this.realNation).stat('bonusTrain', this.general.train, relYear(this.world)) + this.trainBonus;
  }

  computedAtmos(): number {
    return modifiers(this.general, this.realNation).stat('bonusAtmos', this.general.atmos, relYear(this.world)) + this.atmosBonus;
  }

  /**
   * Dex in the arm of `crewType` (the wall counts as siege), then the war special's
   * `onCalcStat('dex<arm>')`: an arm special adds its own arm's dex — attacking, to the stat
   * of the opponent's arm; defending, to its own arm's.
   */
  dex(crewType: CrewType): number {
    const arm = crewType.armType === ArmType.castle ? ArmType.siege : crewType.armType;
    const dex = this.general.dex[arm] ?? 0;
    const special = this.special()?.dexArm;
    if (special === undefined) return dex;
    const statArm = crewType.armType;
    if (this.isAttacker ? this.opp.crewType.armType === statArm : special === statArm) return dex + (this.general.dex[special] ?? 0);
    return dex;
  }

  /** The general's war special's battle side, if it has one. */
  special(): WarSpecialBattle | undefined {
    const key = modifiers(this.general, this.realNation).warSpecial?.key;
    return key === undefined ? undefined : WAR_SPECIAL_BATTLE[key];
  }

  /** The battle side of each item the general holds, in slot order (horse, weapon, book, tool). */
  items(): WarItemBattle[] {
    const out: WarItemBattle[] = [];
    for (const item of modifiers(this.general, this.realNation).items) {
      const battle = WAR_ITEM_BATTLE[item.key];
      if (battle !== undefined) out.push(battle);
    }
    return out;
  }

  /** `onCalcStat(name)` along the general's chain (the war special, then the items). */
  ownStat(name: WarStat, value: number, magic?: string): number {
    const aux = { isAttacker: this.isAttacker, magic, unit: this };
    const own = this.special()?.stat?.[name];
    let v = own ? own(value, aux) : value;
    for (const item of this.items()) {
      const hook = item.stat?.[name];
      if (hook) v = hook(v, aux);
    }
    return v;
  }

  /** `onCalcStat(name)` of the general's chain, then the opponent's `onCalcOpposeStat(name)` (a wall has none). */
  warStat(name: WarStat, value: number, magic?: string): number {
    let v = this.ownStat(name, value, magic);
    if (!(this.oppose instanceof GeneralUnit)) return v;
    const opposed = this.oppose.special()?.oppose?.[name];
    if (opposed) v = opposed(v);
    for (const item of this.oppose.items()) {
      const hook = item.oppose?.[name];
      if (hook) v = hook(v);
    }
    return v;
  }

  /** Legacy `WarUnitGeneral::getMaxPhase`: the crew type's speed through `initWarPhase` (돌격 +2, 서촉지형도 +2), plus bonus phases. */
  maxPhase(): number {
    // Its own chain only: the phases are counted before the opponent is known (legacy).
    return this.ownStat('initWarPhase', this.crewType.speed) + this.bonusPhase;
  }

  /** The critical range [1.3, 2.0] through `criticalDamageRange` (필살 raises the floor to the middle). */
  criticalDamage(): number {
    const range = this.special()?.criticalRange?.([1.3, 2.0]) ?? [1.3, 2.0];
    return this.rng.nextRange(range[0], range[1]);
  }

  /**
   * The base phase triggers every general carries, then its chain's: the war special's, the
   * crew type's, the items' (legacy `getBattlePhaseSkillTriggerList` / `getBattleInitSkillTriggerList`).
   */
  triggers(kind: 'init' | 'phase'): readonly TriggerSpec[] {
    const special = this.special();
    const list: TriggerSpec[] = kind === 'init'
      ? [...(special?.initTriggers ?? []), ...this.crewType.initTriggers]
      : [...BASE_PHASE_TRIGGERS, ...(special?.phaseTriggers ?? []), ...this.crewType.phaseTriggers];
    for (const item of this.items()) {
      const hook = kind === 'init' ? item.initTriggers : item.phaseTriggers;
      if (hook) list.push(...hook(this));
    }
    return list;
  }

  /** Legacy `getCriticalRatio`: main stat without injury over 65, ×0.5 (×0.4 wizard/siege), at most 50%. */
  criticalRatio(): number {
    const arm = this.crewType.armType;
    let main: number;
    let coef = 0.5;
    if (arm === ArmType.wizard) {
      main = this.stat('intel', false, false);
      coef = 0.4;
    } else if (arm === ArmType.siege) {
      main = this.stat('leadership', false, false);
      coef = 0.4;
    } else {
      main = this.stat('strength', false, false);
    }
    return this.warStat('warCriticalRatio', Math.min(50, Math.max(main - 65, 0) * coef) / 100);
  }

  /** Avoid = type.avoid/100 × train/100 through `warAvoidRatio`, ×0.75 against footmen. */
  avoidRatio(): number {
    let ratio = this.warStat('warAvoidRatio', (this.crewType.avoid / 100) * (this.computedTrain() / 100));
    if (this.opp.crewType.armType === ArmType.footman) ratio *= 0.75;
    return ratio;
  }

  override computeWarPower(): [number, number] {
    let [warPower, opposeMultiply] = super.computeWarPower();
    const expLevel = this.general.explevel;
    if (this.opp instanceof CityUnit) {
      warPower *= 1 + expLevel / 600;
    } else {
      warPower /= Math.max(0.01, 1 - expLevel / 300);
      opposeMultiply *= Math.max(0.01, 1 - expLevel / 300);
    }
    // Legacy `General::getWarPowerMultiplier`: the product over the chain (the office, the war special, the items).
    let [own, opposed] = modifiers(this.general, this.realNation).warPowerMultiplier();
    const ctx: WarPowerContext = {
      isAttacker: this.isAttacker, vsCity: this.opp instanceof CityUnit, opposeCrewType: this.opp.crewType,
      killnum: this.general.rank.killnum, furyCount: this.hasOnLog('격노'),
    };
    for (const link of [this.special(), ...this.items()]) {
      const m = link?.warPower?.(ctx);
      if (m === undefined) continue;
      own *= m[0];
      opposed *= m[1];
    }
    warPower *= own;
    opposeMultiply *= opposed;
    this.warPower = warPower;
    this.opp.warPowerMultiply = opposeMultiply;
    return [warPower, opposeMultiply];
  }

  override addWin(): void {
    const g = this.general;
    g.rank.killnum += 1;
    if (this.opp instanceof CityUnit) g.rank.occupied += 1;
    g.atmos = Math.min(WarConst.maxAtmosByWar, g.atmos * (this.isAttacker ? 1.1 : 1.05));
    this.addStatExp();
  }

  override addLose(): void {
    this.general.rank.deathnum += 1;
    this.addStatExp();
  }

  private addStatExp(): void {
    const arm = this.crewType.armType;
    if (arm === ArmType.wizard) this.general.intelExp += 1;
    else if (arm === ArmType.siege) this.general.leadershipExp += 1;
    else this.general.strengthExp += 1;
  }

  /**
   * Experience from the battle (×0.8 for the defender), through the personality, unrounded;
   * a level reached or lost is told at once, between the battle's lines, as legacy's
   * `General::addExperience` does.
   */
  addLevelExp(value: number): void {
    const g = this.general;
    g.experience += experienceWorth(g, this.isAttacker ? value : value * 0.8);
    const level = expLevelOf(g.experience);
    if (level === g.explevel) return;
    generalLog(this.world, g.id, expLevelLine(level, level > g.explevel));
    g.explevel = level;
  }

  addDex(crewType: CrewType, amount: number): void {
    addDex(this.general, crewType.armType, amount, false);
  }

  decreaseHP(damage: number): void {
    const g = this.general;
    damage = Math.min(damage, g.crew);
    this.dead += damage;
    g.crew -= damage;
    this.addDex(this.opp.crewType, this.isAttacker ? damage : damage * 0.1);
    if (this.opp instanceof GeneralUnit) this.deadPerson += damage;
  }

  /** Rice the unit eats for `damage` soldiers killed (×0.8 defending, ×0.8 against a city). */
  riceFor(damage: number): number {
    let rice = damage / 100;
    if (!this.isAttacker) rice *= 0.8;
    if (this.opp instanceof CityUnit) rice *= 0.8;
    return this.ownStat('killRice', rice * this.crewType.rice * techCost(this.nation.tech));
  }

  increaseKilled(damage: number): void {
    const g = this.general;
    this.addLevelExp(damage / 50);
    g.rice = Math.max(0, g.rice - this.riceFor(damage));
    this.addDex(this.crewType, this.isAttacker ? damage : damage * 0.8);
    this.killed += damage;
    if (this.opp instanceof GeneralUnit) this.killedPerson += damage;
  }

  /** 5%: injury + 10..80, at most 80; none once 부상무효 (a siege type against the wall) was active in the battle. */
  override tryWound(): void {
    if (this.hasOnLog('부상무효') || this.hasOnLog('퇴각부상무효')) return;
    if (!this.rng.nextBool(0.05)) return;
    this.activate('부상');
    this.general.injury = Math.min(GameConst.maxInjury, this.general.injury + this.rng.nextRangeInt(10, 80));
    generalLog(this.world, this.general.id, '전투중 부상당했다!');
  }

  continueWar(): { go: boolean; noRice: boolean } {
    if (this.hp() <= 0) return { go: false, noRice: false };
    if (this.general.rice <= this.hp() / 100) return { go: false, noRice: true };
    return { go: true, noRice: false };
  }

  finishBattle(): void {
    if (this.finished) return;
    this.clearSkills();
    this.finished = true;
    const r = this.general.rank;
    r.killcrew += this.killed;
    r.deathcrew += this.dead;
    r.killcrewPerson += this.killedPerson;
    r.deathcrewPerson += this.deadPerson;
    this.applyToRow();
    for (const line of checkStatChange(this.general)) generalLog(this.world, this.general.id, line);
  }

  /**
   * The integer columns round what the battle left in them (legacy applyDB into INT columns);
   * the level stays what the last unrounded gain made it, as legacy leaves it.
   */
  applyToRow(): void {
    const g = this.general;
    g.rice = phpRound(g.rice);
    // 약탈 leaves gold unrounded too.
    g.gold = phpRound(g.gold);
    g.experience = phpRound(g.experience);
    g.atmos = phpRound(g.atmos);
    g.dex = g.dex.map((d) => phpRound(d));
  }
}
