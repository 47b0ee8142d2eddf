import { addDedication, addExperience, checkStatChange } from '../../world/levels';
import { generalLog } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { notBeNeutral, notWanderingNation } from '../constraints';

/** 귀환: city officers (2–4) go to their post, everyone else to the capital. */
export const returnHome: CommandDef<null> = {
  key: 'che_귀환',
  name: '귀환',
  id: 'return',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'return'),
  constraints: [
    notBeNeutral, notWanderingNation,
    (c) => (homeOf(c.general.officerLevel, c.general.officerCity, c.nation?.capital ?? 0) === c.city.id ? '이미 귀환할 도시에 있습니다.' : null),
  ],
  run(ctx) {
    const { world, general } = ctx;
    general.city = homeOf(general.officerLevel, general.officerCity, ctx.nation!.capital);
    addExperience(general, 70);
    addDedication(general, 100);
    general.leadershipExp += 1;
    generalLog(world, general.id, `${world.cities[general.city]!.name}(으)로 귀환했습니다.`);
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    return true;
  },
};

function homeOf(officerLevel: number, officerCity: number, capital: number): number {
  return officerLevel >= 2 && officerLevel <= 4 && officerCity > 0 ? officerCity : capital;
}
