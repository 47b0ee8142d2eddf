import { Diplo } from '../world/constants';
import { chronicle } from '../world/logbook';
import { diplomacyKey } from '../world/queries';
import type { World } from '../world/types';
import { withJosa } from '../world/josa';

/**
 * Diplomacy transitions (§6.8 step 2): war casualties extend a war; two exhausted sides
 * fall back to normal relations; every term counts down; an expired NAP ends, and an
 * expired declaration becomes war (【개전】) for 6 months.
 */
export function updateDiplomacy(world: World): void {
  const rows = [...world.diplomacy.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, d] of rows) {
    if (d.state !== Diplo.war) continue;
    const [a] = key.split(':').map(Number) as [number];
    const gennum = Math.max(1, world.nations.get(a)?.gennum ?? 1);
    const t = Math.floor(d.dead / 100 / gennum);
    d.dead -= t * 100 * gennum;
    d.term = Math.min(13, Math.max(0, d.term + t));
  }
  for (const [key, d] of rows) {
    const [a, b] = key.split(':').map(Number) as [number, number];
    if (a > b) continue;
    const other = world.diplomacy.get(diplomacyKey(b, a));
    if (d.state === Diplo.war && other?.state === Diplo.war && d.term <= 1 && other.term <= 1) {
      d.state = other.state = Diplo.normal;
      d.term = other.term = 0;
    }
  }
  for (const [key, d] of rows) {
    if (d.state !== Diplo.war) d.dead = 0;
    d.term = Math.max(0, d.term - 1);
    if (d.state === Diplo.nap && d.term === 0) d.state = Diplo.normal;
    else if (d.state === Diplo.declared && d.term === 0) {
      d.state = Diplo.war;
      d.term = 6;
      const [a, b] = key.split(':').map(Number) as [number, number];
      if (a < b) chronicle(world, `【개전】 ${withJosa(world.nations.get(a)?.name ?? '', '과')} ${withJosa(world.nations.get(b)?.name ?? '', '이')} 전쟁에 돌입했습니다.`);
    }
  }
}
