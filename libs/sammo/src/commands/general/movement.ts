import { addDedication, addExperience, checkStatChange } from '../../world/levels';
import { generalLog } from '../../world/logbook';
import { argCity, argObject, noArg } from '../args';
import type { CommandDef } from '../command';
import { nearCity, notBeNeutral, notSameDestCity, notWanderingNation, occupiedCity, reqGeneralGold, suppliedCity } from '../constraints';

export interface DestCityArg {
  destCityId: number;
}

/** 이동: to a neighbouring city for develcost gold; a wandering ruler takes the whole band along. */
export const move: CommandDef<DestCityArg> = {
  key: 'che_이동',
  name: '이동',
  id: 'move',
  kind: 'general',
  readArg: (raw, world) => ({ destCityId: argCity(argObject(raw, 'move'), 'destCityId', 'move', world) }),
  constraints: [
    notSameDestCity((a: DestCityArg) => a.destCityId),
    nearCity((a: DestCityArg) => a.destCityId, 1),
    reqGeneralGold((c) => c.world.env.develcost),
  ],
  run(ctx, arg) {
    const { world, general, nation } = ctx;
    general.city = arg.destCityId;
    general.atmos = Math.max(20, general.atmos - 5);
    general.gold = Math.max(0, general.gold - world.env.develcost);
    addExperience(general, 50);
    general.leadershipExp += 1;
    if (nation !== undefined && nation.level === 0 && general.officerLevel === 12) {
      for (const other of world.generals.values()) if (other.nation === nation.id) other.city = arg.destCityId;
    }
    generalLog(world, general.id, `${world.cities[arg.destCityId]!.name}(으)로 이동했습니다.`);
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    return true;
  },
};

/** 집합: a troop leader calls the troop's members to the leader's city. */
export const assemble: CommandDef<null> = {
  key: 'che_집합',
  name: '집합',
  id: 'assemble',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'assemble'),
  constraints: [notBeNeutral, occupiedCity, suppliedCity, (c) => (c.general.troop !== c.general.id ? '부대장이 아닙니다.' : null)],
  run(ctx) {
    const { world, general } = ctx;
    let moved = 0;
    for (const other of world.generals.values()) {
      if (other.troop === general.id && other.id !== general.id && other.city !== general.city) {
        other.city = general.city;
        generalLog(world, other.id, `부대장의 집합 명령으로 ${ctx.city.name}(으)로 이동했습니다.`);
        moved++;
      }
    }
    addExperience(general, 70);
    addDedication(general, 100);
    general.leadershipExp += 1;
    generalLog(world, general.id, `${ctx.city.name}에서 부대원 ${moved}명을 집합시켰습니다.`);
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    return true;
  },
};

/** 귀환: city officers (2–4) go to their post, everyone else to the capital. */
export const returnHome: CommandDef<null> = {
  key: 'che_귀환',
  name: '귀환',
  id: 'return',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'return'),
  constraints: [
    notBeNeutral, notWanderingNation,
    (c) => (homeOf(c.general.officerLevel, c.general.officerCity, c.nation?.capital ?? 0) === c.city.id ? '이미 귀환할 도시에 있습니다.' : null),
  ],
  run(ctx) {
    const { world, general } = ctx;
    general.city = homeOf(general.officerLevel, general.officerCity, ctx.nation!.capital);
    addExperience(general, 70);
    addDedication(general, 100);
    general.leadershipExp += 1;
    generalLog(world, general.id, `${world.cities[general.city]!.name}(으)로 귀환했습니다.`);
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    return true;
  },
};

function homeOf(officerLevel: number, officerCity: number, capital: number): number {
  return officerLevel >= 2 && officerLevel <= 4 && officerCity > 0 ? officerCity : capital;
}

