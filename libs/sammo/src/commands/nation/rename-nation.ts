import { IllegalMove } from '@chronicle/engine';
import { withJosa } from '../../world/josa';
import { addDedication, addExperience } from '../../stats/levels';
import { chronicle, generalLog, nationLog } from '../../world/logbook';
import { phpStrWidth } from '../../world/php-math';
import { argObject } from '../args';
import type { CommandDef } from '../command';
import { beChief, occupiedCity, suppliedCity } from '../constraints';
import { canChange } from './change-flag';
import { increaseInheritancePoint } from '../../world/inheritance';

export interface RenameArg {
  nationName: string;
}

/**
 * 국호변경 {nationName} (legacy che_국호변경): an empire (or a scenario nation that began as
 * one) renames itself once: at most 18 columns wide as PHP's `mb_strwidth` counts them (a
 * Hangul syllable is 2). A name another nation holds fails the run (logged, not done, as
 * legacy's); exp and ded + 5.
 */
export const renameNation: CommandDef<RenameArg> = {
  key: 'che_국호변경',
  name: '국호변경',
  id: 'renameNation',
  kind: 'nation',
  readArg(raw) {
    const nationName = argObject(raw, 'renameNation').nationName;
    if (typeof nationName !== 'string' || nationName === '' || phpStrWidth(nationName) > 18) {
      throw new IllegalMove('renameNation: nationName must be a name 1 to 18 columns wide (a Hangul syllable is 2)');
    }
    return { nationName };
  },
  constraints: [occupiedCity, beChief, suppliedCity, canChange('can_국호변경')],
  run(ctx, arg) {
    const { world, general } = ctx;
    const nation = ctx.nation!;
    for (const other of world.nations.values()) {
      if (other.name === arg.nationName) {
        generalLog(world, general.id, '이미 같은 국호를 가진 곳이 있습니다. 국호변경 실패');
        return false;
      }
    }
    for (const line of addExperience(general, 5)) generalLog(world, general.id, line);
    for (const line of addDedication(general, 5)) generalLog(world, general.id, line);
    const oldName = nation.name;
    nation.name = arg.nationName;
    nation.aux.can_국호변경 = 0;
    const renamed = `국호를 ${withJosa(arg.nationName, '으로')} 변경`;
    generalLog(world, general.id, `${renamed}합니다.`);
    nationLog(world, nation.id, `${withJosa(general.name, '이')} ${renamed}`);
    chronicle(world, `【국호변경】 ${withJosa(oldName, '이')} ${renamed}합니다.`);
    increaseInheritancePoint(ctx.world, ctx.general, 'active_action', 1);
    return true;
  },
};
