import { beChief, occupiedCity } from '../constraints';
import type { CommandDef } from '../command';
import { readDestNation, type DestNationArg } from './declare-war';
import { announce, availableStrategicCommand, destNationOf, diplomacyWith, existsDestNation, invoke, invoked, strategicDelay } from './strategic';
import { Diplo } from '../../world/constants';
import { setNationFronts } from '../../world/fronts';

/**
 * 이호경식 {destNationId} (legacy che_이호경식): a nation at war or declared on goes back to a
 * declaration — 3 months away from war, or 3 months further off — and both nations' fronts
 * are recomputed. Runs at once; cooldown round(√(size × 16) × 10) months.
 */
export const sowDiscord: CommandDef<DestNationArg> = {
  key: 'che_이호경식',
  name: '이호경식',
  id: 'sowDiscord',
  kind: 'nation',
  readArg: readDestNation('sowDiscord'),
  constraints: [
    occupiedCity,
    beChief,
    existsDestNation,
    diplomacyWith(destNationOf, [Diplo.war, Diplo.declared], '선포, 전쟁중인 상대국에게만 가능합니다.'),
    availableStrategicCommand,
  ],
  postTurns: (c) => strategicDelay(c, 16),
  run(ctx, arg) {
    const nation = ctx.nation!;
    const dest = ctx.world.nations.get(arg.destNationId)!;
    invoke(ctx, 0, '이호경식 발동!');
    for (const key of [`${nation.id}:${dest.id}`, `${dest.id}:${nation.id}`]) {
      const row = ctx.world.diplomacy.get(key);
      if (!row) continue;
      row.term = row.state === Diplo.war ? 3 : row.term + 3;
      row.state = Diplo.declared;
    }
    setNationFronts(ctx.world, new Set([nation.id, dest.id]));
    announce(ctx, `${dest.name}에 ${invoked('이호경식')}`, dest.id, `아국에 ${invoked('이호경식')}`);
    return true;
  },
};
