import { attackCoef, defenceCoef, type CrewTrigger, type CrewType } from '../stats/crew-types';
import type { StatName } from '../stats/stats';
import type { RandUtil } from '../rng/rand-util';
import type { General, Nation } from '../world/types';
import { dexLevel } from './dex';
import { phpRound } from '../world/php-math';

/** Legacy `GameConst::$armperphase`, `$maxTrainByWar`, `$maxAtmosByWar`. */
export const WarConst = { armPerPhase: 500, maxTrainByWar: 110, maxAtmosByWar: 150 } as const;

/** The phase triggers every general carries (legacy `General::getBattlePhaseSkillTriggerList`), in its order. */
export const BASE_PHASE_TRIGGERS = ['che_필살시도', 'che_필살발동', 'che_회피시도', 'che_회피발동', 'che_계략시도', 'che_계략발동', 'che_계략실패'] as const;
/** The war specials' and items' triggers (`war-specials.ts`, `war-items.ts`). */
type SpecialTrigger =
  | 'che_격노시도' | 'che_격노발동' | 'che_부상무효' | 'che_돌격지속' | 'che_반계시도' | 'che_반계발동' | 'che_위압시도' | 'che_위압발동'
  | 'che_전투치료시도' | 'che_전투치료발동' | 'che_저격시도' | 'che_저격발동' | 'che_필살강화_회피불가' | 'che_퇴각부상무효';
/** A legacy `WarUnitTrigger` class libs/sammo has (`triggers.ts`), with its default arguments (raise type none). */
export type BattleTrigger = (typeof BASE_PHASE_TRIGGERS)[number] | CrewTrigger | SpecialTrigger;

/**
 * A trigger built with arguments, as the items build theirs. `raise` is legacy's raise type
 * (`BaseWarUnitTrigger::TYPE_*`, see `RaiseType`): part of the trigger's identity (a unit's
 * list keeps one trigger per class and raise type), and an item's trigger marks the item used
 * (a consumable one spends it).
 */
export type TriggerWithArgs =
  | { readonly name: 'che_저격시도'; readonly raise: number; readonly ratio: number; readonly wound: readonly [number, number]; readonly atmos: number }
  | { readonly name: 'che_반계시도'; readonly raise: number; readonly prob: number }
  | { readonly name: 'che_저격발동' | 'che_격노시도' | 'che_부상무효' | 'che_퇴각부상무효' | 'che_전투치료시도' | 'che_전투치료발동' | 'che_약탈발동'; readonly raise: number }
  | { readonly name: 'che_약탈시도'; readonly raise: number; readonly ratio: number; readonly theft: number }
  /** Legacy `능력치변경` with '+': the general's row value raised, at most `max`. */
  | { readonly name: '능력치변경'; readonly raise: number; readonly stat: 'atmos' | 'train'; readonly add: number; readonly max: number }
  /** Legacy `전투력보정`: the phase's multipliers of the unit and its opponent. */
  | { readonly name: '전투력보정'; readonly own: number; readonly opposed: number }
  /** Legacy `WarActivateSkills`: skills switched on for the phase, on the unit or its opponent. */
  | { readonly name: 'WarActivateSkills'; readonly raise: number; readonly onSelf: boolean; readonly skills: readonly string[] };

/** What a unit's chain puts on its trigger list. */
export type TriggerSpec = BattleTrigger | TriggerWithArgs;

/**
 * The side of a battle as legacy `WarUnit` models it: phase counters, the war power of the
 * phase and the multiplier the opponent and the triggers put on it, the skills activated this
 * phase, and the soldiers killed and lost (`killed`/`dead` over the whole battle).
 */
export abstract class WarUnit {
  phase = 0;
  prePhase = 0;
  bonusPhase = 0;
  oppose: WarUnit | null = null;
  warPower = 0;
  warPowerMultiply = 1;
  killed = 0;
  dead = 0;
  trainBonus = 0;
  atmosBonus = 0;
  /** Skills activated this phase (legacy `activatedSkill`; false once deactivated). */
  private readonly activeSkills = new Map<string, boolean>();
  /** How many phases of the whole battle had each skill active (legacy `logActivatedSkill`, never reset). */
  private readonly skillLog = new Map<string, number>();

  protected constructor(readonly rng: RandUtil, readonly isAttacker: boolean, public crewType: CrewType, readonly nation: BattleNation) {}

  abstract get name(): string;
  abstract hp(): number;
  abstract computedAttack(): number;
  abstract computedDefence(): number;
  abstract computedTrain(): number;
  abstract computedAtmos(): number;
  /** Dex of the unit in the arm type of `crewType` (legacy `getDex`). */
  abstract dex(crewType: CrewType): number;
  abstract decreaseHP(damage: number): void;
  abstract increaseKilled(damage: number): void;
  /** Whether the unit fights on; `noRice` says it stopped for want of rice. */
  abstract continueWar(): { go: boolean; noRice: boolean };
  abstract finishBattle(): void;
  addTrain(_amount: number): void {}
  addWin(): void {}
  addLose(): void {}
  tryWound(): void {}
  /** The legacy triggers of this unit, in its chain's order: when an encounter opens, every phase. */
  abstract triggers(kind: 'init' | 'phase'): readonly TriggerSpec[];

  addPhase(n = 1): void {
    this.phase += n;
  }

  addBonusPhase(n: number): void {
    this.bonusPhase += n;
  }

  activate(...names: string[]): void {
    for (const name of names) this.activeSkills.set(name, true);
  }

  deactivate(...names: string[]): void {
    for (const name of names) this.activeSkills.set(name, false);
  }

  has(name: string): boolean {
    return this.activeSkills.get(name) ?? false;
  }

  hasOnLog(name: string): number {
    return (this.skillLog.get(name) ?? 0) + (this.has(name) ? 1 : 0);
  }

  /** Legacy `clearActivatedSkill`: the phase's skills go to the battle's log. */
  clearSkills(): void {
    for (const [name, on] of this.activeSkills) if (on) this.skillLog.set(name, (this.skillLog.get(name) ?? 0) + 1);
    this.activeSkills.clear();
  }

  setOppose(oppose: WarUnit | null): void {
    this.oppose = oppose;
    this.clearSkills();
  }

  get opp(): WarUnit {
    return this.oppose!;
  }

  beginPhase(): void {
    this.clearSkills();
    this.computeWarPower();
  }

  /** Legacy `getWarPower`: the phase's power with its multiplier. */
  effectiveWarPower(): number {
    return this.warPower * this.warPowerMultiply;
  }

  /** Legacy `WarUnit::computeWarPower`: returns the unit's power and the opponent's multiplier. */
  computeWarPower(): [number, number] {
    const oppose = this.opp;
    let warPower = WarConst.armPerPhase + this.computedAttack() - oppose.computedDefence();
    let opposeMultiply = 1;
    if (warPower < 100) {
      // At least half of the 100 floor, drawn (legacy passes the float to an int parameter).
      warPower = Math.max(0, warPower);
      warPower = this.rng.nextRangeInt(Math.trunc((warPower + 100) / 2), 100);
    }
    warPower *= this.computedAtmos();
    warPower /= oppose.computedTrain();
    warPower *= (dexLevel(this.dex(this.crewType)) - dexLevel(oppose.dex(this.crewType))) / 55 + 1;
    warPower *= attackCoef(this.crewType, oppose.crewType);
    opposeMultiply *= defenceCoef(this.crewType, oppose.crewType);
    this.warPower = warPower;
    oppose.warPowerMultiply = opposeMultiply;
    return [warPower, opposeMultiply];
  }

  /** Legacy `calcDamage`: `round(power × multiplier × nextRange(0.9, 1.1))`. */
  calcDamage(): number {
    return phpRound(this.warPower * this.warPowerMultiply * this.rng.nextRange(0.9, 1.1));
  }
}

/** The nation row a battle reads (legacy `rawNation`; the wilderness is nation 0 with 10000 rice). */
export interface BattleNation {
  id: number;
  name: string;
  capital: number;
  tech: number;
  rice: number;
  type: string;
}

export function battleNation(nation: Nation | undefined): BattleNation {
  if (nation === undefined) return { id: 0, name: '재야', capital: 0, tech: 0, rice: 10000, type: 'che_중립' };
  return { id: nation.id, name: nation.name, capital: nation.capital, tech: nation.tech, rice: nation.rice, type: nation.type };
}

/**
 * What the war specials' and items' hooks see of a general's side ({@link GeneralUnit} is
 * the one): the unit, its general, and the general's stats as the battle reads them.
 */
export interface GeneralSide extends WarUnit {
  readonly general: General;
  stat(stat: StatName, withInjury: boolean, floor: boolean): number;
}
