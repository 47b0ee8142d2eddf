import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { generalLog } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { notBeNeutral, notWanderingNation } from '../constraints';
import { withJosa } from '../../world/josa';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

/** 귀환: city officers (2–4) go to their post, everyone else to the capital. */
export const returnHome: CommandDef<null> = {
  key: 'che_귀환',
  name: '귀환',
  id: 'return',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'return'),
  constraints: [
    notBeNeutral, notWanderingNation,
    // Legacy NotCapital(true): anyone away from the capital, and city officers (2–4)
    // anywhere — even at their post.
    (c) => (c.city.id !== c.nation?.capital || isCityOfficer(c.general.officerLevel) ? null : '이미 수도입니다.'),
  ],
  run(ctx) {
    const { world, general } = ctx;
    general.city = homeOf(general.officerLevel, general.officerCity, ctx.nation!.capital);
    generalLog(world, general.id, `${withJosa(world.cities[general.city]!.name, '으로')} 귀환했습니다.`);
    for (const line of addExperience(general, 70)) generalLog(world, general.id, line);
    for (const line of addDedication(general, 100)) generalLog(world, general.id, line);
    general.leadershipExp += 1;
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    tryUniqueItemLottery(ctx);
    return true;
  },
};

const isCityOfficer = (level: number) => level >= 2 && level <= 4;

function homeOf(officerLevel: number, officerCity: number, capital: number): number {
  return isCityOfficer(officerLevel) && officerCity > 0 ? officerCity : capital;
}
