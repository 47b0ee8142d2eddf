import { noArg } from '../args';
import { beChief, occupiedCity } from '../constraints';
import type { CommandDef } from '../command';
import { announce, availableStrategicCommand, invoke, invoked, strategicDelay } from './strategic';
import { Diplo } from '../../world/constants';

/**
 * 필사즉생 (legacy che_필사즉생): while the nation is at war with someone, every one of its
 * generals trains and heartens to at least 100. After 2 turns of preparation; cooldown
 * round(√(size × 8) × 10) months.
 */
export const deathOrGlory: CommandDef<null> = {
  key: 'che_필사즉생',
  name: '필사즉생',
  id: 'deathOrGlory',
  kind: 'nation',
  readArg: (raw) => noArg(raw, 'deathOrGlory'),
  constraints: [
    occupiedCity,
    beChief,
    (c) => {
      for (const [key, row] of c.world.diplomacy) if (row.state === Diplo.war && key.startsWith(`${c.general.nation}:`)) return null;
      return '전쟁중이 아닙니다.';
    },
    availableStrategicCommand,
  ],
  preTurns: () => 2,
  postTurns: (c) => strategicDelay(c, 8),
  run(ctx) {
    const { world, general } = ctx;
    invoke(ctx, 2, '필사즉생 발동!');
    for (const g of world.generals.values()) {
      if (g.nation !== general.nation) continue;
      g.train = Math.max(g.train, 100);
      g.atmos = Math.max(g.atmos, 100);
    }
    announce(ctx, invoked('필사즉생'));
    return true;
  },
};
