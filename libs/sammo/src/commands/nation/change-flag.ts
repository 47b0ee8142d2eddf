import { NATION_COLORS } from '../../world/constants';
import { withJosa } from '../../world/josa';
import { addDedication, addExperience } from '../../stats/levels';
import { chronicle, generalLog, nationLog } from '../../world/logbook';
import { argInt, argObject } from '../args';
import type { CommandDef, Constraint } from '../command';
import { beChief, occupiedCity, suppliedCity } from '../constraints';
import type { NationAux } from '../../world/types';
import { increaseInheritancePoint } from '../../world/inheritance';

export interface FlagArg {
  /** An index into legacy `GetNationColors()`. */
  colorType: number;
}

/** ReqNationAuxValue(`can_<name>` > 0): the nation still has this change. */
export const canChange = (flag: keyof NationAux): Constraint<unknown> => (c) => ((c.nation!.aux[flag] ?? 0) > 0 ? null : '더이상 변경이 불가능합니다.');

/**
 * 국기변경 {colorType} (legacy che_국기변경): the nation takes one of the legacy colours, once
 * (a founded or scenario nation may; reaching 황제 allows it again); exp and ded + 5.
 */
export const changeFlag: CommandDef<FlagArg> = {
  key: 'che_국기변경',
  name: '국기변경',
  id: 'changeFlag',
  kind: 'nation',
  readArg: (raw) => ({ colorType: argInt(argObject(raw, 'changeFlag'), 'colorType', 'changeFlag', 0, NATION_COLORS.length - 1) }),
  constraints: [occupiedCity, beChief, suppliedCity, canChange('can_국기변경')],
  run(ctx, arg) {
    const { world, general } = ctx;
    const nation = ctx.nation!;
    for (const line of addExperience(general, 5)) generalLog(world, general.id, line);
    for (const line of addDedication(general, 5)) generalLog(world, general.id, line);
    nation.color = NATION_COLORS[arg.colorType]!;
    nation.aux.can_국기변경 = 0;
    generalLog(world, general.id, '국기를 변경하였습니다');
    nationLog(world, nation.id, `${withJosa(general.name, '이')} 국기를 변경하였습니다`);
    chronicle(world, `【국기변경】 ${withJosa(nation.name, '이')} 국기를 변경하였습니다.`);
    increaseInheritancePoint(ctx.world, ctx.general, 'active_action', 1);
    return true;
  },
};
