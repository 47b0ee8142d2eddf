import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { generalLog, log } from '../../world/logbook';
import { withJosa } from '../../world/josa';
import { phpNumberFormat } from '../../world/php-math';
import type { City, World } from '../../world/types';
import type { CommandDef } from '../command';
import { cityDistance, reqGeneralGold, reqGeneralRice } from '../constraints';
import { crewTypeOf } from '../../stats/crew-types';
import { atCity, readDestCity, type DestCityArg } from './move';
import { increaseInheritancePoint } from '../../world/inheritance';

/** How many months a nation keeps seeing a city it spied on (legacy `spy`, counted down monthly). */
export const SPY_MONTHS = 3;

/**
 * 첩보 (legacy che_첩보): spies on a city not the nation's own, for three develcosts in gold
 * and in rice. What comes back depends on the distance: a neighbour gives the city, its
 * development, the garrison by crew type and the owner's tech compared with ours; two steps
 * the city and its development; farther only the rumour of the city. The nation then sees
 * the city for three months. The legacy checks "not neutral" only when the command is
 * reserved, not when it runs, so a general who left the nation meanwhile still spies (for no
 * nation).
 */
export const spy: CommandDef<DestCityArg> = {
  key: 'che_첩보',
  name: '첩보',
  id: 'spy',
  kind: 'general',
  readArg: readDestCity('spy'),
  constraints: [
    (c, a) => (c.world.cities[a.destCityId]!.nation === c.general.nation ? '아국입니다.' : null),
    reqGeneralGold((c) => c.world.env.develcost * 3),
    reqGeneralRice((c) => c.world.env.develcost * 3),
  ],
  failTarget: atCity,
  run(ctx, arg) {
    const { world, general: g, nation, rng } = ctx;
    const city = world.cities[arg.destCityId]!;
    const distance = cityDistance(world, g.city, city.id, 2);
    log(world, 'world', 0, `누군가가 ${withJosa(city.name, '을')} 살피는 것 같습니다.`);
    const report = spyReport(world, city);
    if (distance <= 1) {
      generalLog(world, g.id, `${city.name}의 정보를 많이 얻었습니다.`);
      generalLog(world, g.id, report.brief);
      generalLog(world, g.id, report.development);
      generalLog(world, g.id, report.crewTypes);
      const owner = world.nations.get(city.nation);
      if (owner !== undefined && nation !== undefined) generalLog(world, g.id, `【${owner.name}】아국대비기술:${techComparison(Math.floor(owner.tech) - Math.floor(nation.tech))}`);
    } else if (distance === 2) {
      generalLog(world, g.id, `${city.name}의 정보를 어느 정도 얻었습니다.`);
      generalLog(world, g.id, report.brief);
      generalLog(world, g.id, report.development);
    } else {
      generalLog(world, g.id, `${city.name}의 소문만 들을 수 있었습니다.`);
      generalLog(world, g.id, report.brief);
    }
    if (nation !== undefined) nation.spy[city.id] = SPY_MONTHS;
    const exp = rng.nextRangeInt(1, 100);
    const ded = rng.nextRangeInt(1, 70);
    // 첩보 counts half an active action (the legacy's one exception).
    increaseInheritancePoint(world, g, 'active_action', 0.5);
    g.gold = Math.max(0, g.gold - world.env.develcost * 3);
    g.rice = Math.max(0, g.rice - world.env.develcost * 3);
    for (const line of addExperience(g, exp)) generalLog(world, g.id, line);
    for (const line of addDedication(g, ded)) generalLog(world, g.id, line);
    g.leadershipExp += 1;
    for (const line of checkStatChange(g)) generalLog(world, g.id, line);
    return true;
  },
};

function spyReport(world: World, city: City): { brief: string; development: string; crewTypes: string } {
  let crew = 0;
  let count = 0;
  const byType = new Map<number, number>();
  for (const other of world.generals.values()) {
    if (other.city !== city.id || other.nation !== city.nation) continue;
    crew += other.crew;
    count += 1;
    byType.set(other.crewtype, (byType.get(other.crewtype) ?? 0) + 1);
  }
  const n = (v: number) => phpNumberFormat(v, 0, ',');
  return {
    brief: `【${city.name}】주민:${n(city.pop)}, 민심:${phpNumberFormat(city.trust, 1, ',')}, 장수:${count}, 병력:${crew}`,
    development: `【첩보】농업:${n(city.agri)}, 상업:${n(city.comm)}, 치안:${n(city.secu)}, 수비:${n(city.def)}, 성벽:${n(city.wall)}`,
    crewTypes: `【병종】 ${[...byType].map(([type, cnt]) => `${(crewTypeOf(type)?.name ?? '').slice(0, 2)}:${cnt}`).join(' ')}`,
  };
}

function techComparison(diff: number): string {
  if (diff >= 1000) return '↑압도';
  if (diff >= 250) return '▲우위';
  if (diff >= -250) return '↕대등';
  if (diff >= -1000) return '▼열위';
  return '↓미미';
}
