import { cutTurn, joinYearMonth } from '../../world/clock';
import { generalLog, nationLog } from '../../world/logbook';
import { argCity, argGeneral, argObject } from '../args';
import type { CommandDef } from '../command';
import { friendlyDestGeneral, notSelfDestGeneral, occupiedDestCity, suppliedDestCity } from '../constraints';
import { chiefInOwnSuppliedCity } from './grant-arg';
import { withJosa } from '../../world/josa';

export interface AssignArg {
  destGeneralId: number;
  destCityId: number;
}

/** 발령: send a fellow general to one of the nation's supplied cities. */
export const assign: CommandDef<AssignArg> = {
  key: 'che_발령',
  name: '발령',
  id: 'assign',
  kind: 'nation',
  readArg(raw, world) {
    const o = argObject(raw, 'assign');
    return { destGeneralId: argGeneral(o, 'destGeneralId', 'assign', world), destCityId: argCity(o, 'destCityId', 'assign', world) };
  },
  constraints: [
    notSelfDestGeneral((a: AssignArg) => a.destGeneralId),
    ...chiefInOwnSuppliedCity,
    friendlyDestGeneral((a: AssignArg) => a.destGeneralId),
    occupiedDestCity((a: AssignArg) => a.destCityId),
    suppliedDestCity((a: AssignArg) => a.destCityId),
  ],
  failTarget: (ctx, a) => ctx.world.generals.get(a.destGeneralId)!.name,
  run(ctx, arg) {
    const dest = ctx.world.generals.get(arg.destGeneralId)!;
    const city = ctx.world.cities[arg.destCityId]!;
    dest.city = city.id;
    // A general whose turn falls in another turn window than the chief's counts from the next month.
    const term = ctx.world.env.turnterm;
    const later = cutTurn(dest.turntime, term) !== cutTurn(ctx.general.turntime, term) ? 1 : 0;
    dest.aux.last발령 = joinYearMonth(ctx.year, ctx.month) + later;
    generalLog(ctx.world, dest.id, `${ctx.general.name}에 의해 ${withJosa(city.name, '으로')} 발령됐습니다.`);
    generalLog(ctx.world, ctx.general.id, `${withJosa(dest.name, '을')} ${withJosa(city.name, '으로')} 발령했습니다.`);
    nationLog(ctx.world, ctx.nation!.id, `${withJosa(dest.name, '을')} ${withJosa(city.name, '으로')} 발령했습니다.`);
    return true;
  },
};
