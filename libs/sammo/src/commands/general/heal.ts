import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { generalLog } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandDef } from '../command';

/**
 * 요양 (legacy che_요양; the reference lists it without detail): the general rests to heal,
 * injury back to 0, for exp +10 and ded +7. No cost and no condition, so a hurt general
 * anywhere — wilderness included — can always take it.
 */
export const heal: CommandDef<null> = {
  key: 'che_요양',
  name: '요양',
  id: 'heal',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'heal'),
  constraints: [],
  run(ctx) {
    const g = ctx.general;
    g.injury = 0;
    generalLog(ctx.world, g.id, '건강 회복을 위해 요양합니다.');
    for (const line of addExperience(g, 10)) generalLog(ctx.world, g.id, line);
    for (const line of addDedication(g, 7)) generalLog(ctx.world, g.id, line);
    for (const line of checkStatChange(g)) generalLog(ctx.world, g.id, line);
    return true;
  },
};
