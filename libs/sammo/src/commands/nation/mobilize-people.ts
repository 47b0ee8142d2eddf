import { beChief, occupiedCity, occupiedDestCity } from '../constraints';
import type { CommandDef } from '../command';
import type { DestCityArg } from '../general/move';
import { announce, availableStrategicCommand, invoke, invoked, readDestCity, strategicDelay } from './strategic';
import { phpRound } from '../../world/php-math';

/**
 * 백성동원 {destCityId} (legacy che_백성동원): an own city's defence and wall rise to at least
 * 80 % of their maxima. Runs at once; cooldown round(√(size × 4) × 10) months.
 */
export const mobilizePeople: CommandDef<DestCityArg> = {
  key: 'che_백성동원',
  name: '백성동원',
  id: 'mobilizePeople',
  kind: 'nation',
  readArg: readDestCity('mobilizePeople'),
  constraints: [occupiedCity, beChief, occupiedDestCity((a: DestCityArg) => a.destCityId), availableStrategicCommand],
  postTurns: (c) => strategicDelay(c, 4),
  run(ctx, arg) {
    const city = ctx.world.cities[arg.destCityId]!;
    invoke(ctx, 0, '백성동원 발동!');
    city.def = Math.max(phpRound(city.defMax * 0.8), city.def);
    city.wall = Math.max(phpRound(city.wallMax * 0.8), city.wall);
    announce(ctx, `${city.name}에 ${invoked('백성동원')}`);
    return true;
  },
};
