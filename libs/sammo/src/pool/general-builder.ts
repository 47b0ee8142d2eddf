import type { RandUtil } from '../rng/rand-util';
import { legacyRandomTurnTime } from '../world/clock';
import { specialityAges } from '../traits/speciality';
import { AVAILABLE_PERSONALITIES, GameConst } from '../world/constants';
import { newGeneral } from '../state/factory';
import { citiesOfNation } from '../world/queries';
import type { General, World } from '../world/types';
import type { PoolAverages } from './pool-averages';

/**
 * The name prefix of each npc type (legacy `GeneralBuilder::$prefixList`): 1 and 2 share ⓝ,
 * 3 is a found talent (ⓜ), 4 a volunteer (ⓖ), 5 a troop leader (㉥), 6 an unpossessable NPC,
 * 9 an invader. Another type gets ⓧ.
 */
export const NPC_NAME_PREFIX: ReadonlyMap<number, string> = new Map([
  [0, ''], [1, 'ⓝ'], [2, 'ⓝ'], [3, 'ⓜ'], [4, 'ⓖ'], [5, '㉥'], [6, 'ⓤ'], [9, 'ⓞ'],
]);

export function npcNamePrefix(npc: number): string {
  return NPC_NAME_PREFIX.get(npc) ?? 'ⓧ';
}

/** The kind of general a random fill makes: 무 (strength), 지 (intel) or 무지 (both, no leadership). */
export type PickType = '무' | '지' | '무지';

/** Weights of {@link PickType} for a random fill (legacy `$pickTypeList`). */
export type PickTypeWeights = readonly (readonly [PickType, number])[];

/**
 * Legacy `Scenario\GeneralBuilder`: what a caller fixes about a new general, the rest filled
 * ({@link fillRandom}) and the general made ({@link build}), every draw on the caller's
 * stream in the legacy's order. A null field is one the fill decides. Specialities are `null`
 * for none (legacy `None`), as the world keeps them.
 */
export class GeneralBuilder {
  npc = 2;
  city: number | null = null;
  stats: { leadership: number; strength: number; intel: number } | null = null;
  bornyear: number | null = null;
  deadyear: number | null = null;
  specage: number | null = null;
  specage2: number | null = null;
  experience: number | null = null;
  dedication: number | null = null;
  killturn: number | null = null;
  affinity: number | null = null;
  officerLevel: number | null = null;
  personal: string | null = null;
  special: string | null = null;
  special2: string | null = null;
  gold: number = GameConst.defaultGold;
  rice: number = GameConst.defaultRice;
  /** Dexterity per arm type 1..5 (index 0 unused). */
  dex: number[] = [0, 0, 0, 0, 0, 0];

  constructor(
    readonly rng: RandUtil,
    readonly name: string,
    public nation: number,
  ) {}

  /**
   * Legacy `fillRemainSpecAsRandom`: affinity (drawn when unset, and always in a fictional
   * world, which also drops the specialities), the speciality ages, the stats (drawn by
   * `pickTypes` when unset), the office, the dexterity shared out from the averages by the
   * general's kind, the personality (drawn when unset or fictional).
   */
  fillRandom(world: World, pickTypes: PickTypeWeights, averages: PoolAverages): this {
    const env = world.env;
    const fiction = env.fiction !== 0;
    if (fiction) {
      this.special = null;
      this.special2 = null;
    }
    if (!this.affinity || fiction) this.affinity = this.rng.nextRangeInt(1, 150);
    this.fillSpecAges(world, this.lifespan().bornyear);
    const type = this.stats === null ? this.drawStats(pickTypes) : this.typeOfStats(this.stats);
    this.officerLevel ??= this.nation !== 0 ? 1 : 0;
    if (this.dex[1] === 0) this.shareDex(type, averages);
    if (this.personal === null || fiction) this.personal = this.rng.choice(AVAILABLE_PERSONALITIES);
    this.experience ??= 0;
    this.dedication ??= 0;
    return this;
  }

  /**
   * Legacy `fillRemainSpecAsZero`, for a general whose stats the caller set (troop-leader
   * dummies, the NPC nations' generals): affinity drawn when unset, a life from 20 years ago
   * to 60 years on when unset, the speciality ages, the office, a personality drawn when
   * unset; no speciality, no dexterity, and experience and dedication left to `build`.
   */
  fillZero(world: World): this {
    const { year } = world.env;
    if (this.stats === null) throw new RangeError(`${this.name} is filled before its stats are set`);
    if (!this.affinity) this.affinity = this.rng.nextRangeInt(1, 150);
    if (this.bornyear === null) {
      this.bornyear = year - 20;
      this.deadyear = year + 60;
    }
    this.fillSpecAges(world, this.bornyear);
    this.officerLevel ??= this.nation !== 0 ? 1 : 0;
    this.personal ??= this.rng.choice(AVAILABLE_PERSONALITIES);
    return this;
  }

  /**
   * Legacy `build` for a general of age (the callers make none younger or already dead): the
   * prefixed name, a city of its nation (any city when it has none or is gone), experience and
   * dedication of 100 a year of age when unset, the first turn at a drawn offset into the turn
   * window opening at `clock` (`TurnRun.clock`; `turnterm` long, the world's unless the caller
   * read the term before changing it, as RaiseInvader does), and a killturn to a drawn month of the death
   * year unless fixed. The row is as legacy inserts it:
   * `explevel` 0 and `dedlevel` 1 whatever the experience, `belong` 0, no crew.
   */
  build(world: World, clock: number, turnterm = world.env.turnterm): General {
    const env = world.env;
    const { bornyear, deadyear } = this.lifespan();
    const stats = this.stats;
    if (stats === null || this.affinity === null || this.officerLevel === null) {
      throw new RangeError(`${this.name} is built before it is filled`);
    }
    const age = env.year - bornyear;
    const nation = world.nations.has(this.nation) ? this.nation : 0;
    this.city ??= this.drawCity(world, nation);
    const turntime = legacyRandomTurnTime(clock, turnterm, this.rng);
    const killturn = this.killturn || (deadyear - env.year) * 12 + this.rng.nextRangeInt(0, 11) + env.month - 1;
    const id = env.nextGeneralId++;
    const general = newGeneral({
      id, name: npcNamePrefix(this.npc) + this.name, npc: this.npc, nation, city: this.city,
      officerLevel: this.officerLevel || (nation !== 0 ? 1 : 0), ...stats, bornyear, deadyear, year: env.year,
      affinity: this.affinity, turntime, killturn, personal: this.personal, special: this.special, special2: this.special2,
      specage: this.specage ?? 0, specage2: this.specage2 ?? 0,
      experience: this.experience || age * 100, dedication: this.dedication || age * 100,
    });
    Object.assign(general, { explevel: 0, dedlevel: 1, belong: 0, gold: this.gold, rice: this.rice, dex: this.dex.slice() });
    world.generals.set(id, general);
    return general;
  }

  private lifespan(): { bornyear: number; deadyear: number } {
    if (this.bornyear === null || this.deadyear === null) throw new RangeError(`the lifespan of ${this.name} is not set`);
    return { bornyear: this.bornyear, deadyear: this.deadyear };
  }

  /** The speciality ages the caller left unset (legacy's from the years to retirement and since the opening). */
  private fillSpecAges(world: World, bornyear: number): void {
    const ages = specialityAges(world.env.year - bornyear, world.env.year, world.env.startyear);
    this.specage ??= ages.specage;
    this.specage2 ??= ages.specage2;
  }

  /**
   * Legacy `fillRandomStat`: the kind by weight, a main stat of npcMax less up to npcMin, an
   * other stat of npcMin plus up to half of it, the rest of npcTotal to the third; 무 and 지
   * lead with the rest, 무지 leads with the other.
   */
  drawStats(pickTypes: PickTypeWeights): PickType {
    const type = this.rng.choiceUsingWeight(pickTypes);
    const main = GameConst.defaultStatNPCMax - this.rng.nextRangeInt(0, GameConst.defaultStatNPCMin);
    const other = GameConst.defaultStatNPCMin + this.rng.nextRangeInt(0, Math.trunc(GameConst.defaultStatNPCMin / 2));
    const sub = GameConst.defaultStatNPCTotal - main - other;
    this.stats = type === '무' ? { leadership: sub, strength: main, intel: other }
      : type === '지' ? { leadership: sub, strength: other, intel: main }
        : { leadership: other, strength: sub, intel: main };
    return type;
  }

  /** The kind of fixed stats: 무지 under 40 leadership, else whichever leads by a fifth, else drawn by weight. */
  private typeOfStats(stats: { leadership: number; strength: number; intel: number }): PickType {
    if (stats.leadership < 40) return '무지';
    if (stats.intel * 0.8 > stats.strength) return '지';
    if (stats.strength * 0.8 > stats.intel) return '무';
    return this.rng.choiceUsingWeight<PickType>([['무', stats.strength], ['지', stats.intel]]);
  }

  /**
   * The average footman-to-wizard dexterity shared out: a 무 general puts 5/8 on one of
   * footman, archer or cavalry (drawn), a 지 general on wizardry, a 무지 general a quarter on
   * each; siege gets the average; every share truncated as the int columns take it.
   */
  private shareDex(type: PickType, averages: PoolAverages): void {
    const t = averages.dexTotal;
    const shares = type === '무'
      ? this.rng.choice([[t * 5 / 8, t / 8, t / 8, t / 8], [t / 8, t * 5 / 8, t / 8, t / 8], [t / 8, t / 8, t * 5 / 8, t / 8]])
      : type === '지' ? [t / 8, t / 8, t / 8, t * 5 / 8] : [t / 4, t / 4, t / 4, t / 4];
    this.dex = [0, ...shares.map(Math.trunc), averages.dex5];
  }

  /** Legacy `build`'s city: one of the nation's cities by id order, or of all cities. */
  private drawCity(world: World, nation: number): number {
    const own = nation === 0 ? [] : citiesOfNation(world, nation);
    if (own.length > 0) return this.rng.choice(own).id;
    return this.rng.choice(world.cities.slice(1)).id;
  }
}
