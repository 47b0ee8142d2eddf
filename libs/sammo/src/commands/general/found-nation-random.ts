import { generalLog } from '../../world/logbook';
import type { World } from '../../world/types';
import type { CommandContext, CommandDef } from '../command';
import { foundNation, type FoundArg } from './found-nation';
import { foundIn } from './found-nation';
import { inFirstMonth, TALENT_SEARCH_INSTEAD } from './first-month';

/** The neutral medium and small cities (level 5 or 6), by id: where 무작위건국 and 무작위수도이전 may land. */
export function openMediumCities(world: World): number[] {
  return world.cities.filter((c) => c !== undefined && c.nation === 0 && c.level >= 5 && c.level <= 6).map((c) => c.id);
}

/**
 * 무작위 도시 건국 (legacy che_무작위건국, offered by scenarios that list it): 건국 without
 * standing in the city; the band is taken to a neutral medium or small city drawn on the
 * command's stream, and the new nation may later move its capital at random once
 * (`can_무작위수도이전`). With no such city left the band disbands (해산).
 */
export const foundNationRandom: CommandDef<FoundArg> = {
  ...foundNation,
  key: 'che_무작위건국',
  name: '무작위 도시 건국',
  id: 'found-nation-random',
  // che_건국's conditions without its city: the city is drawn.
  constraints: foundNation.constraints.slice(0, -1),
  run(ctx, arg) {
    if (inFirstMonth(ctx)) {
      generalLog(ctx.world, ctx.general.id, '다음 턴부터 건국할 수 있습니다.');
      return false;
    }
    const cities = openMediumCities(ctx.world);
    if (cities.length === 0) {
      generalLog(ctx.world, ctx.general.id, '건국할 수 있는 도시가 없습니다.');
      return false;
    }
    const cityId = ctx.rng.choice(cities);
    if (cityId !== ctx.general.city) {
      for (const g of ctx.world.generals.values()) if (g.nation === ctx.general.nation) g.city = cityId;
    }
    foundIn({ ...ctx, city: ctx.world.cities[cityId]! } satisfies CommandContext, arg, { can_무작위수도이전: 1 });
    return true;
  },
  alternative: (ctx) => (inFirstMonth(ctx) ? TALENT_SEARCH_INSTEAD : { key: 'che_해산', arg: null }),
};
