import { InvalidGame } from '@chronicle/engine';
import { CHIEF_STAT_MIN, GameConst } from '../world/constants';
import type { RandUtil } from '../rng/rand-util';
import { phpRound } from '../world/php-math';
import { domesticSpecialOf, domesticSpecials, SpecCond, warSpecialOf, warSpecials, type Special } from './specials';

// Legacy `SpecialityHelper`'s pickers: who may learn which speciality (the flags in `./specials.ts`).

/** The arm flags by dex index 1..5 (footman … siege), as legacy's `calcCondDexterity` lists them. */
const ARM_FLAGS = [SpecCond.footman, SpecCond.archer, SpecCond.cavalry, SpecCond.wizard, SpecCond.siege] as const;

/** The selectable specialities in legacy `GameConst::$availableSpecialDomestic`/`…War` order (the draws walk them so). */
export const AVAILABLE_DOMESTIC = ['che_경작', 'che_상재', 'che_발명', 'che_축성', 'che_수비', 'che_통찰', 'che_인덕', 'che_귀모'];
export const AVAILABLE_WAR = [
  'che_귀병', 'che_신산', 'che_환술', 'che_집중', 'che_신중', 'che_반계',
  'che_보병', 'che_궁병', 'che_기병', 'che_공성',
  'che_돌격', 'che_무쌍', 'che_견고', 'che_위압',
  'che_저격', 'che_필살', 'che_징병', 'che_의술', 'che_격노', 'che_척사',
];

function selectable(keys: readonly string[], family: readonly Special[]): Special[] {
  return keys.map((key) => {
    const special = family.find((s) => s.key === key);
    if (special?.select === undefined) throw new Error(`speciality ${key} has no selection rule`);
    return special;
  });
}

const DOMESTIC_POOL = selectable(AVAILABLE_DOMESTIC, domesticSpecials);
const WAR_POOL = selectable(AVAILABLE_WAR, warSpecials);

export interface SpecialityCandidate {
  leadership: number;
  strength: number;
  intel: number;
  /** Dex per arm 1..5 (index 0 unused); only the war pick reads it. */
  dex?: readonly number[];
}

/** Legacy `calcCondGeneric`: the stat flags, above `chiefStatMin` or, failing all, the dominant stat. */
export function statConditions(g: SpecialityCandidate): number {
  const { leadership: l, strength: s, intel: i } = g;
  let cond = 0;
  if (l > CHIEF_STAT_MIN) cond |= SpecCond.leadership;
  if (s >= i * 0.95 && s > CHIEF_STAT_MIN) cond |= SpecCond.strength;
  if (i >= s * 0.95 && i > CHIEF_STAT_MIN) cond |= SpecCond.intel;
  if (cond !== 0) {
    if (l < CHIEF_STAT_MIN) cond |= SpecCond.notLeadership;
    if (s < CHIEF_STAT_MIN) cond |= SpecCond.notStrength;
    if (i < CHIEF_STAT_MIN) cond |= SpecCond.notIntel;
    return cond;
  }
  if (l * 0.9 > s && l * 0.9 > i) return SpecCond.leadership;
  return s >= i ? SpecCond.strength : SpecCond.intel;
}

/**
 * Legacy `calcCondDexterity`: four times in five no arm; then the more dex, the likelier no
 * arm again; else the arm with the most dex (a draw among ties), or with no dex at all a
 * draw that names no arm.
 */
function armCondition(rng: RandUtil, dex: readonly number[]): number {
  const arms = ARM_FLAGS.map((_, i) => dex[i + 1] ?? 0);
  const dexSum = arms.reduce((a, b) => a + b, 0);
  const dexBase = phpRound(Math.sqrt(dexSum) / 4);
  if (rng.nextBool(0.8)) return 0;
  if (rng.nextRangeInt(0, 99) < dexBase) return 0;
  if (dexSum === 0) {
    rng.choice(arms);
    return 0;
  }
  const best = Math.max(...arms);
  return rng.choice(ARM_FLAGS.filter((_, i) => arms[i] === best));
}

/** The condition set of `special` that `cond` satisfies, if any. */
function fittingCondition(special: Special, cond: number): number | undefined {
  return special.select!.conds.find((c) => (c & cond) === c);
}

/**
 * Percent-weighted specialities are drawn first, with the rest of 100 standing for "none of
 * them" when others fit too; then the relatively weighted ones.
 */
function drawByWeight(rng: RandUtil, percent: [string, number][], relative: [string, number][]): string | null {
  if (percent.length > 0) {
    const entries: [string | null, number][] = [...percent];
    if (relative.length > 0) entries.push([null, Math.max(0, 100 - percent.reduce((a, [, w]) => a + w, 0))]);
    const id = rng.choiceUsingWeight(entries);
    if (id !== null) return id;
  }
  return relative.length > 0 ? rng.choiceUsingWeight(relative) : null;
}

/** Legacy `pickSpecialDomestic`: a domestic speciality for these stats, other than the ones held before while another fits. */
export function pickSpecialDomestic(rng: RandUtil, g: SpecialityCandidate, previous: readonly string[] = []): string {
  const cond = statConditions(g);
  const percent: [string, number][] = [];
  const relative: [string, number][] = [];
  for (const special of DOMESTIC_POOL) {
    if (fittingCondition(special, cond) === undefined || previous.includes(special.key)) continue;
    (special.select!.percent ? percent : relative).push([special.key, special.select!.weight]);
  }
  const id = drawByWeight(rng, percent, relative);
  if (id !== null) return id;
  if (previous.length > 0) return pickSpecialDomestic(rng, g);
  throw new Error(`no domestic speciality fits condition ${cond}`);
}

/** Legacy `pickSpecialWar`: an arm speciality when the drawn arm fits one, else by weight as the domestic pick. */
export function pickSpecialWar(rng: RandUtil, g: SpecialityCandidate, previous: readonly string[] = []): string {
  const cond = statConditions(g) | armCondition(rng, g.dex ?? []) | SpecCond.reqDex;
  const armed: [string, number][] = [];
  const percent: [string, number][] = [];
  const relative: [string, number][] = [];
  for (const special of WAR_POOL) {
    const fit = fittingCondition(special, cond);
    if (fit === undefined || previous.includes(special.key)) continue;
    const weight = special.select!.weight;
    if (fit & SpecCond.reqDex) armed.push([special.key, weight]);
    else (special.select!.percent ? percent : relative).push([special.key, weight]);
  }
  if (armed.length > 0) return rng.choiceUsingWeight(armed);
  const id = drawByWeight(rng, percent, relative);
  if (id !== null) return id;
  if (previous.length > 0) return pickSpecialWar(rng, g);
  throw new Error(`no war speciality fits condition ${cond}`);
}

/**
 * The ages at which a general gets its domestic and war specialities (legacy GeneralBuilder
 * and the join form): sooner the older the general and the later in the world's life, at
 * least 3 years away.
 */
export function specialityAges(age: number, year: number, startyear: number): { specage: number; specage2: number } {
  const relYear = Math.max(0, year - startyear);
  const span = (divisor: number) => Math.max(3, phpRound((GameConst.retirementYear - age) / divisor - relYear / 2)) + age;
  return { specage: span(12), specage2: span(6) };
}

/**
 * Legacy `setSpecialSingle`: a scenario names one speciality; a domestic name is the domestic
 * speciality, any other the war one. Keys are stored, as the legacy stores class names.
 */
export function splitSpeciality(name: string | null): { special: string | null; special2: string | null } {
  if (name === null) return { special: null, special2: null };
  const domestic = domesticSpecialOf(name);
  if (domestic !== undefined) return { special: domestic.key, special2: null };
  const war = warSpecialOf(name);
  if (war === undefined) throw new InvalidGame(`unknown speciality ${name}: neither a domestic nor a war speciality`);
  return { special: null, special2: war.key };
}
