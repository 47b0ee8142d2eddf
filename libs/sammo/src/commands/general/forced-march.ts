import { addExperience, checkStatChange } from '../../stats/levels';
import { generalLog } from '../../world/logbook';
import { withJosa } from '../../world/josa';
import type { CommandDef } from '../command';
import { nearCity, notSameDestCity, reqGeneralGold } from '../constraints';
import { towardsCity, readDestCity, type DestCityArg } from './move';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

/**
 * 강행 (legacy che_강행): a march of up to three cities for five times the develcost in gold,
 * paid in training and morale (−5 each, never below 20 — and raised to 20 when lower, as the
 * legacy's limit does). A wandering band's ruler takes the band along, as with 이동.
 */
export const forcedMarch: CommandDef<DestCityArg> = {
  key: 'che_강행',
  name: '강행',
  id: 'forcedMarch',
  kind: 'general',
  readArg: readDestCity('forcedMarch'),
  constraints: [
    notSameDestCity((a: DestCityArg) => a.destCityId),
    nearCity((a: DestCityArg) => a.destCityId, 3),
    reqGeneralGold((c) => c.world.env.develcost * 5),
  ],
  failTarget: towardsCity,
  run(ctx, arg) {
    const { world, general, nation } = ctx;
    const destName = world.cities[arg.destCityId]!.name;
    generalLog(world, general.id, `${withJosa(destName, '으로')} 강행했습니다.`);
    general.city = arg.destCityId;
    if (nation !== undefined && nation.level === 0 && general.officerLevel === 12) {
      for (const other of world.generals.values()) {
        if (other.nation !== nation.id || other.id === general.id) continue;
        other.city = arg.destCityId;
        generalLog(world, other.id, `방랑군 세력이 ${withJosa(destName, '으로')} 강행했습니다.`);
      }
    }
    general.gold = Math.max(0, general.gold - world.env.develcost * 5);
    general.train = Math.max(20, general.train - 5);
    general.atmos = Math.max(20, general.atmos - 5);
    for (const line of addExperience(general, 100)) generalLog(world, general.id, line);
    general.leadershipExp += 1;
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    tryUniqueItemLottery(ctx);
    return true;
  },
};
