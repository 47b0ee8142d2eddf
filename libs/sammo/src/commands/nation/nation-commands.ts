import { GameConst } from '../../world/constants';
import { cutTurn, joinYearMonth } from '../../world/clock';
import { addDedication, addExperience } from '../../world/levels';
import { generalLog, nationLog } from '../../world/logbook';
import { argBool, argCity, argGeneral, argInt, argObject, noArg } from '../args';
import type { CommandDef } from '../command';
import {
  beChief, friendlyDestGeneral, notBeNeutral, notOpeningPart, notSelfDestGeneral, occupiedCity, occupiedDestCity, suppliedCity, suppliedDestCity,
} from '../constraints';
import { clamp } from '../general/domestic';

export interface GrantArg {
  isGold: boolean;
  amount: number;
  destGeneralId: number;
}

export interface AssignArg {
  destGeneralId: number;
  destCityId: number;
}

/** 휴식 for chiefs. */
export const nationRest: CommandDef<null> = {
  key: '휴식',
  name: '휴식',
  id: 'rest',
  kind: 'nation',
  readArg: (raw) => noArg(raw, 'rest'),
  constraints: [],
  run: () => true,
};

function readGrant(raw: Parameters<CommandDef['readArg']>[0], world: Parameters<CommandDef['readArg']>[1], id: string): GrantArg {
  const o = argObject(raw, id);
  return { isGold: argBool(o, 'isGold', id), amount: argInt(o, 'amount', id, 1, 1_000_000), destGeneralId: argGeneral(o, 'destGeneralId', id, world) };
}

const chiefInOwnSuppliedCity = [notBeNeutral, beChief, occupiedCity, suppliedCity] as const;

/** 포상: pay a fellow general from the treasury, keeping the base stock (gold 0, rice 2000). */
export const grant: CommandDef<GrantArg> = {
  key: 'che_포상',
  name: '포상',
  id: 'grant',
  kind: 'nation',
  readArg: (raw, world) => readGrant(raw, world, 'grant'),
  constraints: [
    ...chiefInOwnSuppliedCity,
    notSelfDestGeneral((a: GrantArg) => a.destGeneralId),
    friendlyDestGeneral((a: GrantArg) => a.destGeneralId),
    (c, a) => {
      const n = c.nation!;
      return (a.isGold ? n.gold - GameConst.basegold : n.rice - GameConst.baserice) < 100 ? (a.isGold ? '국고가 부족합니다.' : '병량이 부족합니다.') : null;
    },
  ],
  run(ctx, arg) {
    const nation = ctx.nation!;
    const dest = ctx.world.generals.get(arg.destGeneralId)!;
    const spare = arg.isGold ? nation.gold - GameConst.basegold : nation.rice - GameConst.baserice;
    const amount = Math.min(clamp(Math.round(arg.amount / 100) * 100, 100, GameConst.maxResourceActionAmount), spare);
    if (arg.isGold) {
      nation.gold -= amount;
      dest.gold += amount;
    } else {
      nation.rice -= amount;
      dest.rice += amount;
    }
    const what = arg.isGold ? '금' : '쌀';
    generalLog(ctx.world, dest.id, `${what} ${amount}을 포상으로 받았습니다.`);
    nationLog(ctx.world, nation.id, `${dest.name}에게 ${what} ${amount}을 포상했습니다.`);
    return true;
  },
};

/** 몰수: take from a fellow general into the treasury (not in the opening years). */
export const confiscate: CommandDef<GrantArg> = {
  key: 'che_몰수',
  name: '몰수',
  id: 'confiscate',
  kind: 'nation',
  readArg: (raw, world) => readGrant(raw, world, 'confiscate'),
  constraints: [
    ...chiefInOwnSuppliedCity,
    notOpeningPart,
    notSelfDestGeneral((a: GrantArg) => a.destGeneralId),
    friendlyDestGeneral((a: GrantArg) => a.destGeneralId),
  ],
  run(ctx, arg) {
    const nation = ctx.nation!;
    const dest = ctx.world.generals.get(arg.destGeneralId)!;
    const stock = arg.isGold ? dest.gold : dest.rice;
    const amount = Math.min(clamp(Math.floor(arg.amount / 100) * 100, 100, GameConst.maxResourceActionAmount), stock);
    if (arg.isGold) {
      dest.gold -= amount;
      nation.gold += amount;
    } else {
      dest.rice -= amount;
      nation.rice += amount;
    }
    addExperience(ctx.general, 5);
    addDedication(ctx.general, 5);
    const what = arg.isGold ? '금' : '쌀';
    generalLog(ctx.world, dest.id, `${what} ${amount}을 몰수당했습니다.`);
    nationLog(ctx.world, nation.id, `${dest.name}에게서 ${what} ${amount}을 몰수했습니다.`);
    return true;
  },
};

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
    ...chiefInOwnSuppliedCity,
    notSelfDestGeneral((a: AssignArg) => a.destGeneralId),
    friendlyDestGeneral((a: AssignArg) => a.destGeneralId),
    occupiedDestCity((a: AssignArg) => a.destCityId),
    suppliedDestCity((a: AssignArg) => a.destCityId),
    (c, a) => (c.world.generals.get(a.destGeneralId)!.city === a.destCityId ? '이미 그 도시에 있습니다.' : null),
  ],
  run(ctx, arg) {
    const dest = ctx.world.generals.get(arg.destGeneralId)!;
    const city = ctx.world.cities[arg.destCityId]!;
    dest.city = city.id;
    // A general whose turn falls in another turn window than the chief's counts from the next month.
    const term = ctx.world.env.turnterm;
    const later = cutTurn(dest.turntime, term) !== cutTurn(ctx.general.turntime, term) ? 1 : 0;
    dest.aux.last발령 = joinYearMonth(ctx.year, ctx.month) + later;
    generalLog(ctx.world, dest.id, `${city.name}(으)로 발령받았습니다.`);
    nationLog(ctx.world, ctx.nation!.id, `${dest.name}을(를) ${city.name}(으)로 발령했습니다.`);
    return true;
  },
};
