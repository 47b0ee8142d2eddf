import type { General } from '../world/types';

/**
 * The averages a pool general is filled from (legacy `$avgGen`: MariaDB `AVG` over the chosen
 * rows). AVG of an integer column is a DECIMAL with 4 places, rounded half up, which PHP
 * reads as a string and turns into a float where it computes, or truncates where an int
 * parameter takes it (experience, dedication and the siege dexterity).
 */
export interface PoolAverages {
  /** avg(dex1 + dex2 + dex3 + dex4). */
  dexTotal: number;
  /** avg(dex5), as an int parameter takes it. */
  dex5: number;
  experience: number;
  dedication: number;
}

/** MariaDB's AVG of integers: the mean at 4 decimal places, half up (the sums are never negative here). */
export function sqlAverage(sum: number, count: number): number {
  if (count === 0) return 0;
  return Math.floor((2 * sum * 10_000 + count) / (2 * count)) / 10_000;
}

export function poolAverages(generals: Iterable<General>): PoolAverages {
  let count = 0;
  let dexTotal = 0;
  let dex5 = 0;
  let experience = 0;
  let dedication = 0;
  for (const g of generals) {
    count++;
    dexTotal += g.dex[1]! + g.dex[2]! + g.dex[3]! + g.dex[4]!;
    dex5 += g.dex[5]!;
    experience += g.experience;
    dedication += g.dedication;
  }
  return {
    dexTotal: sqlAverage(dexTotal, count),
    dex5: Math.trunc(sqlAverage(dex5, count)),
    experience: Math.trunc(sqlAverage(experience, count)),
    dedication: Math.trunc(sqlAverage(dedication, count)),
  };
}
