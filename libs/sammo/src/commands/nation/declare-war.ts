import { Diplo } from '../../world/constants';
import { chronicle, generalLog, nationLog } from '../../world/logbook';
import type { World } from '../../world/types';
import { argNation, argObject } from '../args';
import type { CommandDef, Constraint } from '../command';
import { chiefInOwnSuppliedCity } from './grant-arg';
import { withJosa } from '../../world/josa';

export interface DestNationArg {
  destNationId: number;
}

/** Legacy `isNeighbor(a, b, includeNoSupply)`: a city of one borders a city of the other (supplied ones only when asked). */
export function areNeighbours(world: World, a: number, b: number, suppliedOnly = false): boolean {
  if (a === b) return false;
  const counts = (city: { nation: number; supply: number }, nation: number) => city.nation === nation && (!suppliedOnly || city.supply === 1);
  for (let id = 1; id < world.cities.length; id++) {
    const city = world.cities[id]!;
    if (!counts(city, a)) continue;
    for (const n of city.neighbours) if (counts(world.cities[n]!, b)) return true;
  }
  return false;
}

/** NearNation asks isNeighbor(…, false): only supplied cities of either side make neighbours. */
export const nearNation: Constraint<DestNationArg> = (c, a) => (areNeighbours(c.world, c.general.nation, a.destNationId, true) ? null : '인접 국가가 아닙니다.');

/** DisallowDiplomacyBetweenStatus: the row towards the destination is in none of the listed states. */
export function disallowDiplomacy(reasons: Readonly<Record<number, string>>): Constraint<DestNationArg> {
  return (c, a) => {
    const state = c.world.diplomacy.get(`${c.general.nation}:${a.destNationId}`)?.state;
    return state === undefined ? null : reasons[state] ?? null;
  };
}

export const readDestNation = (id: string) => (raw: Parameters<CommandDef['readArg']>[0], world: World): DestNationArg =>
  ({ destNationId: argNation(argObject(raw, id), 'destNationId', id, world) });

/** 선전포고 {destNationId}: both rows become 선포 (1) for 24 months; war follows when it runs out (§6.8). */
export const declareWar: CommandDef<DestNationArg> = {
  key: 'che_선전포고',
  name: '선전포고',
  id: 'declareWar',
  kind: 'nation',
  readArg: readDestNation('declareWar'),
  constraints: [
    ...chiefInOwnSuppliedCity,
    (c) => (c.year < c.world.env.startyear + 1 ? '초반제한 해제 2년전부터 가능합니다.' : null),
    (c, a) => (c.world.nations.has(a.destNationId) ? null : '멸망한 국가입니다.'),
    nearNation,
    disallowDiplomacy({ [Diplo.war]: '아국과 이미 교전중입니다.', [Diplo.declared]: '아국과 이미 선포중입니다.', [Diplo.nap]: '불가침국입니다.' }),
  ],
  run(ctx, arg) {
    const { world, general } = ctx;
    const nation = ctx.nation!;
    const dest = world.nations.get(arg.destNationId)!;
    for (const key of [`${nation.id}:${dest.id}`, `${dest.id}:${nation.id}`]) {
      const row = world.diplomacy.get(key) ?? { state: Diplo.normal, term: 0, dead: 0 };
      row.state = Diplo.declared;
      row.term = 24;
      world.diplomacy.set(key, row);
    }
    generalLog(world, general.id, `${dest.name}에 선전 포고 했습니다.`);
    nationLog(world, dest.id, `${nation.name}의 ${withJosa(general.name, '이')} 아국에 선전 포고`);
    chronicle(world, `【선포】 ${withJosa(nation.name, '이')} ${dest.name}에 선전 포고 하였습니다.`);
    return true;
  },
};
