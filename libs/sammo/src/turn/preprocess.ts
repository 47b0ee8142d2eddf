import { generalLog } from '../world/logbook';
import type { General, World } from '../world/types';

/**
 * Pre-turn triggers (§3 step 3), in priority order: `che_부상경감` (10000) heals 10 injury,
 * `che_병력군량소모` (50000) feeds the crew, a rice per 100 soldiers; short of rice, the
 * soldiers go home to the city. Neither draws from the `preprocess` stream; personal and
 * item triggers that would are not modelled.
 */
export function preprocess(world: World, general: General): void {
  if (general.injury > 0) general.injury = Math.max(0, general.injury - 10);
  if (general.crew >= 100) {
    const upkeep = Math.trunc(general.crew / 100);
    if (general.rice >= upkeep) {
      general.rice -= upkeep;
    } else {
      const city = world.cities[general.city]!;
      city.pop += general.crew;
      general.crew = 0;
      general.rice = 0;
      generalLog(world, general.id, '군량이 모자라 병사들이 소집해제되었습니다!');
    }
  }
}
