import { beChief, occupiedCity } from '../constraints';
import type { CommandDef } from '../command';
import type { DestCityArg } from '../general/move';
import { announce, availableStrategicCommand, destCityNationOf, diplomacyWith, invoke, invoked, notNeutralDestCity, notOccupiedDestCity, readDestCity, strategicDelay } from './strategic';
import { Diplo } from '../../world/constants';
import { generalLog } from '../../world/logbook';

/**
 * 허보 {destCityId} (legacy che_허보): the generals of the city's nation in an enemy city (at
 * war or declared on) are scattered, each to a supplied city of their nation drawn from the
 * command's stream in city order (drawn once more if it is the same city). After 1 turn of
 * preparation; cooldown round(√(size × 4) × 10) months.
 */
export const falseReport: CommandDef<DestCityArg> = {
  key: 'che_허보',
  name: '허보',
  id: 'falseReport',
  kind: 'nation',
  readArg: readDestCity('falseReport'),
  constraints: [
    occupiedCity,
    beChief,
    notNeutralDestCity,
    notOccupiedDestCity,
    diplomacyWith(destCityNationOf, [Diplo.war, Diplo.declared], '선포, 전쟁중인 상대국에게만 가능합니다.'),
    availableStrategicCommand,
  ],
  preTurns: () => 1,
  postTurns: (c) => strategicDelay(c, 4),
  run(ctx, arg) {
    const { world, rng } = ctx;
    const city = world.cities[arg.destCityId]!;
    const destNationId = city.nation;
    invoke(ctx, 1, '허보 발동!');
    const refuges: number[] = [];
    for (let id = 1; id < world.cities.length; id++) if (world.cities[id]!.nation === destNationId && world.cities[id]!.supply === 1) refuges.push(id);
    const victims = [...world.generals.values()].filter((g) => g.nation === destNationId && g.city === city.id).sort((a, b) => a.id - b.id);
    // Legacy's choice throws on no city; a nation's capital is always supplied, so only a
    // world out of shape gets here, and its generals stay.
    if (refuges.length === 0) victims.length = 0;
    for (const victim of victims) {
      generalLog(world, victim.id, '상대의 허보에 당했다!');
      let to = rng.choice(refuges);
      if (to === city.id) to = rng.choice(refuges);
      victim.city = to;
    }
    announce(ctx, `${city.name}에 ${invoked('허보')}`, destNationId, `아국의 ${city.name}에 ${invoked('허보')}`);
    return true;
  },
};
