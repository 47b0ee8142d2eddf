import { beChief, occupiedCity } from '../constraints';
import type { CommandDef } from '../command';
import type { DestCityArg } from '../general/move';
import { announce, availableStrategicCommand, invoke, invoked, notNeutralDestCity, notOccupiedDestCity, readDestCity, strategicDelay } from './strategic';
import { Diplo } from '../../world/constants';
import { phpRound } from '../../world/php-math';

/**
 * 수몰 {destCityId} (legacy che_수몰): a city of a nation at war keeps a fifth of its defence
 * and wall (the INT columns round the product). After 2 turns of preparation; cooldown
 * round(√(size × 4) × 10) months.
 */
export const flood: CommandDef<DestCityArg> = {
  key: 'che_수몰',
  name: '수몰',
  id: 'flood',
  kind: 'nation',
  readArg: readDestCity('flood'),
  constraints: [
    occupiedCity,
    beChief,
    notNeutralDestCity,
    notOccupiedDestCity,
    // BattleGroundCity: legacy's `== 0` also lets a missing row through; every pair has one.
    (c, a) => ((c.world.diplomacy.get(`${c.general.nation}:${c.world.cities[a.destCityId]!.nation}`)?.state ?? Diplo.war) === Diplo.war ? null : '교전중인 국가의 도시가 아닙니다.'),
    availableStrategicCommand,
  ],
  preTurns: () => 2,
  postTurns: (c) => strategicDelay(c, 4),
  run(ctx, arg) {
    const city = ctx.world.cities[arg.destCityId]!;
    invoke(ctx, 2, '수몰 발동!');
    city.def = phpRound(city.def * 0.2);
    city.wall = phpRound(city.wall * 0.2);
    announce(ctx, `${city.name}에 ${invoked('수몰')}`, city.nation, `아국의 ${city.name}에 ${invoked('수몰')}`);
    return true;
  },
};
