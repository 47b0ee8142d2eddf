import type { RandUtil } from '../rng/rand-util';
import { modifiers } from '../stats/chain';
import type { Item } from '../items/catalog';
import { itemIn, setItem } from '../items/held';
import { josa, withJosa } from '../world/josa';
import { generalLog } from '../world/logbook';
import type { General, World } from '../world/types';

/**
 * Pre-turn triggers (§3 step 3), in priority order: 환약's `che_아이템치료` (9990) cures a
 * wound of 10 or more, `che_부상경감` (10000) heals 10 injury, `che_도시치료` (10010; the war
 * speciality 의술 or a 의술 book, once for both) heals the general and, each with p ½, the
 * badly wounded in its city, `che_병력군량소모` (50000) feeds the crew, a rice per 100
 * soldiers; short of rice, the soldiers go home to the city. Only 의술 draws, from the
 * `preprocess` stream (`rng` is called only then).
 */
export function preprocess(world: World, general: General, rng: () => RandUtil): void {
  const tool = itemIn(general, 'item');
  if (tool?.preTurn === 'treatment') treat(world, general, tool);
  if (general.injury > 0) general.injury = Math.max(0, general.injury - 10);
  const traits = modifiers(general, world.nations.get(general.nation));
  if (traits.warSpecial?.key === 'che_의술' || tool?.preTurn === 'cityHealing') healCity(world, general, rng());
  if (general.crew >= 100) {
    const upkeep = Math.trunc(general.crew / 100);
    if (general.rice >= upkeep) {
      general.rice -= upkeep;
    } else {
      // The soldiers return as the chain counts them (징병's holders take none from the people, so none return); `%i` truncates.
      const city = world.cities[general.city]!;
      city.pop += Math.trunc(traits.domestic('징집인구', 'score', general.crew));
      general.crew = 0;
      general.rice = 0;
      generalLog(world, general.id, '군량이 모자라 병사들이 소집해제되었습니다!');
    }
  }
}

/**
 * `che_아이템치료` with the default threshold (legacy aux `use_treatment`, a player setting not
 * modelled: 10): the wound is cured unless the next turn is 요양; a 환약 lasts three treatments.
 */
function treat(world: World, general: General, tool: Item): void {
  if (general.injury < 10 || general.queue[0]?.action === 'che_요양') return;
  general.injury = 0;
  generalLog(world, general.id, `${tool.name}${josa(tool.rawName, '을')} 사용하여 치료합니다!`);
  const left = general.aux.remain환약 ?? 1;
  if (left > 1) {
    general.aux.remain환약 = left - 1;
    return;
  }
  delete general.aux.remain환약;
  setItem(general, 'item', null);
}

/** The injury above which a general in the healer's city may be healed (legacy `injury > 10`). */
const PATIENT_INJURY = 10;

/** `che_도시치료`: the healer's own wounds, then every other general in its city, of any nation, wounded past 10, with p ½ each in id order. */
function healCity(world: World, healer: General, rng: RandUtil): void {
  if (healer.injury > 0) {
    healer.injury = 0;
    generalLog(world, healer.id, '의술을 펼쳐 스스로 치료합니다!');
  }
  const patients: General[] = [];
  for (const g of world.generals.values()) if (g.city === healer.city && g.injury > PATIENT_INJURY && g.id !== healer.id) patients.push(g);
  patients.sort((a, b) => a.id - b.id);
  const cured = patients.filter(() => rng.nextBool(0.5));
  if (cured.length === 0) return;
  for (const g of cured) {
    g.injury = 0;
    generalLog(world, g.id, `${withJosa(healer.name, '이')} 의술로써 치료해줍니다!`);
  }
  const last = cured[cured.length - 1]!.name;
  generalLog(world, healer.id, cured.length === 1
    ? `의술을 펼쳐 도시의 장수 ${withJosa(last, '을')} 치료합니다!`
    : `의술을 펼쳐 도시의 장수들 ${last} 외 ${cured.length - 1}명을 치료합니다!`);
}
