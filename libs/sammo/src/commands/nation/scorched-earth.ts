import { Diplo } from '../../world/constants';
import { withJosa } from '../../world/josa';
import { increaseInheritancePoint } from '../../world/inheritance';
import { addDedication, addExperience, experienceWorth } from '../../stats/levels';
import { chronicle, generalLog, log, nationLog } from '../../world/logbook';
import { phpRound } from '../../world/php-math';
import type { City } from '../../world/types';
import { setNationFronts } from '../../world/fronts';
import type { CommandContext, CommandDef } from '../command';
import { chiefOverOwnDestCity } from '../constraints';
import { readDestCity, type DestCityArg } from '../general/move';

/** 초토화 prepares for two turns; the diplomacy limit then rises by 24 months instead of a cooldown. */
const PRE_TURNS = 2;
const SURLIMIT = 24;

/**
 * What the treasury recovers, in gold and in rice: a fifth of the people, scaled by how far
 * farming, commerce and security stand above half their maxima (each factor 0.3 at zero,
 * 1.3 at the maximum), truncated.
 */
export function scorchedReturn(city: City): number {
  let amount = city.pop / 5;
  for (const [value, max] of [[city.agri, city.agriMax], [city.comm, city.commMax], [city.secu, city.secuMax]] as const) {
    amount *= (value - max * 0.5) / max + 0.8;
  }
  return Math.trunc(amount);
}

/** The nation must be at war with no one (legacy DisallowDiplomacyStatus on every row it has). */
function atPeace(c: CommandContext): string | null {
  for (const [key, d] of c.world.diplomacy) {
    if (d.state === Diplo.war && Number(key.slice(0, key.indexOf(':'))) === c.general.nation) return '평시에만 가능합니다.';
  }
  return null;
}

/**
 * 초토화 {destCityId} (legacy che_초토화): in peacetime a chief abandons an own supplied city
 * that is not the capital. The city drops to a fifth of its people and development (a tenth
 * of each maximum at least; the wall to half), trust at least 50, and becomes no one's; the
 * treasury recovers {@link scorchedReturn} in gold and in rice. Every member's betrayal count
 * rises, the other chiefs lose a tenth of their experience and the chief who ordered it a
 * tenth too, before the usual 5 × 3 exp and ded. No cooldown: the diplomacy limit rises by 24.
 */
export const scorchedEarth: CommandDef<DestCityArg> = {
  key: 'che_초토화',
  name: '초토화',
  id: 'scorchedEarth',
  kind: 'nation',
  readArg: readDestCity('scorchedEarth'),
  constraints: [
    ...chiefOverOwnDestCity<DestCityArg>(),
    (c, a) => (c.nation!.capital === a.destCityId ? '수도입니다.' : null),
    (c) => (c.nation!.surlimit !== 0 ? '외교제한 턴이 남아있습니다.' : null),
    atPeace,
  ],
  preTurns: () => PRE_TURNS,
  run(ctx, arg) {
    const { world, general } = ctx;
    const nation = ctx.nation!;
    const city = world.cities[arg.destCityId]!;
    // The tenth off (no personality) and the reward (with it) reach the row as one unrounded sum.
    const exp = -general.experience * 0.1 + experienceWorth(general, 5 * (PRE_TURNS + 1));
    for (const line of addExperience(general, exp, false)) generalLog(world, general.id, line);
    for (const line of addDedication(general, 5 * (PRE_TURNS + 1))) generalLog(world, general.id, line);
    const amount = scorchedReturn(city);
    // The others' rows are updated in SQL: the INT column rounds the product.
    for (const other of world.generals.values()) {
      if (other.nation !== nation.id || other.id === general.id) continue;
      if (other.officerLevel >= 5) other.experience = phpRound(other.experience * 0.9);
      other.betray += 1;
    }
    general.betray += 1;
    city.trust = Math.max(50, city.trust);
    city.pop = phpRound(Math.max(city.popMax * 0.1, city.pop * 0.2));
    city.agri = phpRound(Math.max(city.agriMax * 0.1, city.agri * 0.2));
    city.comm = phpRound(Math.max(city.commMax * 0.1, city.comm * 0.2));
    city.secu = phpRound(Math.max(city.secuMax * 0.1, city.secu * 0.2));
    city.def = phpRound(Math.max(city.defMax * 0.1, city.def * 0.2));
    city.wall = phpRound(Math.max(city.wallMax * 0.1, city.wall * 0.5));
    city.nation = 0;
    city.front = 0;
    city.conflict = [];
    nation.gold += amount;
    nation.rice += amount;
    nation.surlimit += SURLIMIT;
    setNationFronts(world, new Set([nation.id]));
    increaseInheritancePoint(world, general, 'active_action', 1);
    const name = withJosa(city.name, '을');
    generalLog(world, general.id, `${name} 초토화했습니다.`);
    nationLog(world, nation.id, `${withJosa(general.name, '이')} ${name} 초토화 명령`);
    log(world, 'world', 0, `${withJosa(general.name, '이')} ${name} 초토화하였습니다.`);
    chronicle(world, `【초토화】${withJosa(nation.name, '이')} ${name} 초토화하였습니다.`);
    return true;
  },
};
