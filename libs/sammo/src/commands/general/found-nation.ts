import { addDedication, addExperience, checkStatChange } from '../../world/levels';
import { chronicle, generalLog } from '../../world/logbook';
import type { World } from '../../world/types';
import { argObject, argString } from '../args';
import type { CommandDef } from '../command';
import { allowJoinAction, beLord, beOpeningPartNextYear, wanderingNation } from '../constraints';
import { withJosa } from '../../world/josa';
import { increaseInheritancePoint } from '../../world/inheritance';
import { tryUniqueItemLottery } from '../../items/lottery';

export interface FoundArg {
  nationName: string;
  nationType: string;
  color: string;
}

function nameTaken(world: World, name: string): boolean {
  for (const n of world.nations.values()) if (n.name === name) return true;
  return false;
}

/**
 * 건국: the ruler of a band with at least two members founds a nation in the neutral
 * medium or small city (level 5 or 6) where it stands, during the opening years.
 */
export const foundNation: CommandDef<FoundArg> = {
  key: 'che_건국',
  name: '건국',
  id: 'found-nation',
  kind: 'general',
  readArg(raw) {
    const o = argObject(raw, 'found-nation');
    return {
      nationName: argString(o, 'nationName', 'found-nation', /^\S.{0,17}$/u, '1 to 18 characters, not starting with a space'),
      nationType: argString(o, 'nationType', 'found-nation', /^che_[가-힣]{1,6}$/u, 'a nation type such as che_중립'),
      color: argString(o, 'color', 'found-nation', /^#[0-9A-Fa-f]{6}$/, 'a colour like #336699'),
    };
  },
  constraints: [
    beLord, wanderingNation,
    (c) => (c.nation!.gennum < 2 ? '수하 장수가 부족합니다.' : null),
    beOpeningPartNextYear,
    (c, a) => (nameTaken(c.world, a.nationName) && c.nation!.name !== a.nationName ? '존재하는 국가명입니다.' : null),
    allowJoinAction,
    (c) => (c.city.nation !== 0 ? '공백지가 아닙니다.' : c.city.level !== 5 && c.city.level !== 6 ? '중, 소 도시에만 가능합니다.' : null),
  ],
  run(ctx, arg) {
    const { world, general, city } = ctx;
    const nation = ctx.nation!;
    nation.name = arg.nationName;
    nation.type = arg.nationType;
    nation.color = arg.color;
    nation.level = 1;
    nation.capital = city.id;
    // Legacy che_건국: a founded nation may change its flag once.
    nation.aux.can_국기변경 = 1;
    city.nation = nation.id;
    for (const line of addExperience(general, 1000)) generalLog(world, general.id, line);
    for (const line of addDedication(general, 1000)) generalLog(world, general.id, line);
    generalLog(world, general.id, `${city.name}에서 ${withJosa(nation.name, '을')} 건국했습니다.`);
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    chronicle(world, `【건국】 ${withJosa(general.name, '이')} ${city.name}에 ${withJosa(nation.name, '을')} 세웠습니다.`);
    increaseInheritancePoint(ctx.world, ctx.general, 'active_action', 1);
    tryUniqueItemLottery(ctx, '건국');
    return true;
  },
};
