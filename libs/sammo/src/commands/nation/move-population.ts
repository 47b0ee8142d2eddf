import { IllegalMove } from '@chronicle/engine';
import { GameConst } from '../../world/constants';
import { addDedication, addExperience } from '../../stats/levels';
import { generalLog } from '../../world/logbook';
import { withJosa } from '../../world/josa';
import { phpRound } from '../../world/php-math';
import { argCity, argObject } from '../args';
import type { CommandContext, CommandDef } from '../command';
import { beChief, nearCity, notSameDestCity, occupiedCity, occupiedDestCity, suppliedCity, suppliedDestCity } from '../constraints';

export interface MovePopulationArg {
  destCityId: number;
  amount: number;
}

/** Legacy `AMOUNT_LIMIT`: a larger amount is read as this. */
const AMOUNT_LIMIT = 100_000;
/** The source city keeps what recruiting needs, and 100 more to begin with. */
const MIN_POP = GameConst.minAvailableRecruitPop + 100;

/** Gold and rice each: develcost per 10,000 people asked for (the amount as given, not as moved). */
const cost = (c: CommandContext, a: MovePopulationArg) => phpRound((c.world.env.develcost * a.amount) / 10000);
const dest = (a: MovePopulationArg) => a.destCityId;

/**
 * 인구이동 (legacy cr_인구이동, offered by scenarios that list it): a chief moves people from
 * the city it stands in to a neighbouring own city, for develcost gold and rice per 10,000
 * asked; the source keeps at least minAvailableRecruitPop.
 */
export const movePopulation: CommandDef<MovePopulationArg> = {
  key: 'cr_인구이동',
  name: '인구이동',
  id: 'move-population',
  kind: 'nation',
  readArg(raw, world) {
    const o = argObject(raw, 'move-population');
    const amount = o.amount;
    // Legacy argTest: any number, cut to an integer; above the limit it is the limit.
    if (typeof amount !== 'number' || !Number.isFinite(amount) || Math.trunc(amount) < 0) {
      throw new IllegalMove('move-population: amount must be a number of people, 0 or more (above 100,000 it is read as 100,000)');
    }
    return { destCityId: argCity(o, 'destCityId', 'move-population', world), amount: Math.min(Math.trunc(amount), AMOUNT_LIMIT) };
  },
  constraints: [
    notSameDestCity(dest), occupiedCity,
    (c) => (c.city.pop >= MIN_POP ? null : '주민이 부족합니다.'),
    occupiedDestCity(dest), nearCity(dest, 1), beChief, suppliedCity, suppliedDestCity(dest),
    (c, a) => (c.nation!.gold >= GameConst.basegold + cost(c, a) ? null : '국고가 부족합니다.'),
    (c, a) => (c.nation!.rice >= GameConst.baserice + cost(c, a) ? null : '병량이 부족합니다.'),
  ],
  run(ctx, arg) {
    const { world, general, city } = ctx;
    const nation = ctx.nation!;
    const target = world.cities[arg.destCityId]!;
    const amount = Math.min(arg.amount, city.pop - GameConst.minAvailableRecruitPop);
    for (const line of addExperience(general, 5)) generalLog(world, general.id, line);
    for (const line of addDedication(general, 5)) generalLog(world, general.id, line);
    target.pop += amount;
    city.pop -= amount;
    const price = cost(ctx, arg);
    nation.gold -= price;
    nation.rice -= price;
    generalLog(world, general.id, `${withJosa(target.name, '으로')} 인구 ${amount}명을 옮겼습니다.`);
    return true;
  },
};
