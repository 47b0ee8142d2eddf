import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { chronicle, generalLog } from '../../world/logbook';
import type { World } from '../../world/types';
import { nationTypeOf } from '../../traits/nation-types';
import { argObject, argString } from '../args';
import type { CommandContext, CommandDef } from '../command';
import { inFirstMonth, TALENT_SEARCH_INSTEAD } from './first-month';
import { allowJoinAction, beLord, beOpeningPartNextYear, wanderingNation } from '../constraints';
import { withJosa } from '../../world/josa';
import { increaseInheritancePoint } from '../../world/inheritance';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

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
 * The founding itself as legacy che_건국, cr_건국 and che_무작위건국 write it, in the city the general
 * stands in: the band becomes a level-1 nation with this city as its capital, the flag may
 * be changed once (and, after 무작위건국, the capital moved at random once).
 */
export function foundIn(ctx: CommandContext, arg: FoundArg, aux: { can_무작위수도이전?: number } = {}): void {
  const { world, general, city } = ctx;
  const nation = ctx.nation!;
  generalLog(world, general.id, `${withJosa(arg.nationName, '을')} 건국하였습니다.`);
  chronicle(world, `【건국】${nationTypeOf(arg.nationType)?.label ?? arg.nationType} ${withJosa(arg.nationName, '이')} 새로이 등장하였습니다.`);
  for (const line of addExperience(general, 1000)) generalLog(world, general.id, line);
  for (const line of addDedication(general, 1000)) generalLog(world, general.id, line);
  nation.aux.can_국기변경 = 1;
  Object.assign(nation.aux, aux);
  city.nation = nation.id;
  city.conflict = [];
  nation.name = arg.nationName;
  nation.color = arg.color;
  nation.level = 1;
  nation.type = arg.nationType;
  nation.capital = city.id;
  increaseInheritancePoint(world, general, 'active_action', 1);
  for (const line of checkStatChange(general)) generalLog(world, general.id, line);
  tryUniqueItemLottery(ctx, '건국');
}

/**
 * 건국: the ruler of a band with at least two members founds a nation in the neutral
 * medium or small city (level 5 or 6) where it stands, during the opening years but not in
 * the game's first month.
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
    if (inFirstMonth(ctx)) {
      generalLog(ctx.world, ctx.general.id, '다음 턴부터 건국할 수 있습니다.');
      return false;
    }
    foundIn(ctx, arg);
    return true;
  },
  alternative: (ctx) => (inFirstMonth(ctx) ? TALENT_SEARCH_INSTEAD : null),
};
