import { InvalidGame } from '@chronicle/engine';
import unitSetJson from '../../data/unitset-che.json';
import { GameConst } from '../world/constants';
import { itemPersonalEffect } from '../items/held';
import type { General, World } from '../world/types';
import { arr, int, num, obj, str, type Fields } from '../world/read-helpers';
import { phpRound } from '../world/php-math';

/**
 * The crew types 징병/모병 may raise: the legacy unit set `che` (`data/unitset-che.json`),
 * read and checked once at module load. Arm types are numbered as `general.dex` is indexed:
 * 0 castle (성벽, never recruited), 1 footman, 2 archer, 3 cavalry, 4 wizard, 5 siege.
 */
/** Legacy `GameConst::$armperphase`. */
const ARM_PER_PHASE = 500;

export const ArmType = { castle: 0, footman: 1, archer: 2, cavalry: 3, wizard: 4, siege: 5 } as const;
const ARM_BY_NAME: Record<string, number> = ArmType;

/** The arms' names in dex lines (legacy GameUnitConst's type names; the castle has none). */
export const ARM_NAMES: Readonly<Record<number, string>> = { 1: '보병', 2: '궁병', 3: '기병', 4: '귀병', 5: '차병' };

export interface CrewType {
  id: number;
  /** English id (`infantry`, `whiteHorse`, …). */
  key: string;
  /** Korean name, as legacy shows it (보병, 백마병, …). */
  name: string;
  armType: number;
  attack: number;
  defence: number;
  speed: number;
  avoid: number;
  magicCoef: number;
  /** Gold per 100 soldiers before the tech factor. */
  cost: number;
  /** Rice per 100 soldiers before the tech factor (battle upkeep; `riceWithTech`). */
  rice: number;
  /** Nation tech points needed (ReqTech). */
  reqTech: number;
  /** City names, one of which the nation must own (ReqCities); empty: no such requirement. */
  reqCities: readonly string[];
  /** Region names, one of which the nation must hold a city in (ReqRegions); empty: none. */
  reqRegions: readonly string[];
  /** Years since `startyear` (ReqMinRelYear). */
  reqMinRelYear: number;
  /** Legacy `Impossible`: never recruitable (성벽). */
  impossible: boolean;
  /** Bit mask over {@link cityBit} of `reqCities` (0: none). */
  reqCityMask: number;
  /** Bit mask over region ids of `reqRegions` (0: none). */
  reqRegionMask: number;
  /**
   * Battle coefficients against an opponent (legacy `getAttackCoef`/`getDefenceCoef`): keyed by
   * the opponent's crew type id first, then by its arm type; absent means 1.
   */
  attackCoef: Readonly<Record<string, number>>;
  defenceCoef: Readonly<Record<string, number>>;
  /** Legacy battle triggers of the crew type, fired when an encounter opens and every phase (`src/war/triggers.ts`). */
  initTriggers: readonly CrewTrigger[];
  phaseTriggers: readonly CrewTrigger[];
  /** Legacy crew-type actions: `che_성벽선제` puts the city first among the defenders (`cityBattleOrder`). */
  actions: readonly CrewAction[];
}

/** The legacy battle triggers a unit set may give its crew types. */
export const CREW_TRIGGERS = ['che_선제사격시도', 'che_선제사격발동', 'che_방어력증가5p', 'che_기병병종전투', 'che_성벽부상무효', 'che_저지시도', 'che_저지발동'] as const;
export type CrewTrigger = (typeof CREW_TRIGGERS)[number];
export const CREW_ACTIONS = ['che_성벽선제'] as const;
export type CrewAction = (typeof CREW_ACTIONS)[number];

function keysOf<T extends string>(o: Fields, key: string, path: string, known: readonly T[]): T[] {
  if (o[key] === undefined) return [];
  return names(o, key, path).map((name) => {
    if (!(known as readonly string[]).includes(name)) throw new InvalidGame(`${path}.${key}: unknown ${name} (known: ${known.join(', ')})`);
    return name as T;
  });
}

export interface UnitSet {
  id: string;
  defaultCrewType: number;
  crewTypes: readonly CrewType[];
  /** Region name → region id (the map's numbering, `city.region`). */
  regions: Readonly<Record<string, number>>;
  /** City name → bit of the city masks; only cities some crew type requires. */
  cityBits: ReadonlyMap<string, number>;
}

function names(o: Fields, key: string, path: string): string[] {
  return arr(o[key], `${path}.${key}`).map((v, i) => str({ v }, 'v', `${path}.${key}[${i}]`));
}

function coefTable(o: Fields, key: string, path: string): Record<string, number> {
  const table = obj(o[key], `${path}.${key}`);
  const out: Record<string, number> = {};
  for (const k of Object.keys(table)) out[k] = num(table, k, `${path}.${key}`, 0, 10);
  return out;
}

/** Reads a unit set in the format of `data/unitset-che.json`, refusing bad data with `InvalidGame`. */
export function readUnitSet(value: unknown): UnitSet {
  const o = obj(value, 'unitset');
  const id = str(o, 'unitSet', 'unitset');
  const regionsRaw = obj(o.regions, 'unitset.regions');
  const regions: Record<string, number> = {};
  for (const name of Object.keys(regionsRaw)) regions[name] = int(regionsRaw, name, 'unitset.regions', 1, 30);
  const cityBits = new Map<string, number>();
  const seen = new Set<number>();
  const crewTypes = arr(o.crewTypes, 'unitset.crewTypes').map((raw, i): CrewType => {
    const p = `unitset.crewTypes[${i}]`;
    const c = obj(raw, p);
    const arm = str(c, 'armType', p);
    const armType = ARM_BY_NAME[arm];
    if (armType === undefined) throw new InvalidGame(`${p}.armType must be one of ${Object.keys(ArmType).join(', ')}, got ${arm}`);
    const typeId = int(c, 'id', p, 1);
    if (seen.has(typeId)) throw new InvalidGame(`${p}.id ${typeId} is repeated`);
    seen.add(typeId);
    const reqCities = names(c, 'reqCities', p);
    const reqRegions = names(c, 'reqRegions', p);
    let reqCityMask = 0;
    for (const city of reqCities) {
      let bit = cityBits.get(city);
      if (bit === undefined) {
        if (cityBits.size >= 30) throw new InvalidGame(`${p}.reqCities: more than 30 distinct required cities`);
        bit = 1 << cityBits.size;
        cityBits.set(city, bit);
      }
      reqCityMask |= bit;
    }
    let reqRegionMask = 0;
    for (const region of reqRegions) {
      const r = regions[region];
      if (r === undefined) throw new InvalidGame(`${p}.reqRegions: unknown region ${region}`);
      reqRegionMask |= 1 << r;
    }
    const impossible = c.impossible === undefined ? false : c.impossible;
    if (typeof impossible !== 'boolean') throw new InvalidGame(`${p}.impossible must be a boolean`);
    return {
      id: typeId, key: str(c, 'key', p), name: str(c, 'name', p), armType,
      attack: int(c, 'attack', p, 0), defence: int(c, 'defence', p, 0), speed: int(c, 'speed', p, 0),
      avoid: int(c, 'avoid', p, 0, 100), magicCoef: num(c, 'magicCoef', p, 0, 10),
      cost: int(c, 'cost', p, 0), rice: int(c, 'rice', p, 0),
      reqTech: int(c, 'reqTech', p, 0), reqCities, reqRegions, reqMinRelYear: int(c, 'reqMinRelYear', p, 0),
      impossible, reqCityMask, reqRegionMask,
      attackCoef: coefTable(c, 'attackCoef', p), defenceCoef: coefTable(c, 'defenceCoef', p),
      initTriggers: keysOf(c, 'initTriggers', p, CREW_TRIGGERS), phaseTriggers: keysOf(c, 'phaseTriggers', p, CREW_TRIGGERS),
      actions: keysOf(c, 'actions', p, CREW_ACTIONS),
    };
  });
  const defaultCrewType = int(o, 'defaultCrewType', 'unitset');
  const def = crewTypes.find((t) => t.id === defaultCrewType);
  if (!def || def.impossible || def.reqTech > 0 || def.reqCityMask || def.reqRegionMask || def.reqMinRelYear > 0) {
    throw new InvalidGame(`unitset.defaultCrewType ${defaultCrewType} must be a crew type anyone may raise`);
  }
  return { id, defaultCrewType, crewTypes, regions, cityBits };
}

export const UNIT_SET: UnitSet = readUnitSet(unitSetJson);
export const CREW_TYPES: readonly CrewType[] = UNIT_SET.crewTypes;

const BY_ID = new Map<number, CrewType>(CREW_TYPES.map((t) => [t.id, t]));
const BY_ARM: readonly (readonly CrewType[])[] = [0, 1, 2, 3, 4, 5].map((arm) => CREW_TYPES.filter((t) => t.armType === arm));

export const DEFAULT_CREW_TYPE: CrewType = BY_ID.get(UNIT_SET.defaultCrewType)!;

export function crewTypeOf(id: number): CrewType | undefined {
  return BY_ID.get(id);
}

/** The crew types of an arm type, in the unit set's order (legacy `GameUnitConst::byType`). */
export function crewTypesOfArm(armType: number): readonly CrewType[] {
  return BY_ARM[armType] ?? [];
}

/** The arm type of a crew type: unknown ids count as footmen. */
export function armTypeOf(crewtype: number): number {
  return BY_ID.get(crewtype)?.armType ?? ArmType.footman;
}

/** Tech level `floor(tech/1000)` clamped to 0..maxTechLevel. */
export function techLevel(tech: number): number {
  return Math.min(Math.max(Math.floor(tech / 1000), 0), GameConst.maxTechLevel);
}

/** Legacy `getTechCost`: `1 + techLevel × 0.15`. */
export function techCost(tech: number): number {
  return 1 + techLevel(tech) * 0.15;
}

/** Legacy `GameUnitDetail::costWithTech(tech, crew)`: cost × techCost × crew/100 (unrounded). */
export function costWithTech(type: CrewType, tech: number, crew: number): number {
  return type.cost * techCost(tech) * (crew / 100);
}

/** Legacy `GameUnitDetail::riceWithTech(tech, crew)`: rice × techCost × crew/100 (unrounded). */
export function riceWithTech(type: CrewType, tech: number, crew: number): number {
  return type.rice * techCost(tech) * (crew / 100);
}

/**
 * Legacy `GameUnitDetail::pickScore(tech)`, the AI's weight among crew types of one arm:
 * `(armperphase + attack + defence + techAbil×2) × (1 + speed/2) / max(1 − avoid/100, 0.1) ×
 * (1 + magicCoef/2)`, techAbil = techLevel × 25.
 */
export function pickScore(type: CrewType, tech: number): number {
  const war = (ARM_PER_PHASE + type.attack + type.defence + techLevel(tech) * 25 * 2) * (1 + type.speed / 2);
  return (war / Math.max(1 - type.avoid / 100, 0.1)) * (1 + type.magicCoef / 2);
}

/**
 * What the nation holds for the requirements: bit masks of the owned required cities
 * ({@link UnitSet.cityBits}) and of the regions it has a city in. One pass over the cities,
 * no allocation.
 */
export interface Holdings {
  cities: number;
  regions: number;
}

export function nationHoldings(world: World, nationId: number, out: Holdings): Holdings {
  let cities = 0;
  let regions = 0;
  const bits = UNIT_SET.cityBits;
  const list = world.cities;
  for (let id = 1; id < list.length; id++) {
    const c = list[id];
    if (c === undefined || c.nation !== nationId) continue;
    regions |= 1 << c.region;
    cities |= bits.get(c.name) ?? 0;
  }
  out.cities = cities;
  out.regions = regions;
  return out;
}

/** Legacy AvailableRecruitCrewType's refusal. */
export const CREW_TYPE_REFUSED = '현재 선택할 수 없는 병종입니다.';

/**
 * Why the crew type cannot be raised now (legacy `GameUnitDetail::isValid`), or null: legacy's
 * refusal followed by the requirement that failed, worded as legacy's unit description words
 * it. Checked in legacy's order: relative year (negative counts 0), tech, one owned required
 * city, a held required region.
 */
export function crewTypeRefusal(type: CrewType, held: Holdings, relYear: number, tech: number): string | null {
  let why: string | null = null;
  if (type.impossible) why = '생성할 수 없습니다';
  else if (Math.max(0, relYear) < type.reqMinRelYear) why = `${type.reqMinRelYear}년 경과 후 사용 가능`;
  else if (tech < type.reqTech) why = `기술력 ${type.reqTech} 이상 필요`;
  else if (type.reqCityMask !== 0 && (held.cities & type.reqCityMask) === 0) why = `${type.reqCities.join(', ')} 소유시 가능`;
  else if (type.reqRegionMask !== 0 && (held.regions & type.reqRegionMask) === 0) why = `${type.reqRegions.join(', ')} 지역 소유시 가능`;
  return why === null ? null : `${CREW_TYPE_REFUSED} (${type.name}: ${why})`;
}

export function crewTypeAvailable(type: CrewType, held: Holdings, relYear: number, tech: number): boolean {
  if (type.impossible || Math.max(0, relYear) < type.reqMinRelYear || tech < type.reqTech) return false;
  if (type.reqCityMask !== 0 && (held.cities & type.reqCityMask) === 0) return false;
  return type.reqRegionMask === 0 || (held.regions & type.reqRegionMask) !== 0;
}

/** Legacy `GameUnitDetail::getAttackCoef`: the opponent's crew type id, else its arm type, else 1. */
export function attackCoef(type: CrewType, oppose: CrewType): number {
  return type.attackCoef[oppose.id] ?? type.attackCoef[oppose.armType] ?? 1;
}

export function defenceCoef(type: CrewType, oppose: CrewType): number {
  return type.defenceCoef[oppose.id] ?? type.defenceCoef[oppose.armType] ?? 1;
}

/** Dex gains of wizards and siege engines count 0.9 (§5.2); castle counts as siege. */
export function dexFactor(armType: number): number {
  return armType === ArmType.wizard || armType === ArmType.siege || armType === ArmType.castle ? 0.9 : 1;
}

/**
 * Legacy `General::addDex(crewType, exp)` without the train/atmos option: the gain is scaled
 * by {@link dexFactor}, then by the chain's `onCalcStat('addDex')` (동작 ×1.2), and lands in an
 * integer column, so it is rounded there — unless the general goes on unwritten (`written`
 * false: 출병 hands it to the battle, which adds its own dex to the unrounded sum and writes
 * the row once). Castle dex is siege dex.
 */
export function addDex(general: General, armType: number, gain: number, written = true): void {
  const slot = armType === ArmType.castle ? ArmType.siege : armType;
  const scaled = itemPersonalEffect(general, 'addDex', gain * dexFactor(armType));
  general.dex[slot] = (general.dex[slot] ?? 0) + (written ? phpRound(scaled) : scaled);
}
