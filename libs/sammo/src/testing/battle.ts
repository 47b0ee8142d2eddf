// Battle fixtures for the trigger and unit specs: two armies engaged on dice that answer by probability.
import { setItem } from '../items/held';
import { LiteHashDRBG } from '../rng/lite-hash-drbg';
import { RandUtil } from '../rng/rand-util';
import { battleNation, type WarUnit } from '../war/war-unit';
import { GeneralUnit } from '../war/general-unit';
import { CityUnit } from '../war/city-unit';
import type { General, World } from '../world/types';
import { addGeneral, smallWorld } from './small-world';

/**
 * Dice for one firing: `yes` says which probabilities come true, every probability asked is
 * recorded, float ranges land in their middle (a critical is ×1.65), integer ranges on their
 * lowest value (a snipe wounds 20) and `choice` takes item `pick`.
 */
export class Dice extends RandUtil {
  readonly asked: number[] = [];
  ranges = 0;
  yes: (p: number) => boolean = () => false;
  pick = 0;

  constructor() {
    super(new LiteHashDRBG('00'.repeat(16)));
  }

  /** As RandUtil's, p ≥ 1 and p ≤ 0 decide without the dice. */
  override nextBool(p = 0.5): boolean {
    this.asked.push(p);
    if (p >= 1) return true;
    if (p <= 0) return false;
    return this.yes(p);
  }

  override nextRange(a: number, b: number): number {
    this.ranges += 1;
    return (a + b) / 2;
  }

  override nextRangeInt(a: number): number {
    return a;
  }

  override choice<T>(items: readonly T[]): T {
    return items[this.pick]!;
  }
}

export const yesTo = (...ps: number[]) => (p: number) => ps.some((q) => Math.abs(p - q) < 1e-12);
/** Every probability but the generals' own critical and avoidance rolls (and `also`'s). */
export const allBut = (units: readonly WarUnit[], ...also: number[]) => {
  const rolls = units.flatMap((u) => (u instanceof GeneralUnit ? [u.criticalRatio(), u.avoidRatio()] : []));
  return (p: number) => !yesTo(...rolls, ...also)(p);
};
export const critical = (unit: WarUnit) => (unit as GeneralUnit).criticalRatio();

export interface Side extends Partial<General> {
  held?: Partial<Record<'horse' | 'weapon' | 'book' | 'item', string>>;
}

/**
 * Footmen (1100) of 193: nation 1's general in 나 attacking with strength 90, nation 2's in 다
 * defending with strength 70, both with intel 30, 7,000 soldiers, train and atmos 100, gold
 * 1,000, rice 5,000, and what each side is given. `wall` makes 다's wall under siege the
 * defender (no volley of its own).
 */
export function engage(attackerSide: Side = {}, defenderSide: Side = {}, wall = false) {
  const world = smallWorld();
  world.env.year = 193;
  const make = (id: number, side: Side) => {
    const { held = {}, ...row } = side;
    const g = addGeneral(world, { id, npc: 2, nation: id, city: id + 1, leadership: 50, strength: id === 1 ? 90 : 70, intel: 30 });
    Object.assign(g, { crewtype: 1100, crew: 7000, train: 100, atmos: 100, gold: 1000, rice: 5000, ...row });
    for (const [slot, key] of Object.entries(held)) setItem(g, slot as 'item', key);
    return g;
  };
  const attacker = make(1, attackerSide);
  const defender = make(2, defenderSide);
  const dice = new Dice();
  const a = new GeneralUnit(dice, world, attacker, world.nations.get(1), true, world.cities[2]!);
  const city = new CityUnit(dice, world.cities[3]!, battleNation(world.nations.get(2)), 193, world.env.startyear);
  city.setSiege();
  const d: WarUnit = wall ? city : new GeneralUnit(dice, world, defender, world.nations.get(2), false, world.cities[3]!);
  a.setOppose(d);
  d.setOppose(a);
  return { world, attacker, defender, a, d, dice };
}

export const lines = (world: World) => world.logs.map((l) => `${l.subject}: ${l.text}`);
export const active = (unit: WarUnit, names: readonly string[]) => names.filter((n) => unit.has(n));
