import type { RandUtil } from '../rng/rand-util';
import { domesticSpecialOf, warSpecialOf } from '../traits/specials';
import { pickSpecialDomestic, pickSpecialWar } from '../traits/speciality';
import { josa } from '../world/josa';
import { generalLog } from '../world/logbook';
import type { General, World } from '../world/types';

/**
 * AssignGeneralSpeciality (January, after NewYear; from the fourth year on): every general
 * without a domestic speciality who has reached `specage` learns one, then every general
 * without a war speciality who has reached `specage2` learns one, each in id order from the
 * `assignGeneralSpeciality` stream (year, month), avoiding the ones held before.
 */
export function assignGeneralSpeciality(world: World, rng: RandUtil): void {
  const { year, startyear } = world.env;
  if (year < startyear + 3) return;
  const generals = [...world.generals.values()].sort((a, b) => a.id - b.id);
  for (const g of generals) {
    if (g.special !== null || g.specage > g.age) continue;
    g.special = pickSpecialDomestic(rng, g, g.aux.prev_types_special);
    learned(world, g, domesticSpecialOf(g.special)!.label);
  }
  for (const g of generals) {
    if (g.special2 !== null || g.specage2 > g.age) continue;
    g.special2 = pickSpecialWar(rng, g, g.aux.prev_types_special2);
    learned(world, g, warSpecialOf(g.special2)!.label);
  }
}

function learned(world: World, g: General, label: string): void {
  generalLog(world, g.id, `특기 【${label}】${josa(label, '을')} 익혔습니다!`);
}
