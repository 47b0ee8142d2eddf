import { modifiers } from '../../stats/chain';
import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { generalLog } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { reqGeneralCrew } from '../constraints';

/** 소집해제: the soldiers go home to the city's people (through the 징집인구 hook); exp +70, ded +100. */
export const discharge: CommandDef<null> = {
  key: 'che_소집해제',
  name: '소집해제',
  id: 'discharge',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'discharge'),
  constraints: [reqGeneralCrew],
  run(ctx) {
    const { world, general, city, nation } = ctx;
    // Legacy adds it with `%i`: truncated.
    city.pop += Math.trunc(modifiers(general, nation).domestic('징집인구', 'score', general.crew));
    general.crew = 0;
    generalLog(world, general.id, '병사들을 소집해제하였습니다.');
    for (const line of addExperience(general, 70)) generalLog(world, general.id, line);
    for (const line of addDedication(general, 100)) generalLog(world, general.id, line);
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    return true;
  },
};
