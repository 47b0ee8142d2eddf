import type { City } from '../world/types';

/**
 * Legacy `calcNationDevelopedRate` over the supplied cities: the mean ratio of people and the
 * mean over the six ratios (people, agriculture, commerce, security, defence, wall).
 */
export function developedRate(supplied: readonly City[]): { pop: number; all: number } {
  if (supplied.length === 0) return { pop: 0, all: 0 };
  let pop = 0;
  let all = 0;
  for (const c of supplied) {
    const p = c.pop / c.popMax;
    pop += p;
    all += p + c.agri / c.agriMax + c.comm / c.commMax + c.secu / c.secuMax + c.def / c.defMax + c.wall / c.wallMax;
  }
  return { pop: pop / supplied.length, all: all / supplied.length / 6 };
}
