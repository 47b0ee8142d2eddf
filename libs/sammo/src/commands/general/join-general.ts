import { argGeneral, argObject } from '../args';
import type { CommandDef } from '../command';
import { allowJoinAction, allowJoinDestNation, beNeutral, notSelfArgument } from '../constraints';
import { joinNation } from './join';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

/** 장수대상임관 {destGeneralId}: follow a general into their nation and city. */
export const joinGeneral: CommandDef<{ destGeneralId: number }> = {
  key: 'che_장수대상임관',
  name: '장수를 따라 임관',
  id: 'join-general',
  kind: 'general',
  readArg: (raw, world) => ({ destGeneralId: argGeneral(argObject(raw, 'join-general'), 'destGeneralId', 'join-general', world) }),
  constraints: [
    notSelfArgument((a: { destGeneralId: number }) => a.destGeneralId),
    beNeutral,
    // ExistsDestNation and AllowJoinDestNation: a wandering general's "nation" 0 does not exist.
    allowJoinDestNation((c, a: { destGeneralId: number }) => c.world.generals.get(a.destGeneralId)!.nation),
    allowJoinAction,
  ],
  run(ctx, arg) {
    const leader = ctx.world.generals.get(arg.destGeneralId)!;
    joinNation(ctx, ctx.world.nations.get(leader.nation)!, leader.city);
    tryUniqueItemLottery(ctx);
    return true;
  },
};
