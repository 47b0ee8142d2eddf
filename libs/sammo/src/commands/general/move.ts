import type { Json } from '@chronicle/engine';
import type { World } from '../../world/types';
import { addExperience, checkStatChange } from '../../stats/levels';
import { generalLog } from '../../world/logbook';
import { argCity, argObject } from '../args';
import type { CommandContext, CommandDef } from '../command';
import { nearCity, notSameDestCity, reqGeneralGold } from '../constraints';
import { withJosa } from '../../world/josa';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

export interface DestCityArg {
  destCityId: number;
}

/** Reads `{destCityId}` for the command `id` (the fix the player needs when it does not read). */
export const readDestCity = (id: string) => (raw: Json, world: World): DestCityArg => ({ destCityId: argCity(argObject(raw, id), 'destCityId', id, world) });

/** A failure line's destination for a march: `여강으로` (legacy `getFailString` of 이동, 강행, 출병). */
export const towardsCity = (ctx: CommandContext, a: DestCityArg): string => withJosa(ctx.world.cities[a.destCityId]!.name, '으로');
/** A failure line's destination for a plot: `여강에` (legacy 화계 and its kin, 첩보). */
export const atCity = (ctx: CommandContext, a: DestCityArg): string => `${ctx.world.cities[a.destCityId]!.name}에`;

/** 이동: to a neighbouring city for develcost gold; a wandering ruler takes the whole band along. */
export const move: CommandDef<DestCityArg> = {
  key: 'che_이동',
  name: '이동',
  id: 'move',
  kind: 'general',
  readArg: readDestCity('move'),
  constraints: [
    notSameDestCity((a: DestCityArg) => a.destCityId),
    nearCity((a: DestCityArg) => a.destCityId, 1),
    reqGeneralGold((c) => c.world.env.develcost),
  ],
  failTarget: towardsCity,
  run(ctx, arg) {
    const { world, general, nation } = ctx;
    const towards = withJosa(world.cities[arg.destCityId]!.name, '으로');
    generalLog(world, general.id, `${towards} 이동했습니다.`);
    general.city = arg.destCityId;
    general.atmos = Math.max(20, general.atmos - 5);
    if (nation !== undefined && nation.level === 0 && general.officerLevel === 12) {
      for (const other of world.generals.values()) {
        if (other.nation !== nation.id || other.id === general.id) continue;
        other.city = arg.destCityId;
        generalLog(world, other.id, `방랑군 세력이 ${towards} 이동했습니다.`);
      }
    }
    general.gold = Math.max(0, general.gold - world.env.develcost);
    for (const line of addExperience(general, 50)) generalLog(world, general.id, line);
    general.leadershipExp += 1;
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    tryUniqueItemLottery(ctx);
    return true;
  },
};
