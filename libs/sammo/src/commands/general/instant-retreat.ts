import { generalLog } from '../../world/logbook';
import { withJosa } from '../../world/josa';
import { searchDistance } from '../../world/queries';
import type { General, World } from '../../world/types';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { notBeNeutral, notWanderingNation } from '../constraints';

/** How far 접경귀환 looks for an own city. */
const REACH = 3;

/**
 * The own supplied cities nearest to the general within three steps (not its own city), in
 * legacy `searchDistance`'s discovery order; empty when there is none.
 */
export function nearestOwnCities(world: World, general: General): number[] {
  const layers: number[][] = [];
  for (const [id, d] of searchDistance(world, general.city, REACH)) {
    if (d === 0) continue;
    const city = world.cities[id]!;
    if (city.nation === general.nation && city.supply === 1) (layers[d] ??= []).push(id);
  }
  return layers.find((layer) => layer !== undefined) ?? [];
}

/**
 * 접경귀환 (legacy che_접경귀환, run by the InstantRetreat action where the scenario sets
 * `availableInstantAction.instantRetreat`): a general of a settled nation standing outside its
 * territory goes at once to one of the nearest own supplied cities (three steps at most),
 * drawn on the action's stream. It is never reserved as a turn and leaves the LastTurn alone.
 */
export const instantRetreat: CommandDef<null> = {
  key: 'che_접경귀환',
  name: '접경귀환',
  id: 'instant-retreat',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'instant-retreat'),
  constraints: [notBeNeutral, notWanderingNation, (c) => (c.city.nation === c.general.nation ? '아국입니다.' : null)],
  keepsLastTurn: true,
  run(ctx) {
    const { world, general } = ctx;
    const nearest = nearestOwnCities(world, general);
    if (nearest.length === 0) {
      generalLog(world, general.id, `${REACH}칸 이내에 아국 도시가 없습니다.`);
      return false;
    }
    const dest = world.cities[ctx.rng.choice(nearest)]!;
    generalLog(world, general.id, `${withJosa(dest.name, '으로')} 접경귀환했습니다.`);
    general.city = dest.id;
    return true;
  },
};
