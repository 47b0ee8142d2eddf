/**
 * The crew types 징병/모병 may raise. The unit set data (`che`) was not extracted, so this
 * is the basic line-up of the five arm types with stand-in costs (gold per 100 soldiers);
 * tech, city and region requirements of special units do not apply to them.
 */
export interface CrewType {
  id: number;
  name: string;
  /** 1 footman, 2 archer, 3 cavalry, 4 wizard, 5 siege. */
  armType: number;
  cost: number;
}

export const CREW_TYPES: readonly CrewType[] = [
  { id: 1100, name: '보병', armType: 1, cost: 9 },
  { id: 1200, name: '궁병', armType: 2, cost: 10 },
  { id: 1300, name: '기병', armType: 3, cost: 11 },
  { id: 1400, name: '귀병', armType: 4, cost: 9 },
  { id: 1500, name: '정란', armType: 5, cost: 14 },
];

export function crewTypeOf(id: number): CrewType | undefined {
  return CREW_TYPES.find((t) => t.id === id);
}

export function armTypeOf(crewtype: number): number {
  return crewTypeOf(crewtype)?.armType ?? 1;
}

/** Dex gains of wizards and siege engines count 0.9 (§5.2). */
export function dexFactor(armType: number): number {
  return armType === 4 || armType === 5 ? 0.9 : 1;
}

/**
 * Legacy `General::addDex(crewType, exp)` without the train/atmos option: the gain is scaled
 * by {@link dexFactor} and lands in an integer column, so it is rounded there.
 */
export function addDex(dex: number[], armType: number, gain: number): void {
  dex[armType] = (dex[armType] ?? 0) + Math.round(gain * dexFactor(armType));
}
