import { joinYearMonth } from '../../world/clock';
import { addDedication, addExperience, checkStatChange } from '../../world/levels';
import { chronicle, generalLog } from '../../world/logbook';
import { withJosa } from '../../world/josa';
import { increaseInheritancePoint } from '../../world/inheritance';
import { nationTypeOf } from '../../traits/nation-types';
import { tryUniqueItemLottery } from '../../items/lottery';
import type { Alternative, CommandContext, CommandDef } from '../command';
import { foundNation, type FoundArg } from './found-nation';

/**
 * Legacy `yearMonth <= init_year/init_month`: a nation cannot be founded in the game's first
 * month; the turn goes to 인재탐색 instead.
 */
export function foundingTooEarly(ctx: CommandContext): boolean {
  return joinYearMonth(ctx.year, ctx.month) <= joinYearMonth(ctx.world.env.startyear, 1);
}

export const TOO_EARLY: Alternative = { key: 'che_인재탐색', arg: null };

/**
 * The founding itself as legacy cr_건국 and che_무작위건국 write it, in the city the general
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
 * 건국 as scenario 910 offers it (legacy cr_건국): che_건국's conditions, but any neutral
 * city will do (NeutralCity, not ConstructableCity's medium or small one).
 */
export const foundNationAnywhere: CommandDef<FoundArg> = {
  ...foundNation,
  key: 'cr_건국',
  id: 'found-nation-anywhere',
  constraints: [...foundNation.constraints.slice(0, -1), (c) => (c.city.nation !== 0 ? '공백지가 아닙니다.' : null)],
  run(ctx, arg) {
    if (foundingTooEarly(ctx)) {
      generalLog(ctx.world, ctx.general.id, '다음 턴부터 건국할 수 있습니다.');
      return false;
    }
    foundIn(ctx, arg);
    return true;
  },
  alternative: (ctx) => (foundingTooEarly(ctx) ? TOO_EARLY : null),
};
