import { beChief, occupiedCity } from '../constraints';
import type { CommandDef } from '../command';
import { readDestNation, type DestNationArg } from './declare-war';
import { announce, availableStrategicCommand, existsDestNation, invoke, invoked, strategicDelay } from './strategic';
import { Diplo } from '../../world/constants';

/**
 * 급습 {destNationId} (legacy che_급습): against a nation declared on at least 12 months
 * ahead, the declaration's term shrinks by 3 months on both sides. Runs at once; cooldown
 * round(√(size × 16) × 10) months.
 */
export const suddenAttack: CommandDef<DestNationArg> = {
  key: 'che_급습',
  name: '급습',
  id: 'suddenAttack',
  kind: 'nation',
  readArg: readDestNation('suddenAttack'),
  constraints: [
    occupiedCity,
    beChief,
    existsDestNation,
    (c, a) => {
      const row = c.world.diplomacy.get(`${c.general.nation}:${a.destNationId}`);
      return row !== undefined && row.state === Diplo.declared && row.term >= 12 ? null : '선포 12개월 이상인 상대국에만 가능합니다.';
    },
    availableStrategicCommand,
  ],
  postTurns: (c) => strategicDelay(c, 16),
  run(ctx, arg) {
    const dest = ctx.world.nations.get(arg.destNationId)!;
    invoke(ctx, 0, '급습 발동!');
    for (const key of [`${ctx.general.nation}:${dest.id}`, `${dest.id}:${ctx.general.nation}`]) {
      const row = ctx.world.diplomacy.get(key);
      if (row) row.term -= 3;
    }
    announce(ctx, `${dest.name}에 ${invoked('급습')}`, dest.id, `아국에 ${invoked('급습')}`);
    return true;
  },
};
