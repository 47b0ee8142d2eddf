import type { General, World } from '../world/types';
import { withJosa } from '../world/josa';
import { generalLog, log } from '../world/logbook';
import { phpRound } from '../world/php-math';

/**
 * `rebirth()` (§3 step 2): the same person starts over at 20 with most of what they knew.
 * Hall of fame and inheritance points are not modelled. The legacy halves experience and
 * dedication with `multiplyVar`, which leaves `explevel` and `dedlevel` as they were (the
 * next gain moves them).
 */
export function rebirth(world: World, general: General): void {
  general.leadership = Math.max(10, phpRound(general.leadership * 0.85));
  general.strength = Math.max(10, phpRound(general.strength * 0.85));
  general.intel = Math.max(10, phpRound(general.intel * 0.85));
  general.injury = 0;
  general.experience = phpRound(general.experience * 0.5);
  general.dedication = phpRound(general.dedication * 0.5);
  general.age = 20;
  // The specialities stay; their ages go to 0 so a child without one gets it at the next grant.
  general.specage = 0;
  general.specage2 = 0;
  for (let i = 0; i < general.dex.length; i++) general.dex[i] = phpRound(general.dex[i]! * 0.5);
  const r = general.rank;
  r.warnum = r.killnum = r.deathnum = r.killcrew = r.deathcrew = r.killcrewPerson = r.deathcrewPerson = r.occupied = r.firenum = r.inheritEarned = 0;
  log(world, 'world', 0, `${withJosa(general.name, '이')} 은퇴하고 그 자손이 유지를 이어받았습니다.`);
  generalLog(world, general.id, '나이가 들어 은퇴하고 자손에게 자리를 물려줍니다.');
}
