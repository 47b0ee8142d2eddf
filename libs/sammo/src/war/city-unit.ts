import { crewTypeOf } from '../stats/crew-types';
import type { RandUtil } from '../rng/rand-util';
import type { City } from '../world/types';
import { phpRound } from '../world/php-math';
import { WarUnit, type BattleNation, type TriggerSpec } from './war-unit';

const CASTLE = crewTypeOf(1000)!;

/**
 * The city as a defender (legacy `WarUnitCity`): HP = def × 10, attack and defence from def and
 * wall, train and atmos from the years since the start, dex from them; it joins only as the
 * siege once the generals are beaten. Its row keeps the wall as a float until the end.
 */
export class CityUnit extends WarUnit {
  readonly cityTrainAtmos: number;
  private hpLeft: number;
  siege = false;

  constructor(rng: RandUtil, readonly city: City, nation: BattleNation, year: number, startyear: number) {
    super(rng, false, CASTLE, nation);
    this.cityTrainAtmos = Math.min(110, Math.max(60, year - startyear + 59));
    this.hpLeft = city.def * 10;
    if (city.level === 1 || city.level === 3) this.trainBonus += 5;
  }

  get name(): string {
    return this.city.name;
  }

  hp(): number {
    return this.hpLeft;
  }

  computedAttack(): number {
    return (this.city.def + this.city.wall * 9) / 500 + 200;
  }

  computedDefence(): number {
    return this.computedAttack();
  }

  computedTrain(): number {
    return this.cityTrainAtmos + this.trainBonus;
  }

  computedAtmos(): number {
    return this.cityTrainAtmos + this.atmosBonus;
  }

  dex(): number {
    return (this.cityTrainAtmos - 60) * 7200;
  }

  /**
   * Only the wall's crew type triggers (legacy `DummyGeneral`), and only before the siege: the
   * siege clears its crew type.
   */
  triggers(kind: 'init' | 'phase'): readonly TriggerSpec[] {
    if (this.siege) return [];
    return kind === 'init' ? this.crewType.initTriggers : this.crewType.phaseTriggers;
  }

  setSiege(): void {
    this.siege = true;
    this.phase = 0;
    this.prePhase = 0;
    this.bonusPhase = 0;
  }

  decreaseHP(damage: number): void {
    damage = Math.min(damage, this.hpLeft);
    this.dead += damage;
    this.hpLeft -= damage;
    this.city.wall = Math.max(0, this.city.wall - damage / 20);
  }

  increaseKilled(damage: number): void {
    this.killed += damage;
  }

  continueWar(): { go: boolean; noRice: boolean } {
    // Outside a siege the city takes one blow only; a city does not surrender for rice.
    return { go: this.siege && this.hpLeft > 0, noRice: false };
  }

  /** Pillage on rout (병량 패퇴): agriculture, commerce and security halve. */
  heavyDecreaseWealth(): void {
    this.city.agri = phpRound(this.city.agri * 0.5);
    this.city.comm = phpRound(this.city.comm * 0.5);
    this.city.secu = phpRound(this.city.secu * 0.5);
  }

  /**
   * Legacy sets `isFinished` before testing it, so the siege's wealth loss after it never
   * happens; only def and wall are written back.
   */
  finishBattle(): void {
    this.clearSkills();
    this.city.def = phpRound(this.hpLeft / 10);
    this.city.wall = phpRound(this.city.wall);
  }
}
