import { itemOf, type Item } from '../items/catalog';
import { itemStatGain } from '../items/held';
import type { General, Nation } from '../world/types';
import { applyTable, type DomesticTurn, type DomesticVar } from '../traits/effects';
import { nationTypeOf, type IncomeKind, type NationType } from '../traits/nation-types';
import { effectiveOfficerLevel, leadershipBonus, officerDomestic, officerWarPower } from '../traits/officer-level';
import { personalityOf, type PersonalStat, type Personality } from '../traits/personalities';
import { domesticSpecialOf, specialDomestic, warSpecialOf, type Special } from '../traits/specials';

export type StatHook = 'leadership' | 'strength' | 'intel' | PersonalStat;

/**
 * A general's iAction chain in the legacy order (§4): nation type → officer level → domestic
 * special → war special → personality → items (horse, weapon, book, tool). Crew type,
 * inheritance buff and scenario effect stand between personality and items in legacy and are
 * not modelled (identity).
 *
 * One chain per general, kept in a WeakMap and re-resolved in place only when one of its
 * inputs changed, so a call site's `modifiers(g, n).domestic(…)` allocates nothing.
 */
export class TraitChain {
  nationType: NationType | undefined = undefined;
  officerLevel = 0;
  nationLevel = 0;
  domesticSpecial: Special | undefined = undefined;
  warSpecial: Special | undefined = undefined;
  personality: Personality | undefined = undefined;
  baseLeadership = 0;
  /** The held items in slot order (horse, weapon, book, tool). */
  readonly items: Item[] = [];
  // inputs last resolved from
  private kType: string | null = null;
  private kOfficer = -1;
  private kOfficerCity = -1;
  private kCity = -1;
  private kNationLevel = -1;
  private kSpecial: string | null = null;
  private kSpecial2: string | null = null;
  private kPersonal: string | null = null;
  private readonly kItems: (string | undefined)[] = [undefined, undefined, undefined, undefined];

  refresh(g: General, nation: Nation | undefined): this {
    this.baseLeadership = g.leadership;
    const type = nation?.type ?? null;
    const nationLevel = nation?.level ?? 0;
    if (type !== this.kType) {
      this.kType = type;
      this.nationType = nationTypeOf(type);
    }
    if (g.officerLevel !== this.kOfficer || g.officerCity !== this.kOfficerCity || g.city !== this.kCity || nationLevel !== this.kNationLevel) {
      this.kOfficer = g.officerLevel;
      this.kOfficerCity = g.officerCity;
      this.kCity = g.city;
      this.kNationLevel = nationLevel;
      this.officerLevel = effectiveOfficerLevel(g.officerLevel, g.officerCity, g.city);
      this.nationLevel = nationLevel;
    }
    if (g.special !== this.kSpecial) {
      this.kSpecial = g.special;
      this.domesticSpecial = domesticSpecialOf(g.special);
    }
    if (g.special2 !== this.kSpecial2) {
      this.kSpecial2 = g.special2;
      this.warSpecial = warSpecialOf(g.special2);
    }
    if (g.personal !== this.kPersonal) {
      this.kPersonal = g.personal;
      this.personality = personalityOf(g.personal);
    }
    if (this.itemsChanged(g)) {
      this.items.length = 0;
      for (const key of this.kItems) {
        const item = key === undefined ? undefined : itemOf(key);
        if (item !== undefined) this.items.push(item);
      }
    }
    return this;
  }

  /** Every stat read asks this, so the slots are read by name (in ITEM_SLOTS order), not by a key looked up in a loop. */
  private itemsChanged(g: General): boolean {
    const items = g.items;
    const k = this.kItems;
    if (items?.horse === k[0] && items?.weapon === k[1] && items?.book === k[2] && items?.item === k[3]) return false;
    k[0] = items?.horse;
    k[1] = items?.weapon;
    k[2] = items?.book;
    k[3] = items?.item;
    return true;
  }

  /** `getWarPowerMultiplier` over the chain: [own, opponent's]; of the modelled traits only the office has one. */
  warPowerMultiplier(): readonly [number, number] {
    return officerWarPower(this.officerLevel);
  }

  /**
   * `onCalcDomestic(turnType, varType, value, aux)` folded over the chain; `armType` is the
   * aux of 징병/모병 (the crew type's arm), which the arm specials' discount reads.
   */
  domestic(turn: DomesticTurn, v: DomesticVar, value: number, armType?: number): number {
    let x = applyTable(this.nationType?.domestic, turn, v, value);
    x = officerDomestic(this.officerLevel, turn, v, x);
    x = specialDomestic(this.domesticSpecial, turn, v, x, armType);
    x = specialDomestic(this.warSpecial, turn, v, x, armType);
    x = applyTable(this.personality?.domestic, turn, v, x);
    for (const item of this.items) x = applyTable(item.domestic, turn, v, x);
    return x;
  }

  /**
   * `onCalcStat(statName, value)`: the officer's leadership bonus, then the war special's
   * share of the base leadership, the personality's stats, then the items'.
   */
  stat(name: StatHook, value: number, relYear: number): number {
    let x = value;
    if (name === 'leadership') {
      x += leadershipBonus(this.officerLevel, this.nationLevel) + this.baseLeadership * (this.warSpecial?.leadershipShare ?? 0);
    } else if (name !== 'strength' && name !== 'intel') {
      const e = this.personality?.stat[name];
      if (e !== undefined) x = x * e.mul + e.add;
    }
    return this.itemStat(name, x, relYear);
  }

  /** The items' `onCalcStat` alone: a stat's bonus (and 낙주's share of the base leadership), or another stat's effect. */
  itemStat(name: StatHook, value: number, relYear: number): number {
    let x = value;
    for (const item of this.items) {
      if (name === 'leadership' || name === 'strength' || name === 'intel') {
        x += itemStatGain(item, name, this.baseLeadership, relYear);
      } else {
        const e = item.personal?.[name];
        if (e !== undefined) x = x * e.mul + e.add;
      }
    }
    return x;
  }
}

const chains = new WeakMap<General, TraitChain>();

export function modifiers(general: General, nation: Nation | undefined): TraitChain {
  let c = chains.get(general);
  if (c === undefined) {
    c = new TraitChain();
    chains.set(general, c);
  }
  return c.refresh(general, nation);
}

/**
 * `onCalcNationalIncome`: legacy calls it on the nation-type object alone (not the general
 * chain) and rounds what it returns (`Util::round`, at the call site); 병가's `:int` hook
 * truncates first.
 */
export function nationalIncome(nation: Nation, kind: Exclude<IncomeKind, 'pop'>, amount: number): number {
  const type = nationTypeOf(nation.type);
  const m = type?.income[kind];
  const value = m === undefined ? amount : amount * m;
  return type?.intHook ? Math.trunc(value) : value;
}

/** The 'pop' income hook on the semi-annual growth ratio: only a positive ratio is scaled. */
export function populationRatio(nation: Nation, ratio: number): number {
  const type = nationTypeOf(nation.type);
  const m = type?.income.pop;
  const value = m !== undefined && ratio > 0 ? ratio * m : ratio;
  return type?.intHook ? Math.trunc(value) : value;
}
