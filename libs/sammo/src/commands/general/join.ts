import { addExperience, checkStatChange } from '../../stats/levels';
import { relYear } from '../../world/queries';
import { chronicle, generalLog } from '../../world/logbook';
import type { General, Nation, World } from '../../world/types';
import { argNation, argObject } from '../args';
import type { CommandContext, CommandDef } from '../command';
import { allowJoinAction, allowJoinDestNation, beNeutral } from '../constraints';
import { withJosa } from '../../world/josa';
import { increaseInheritancePoint } from '../../world/inheritance';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

export function rulerOf(world: World, nationId: number): General | undefined {
  for (const g of world.generals.values()) if (g.nation === nationId && g.officerLevel === 12) return g;
  return undefined;
}

/** The join itself, shared by the three variants (§5.4). */
export function joinNation(ctx: CommandContext, nation: Nation, city: number, how?: string, verb = '임관'): void {
  const g = ctx.general;
  g.nation = nation.id;
  g.officerLevel = 1;
  g.officerCity = 0;
  g.belong = 1;
  g.city = city;
  generalLog(ctx.world, g.id, `${nation.name}에 ${verb}했습니다.`);
  for (const line of addExperience(g, nation.gennum < 10 ? 700 : 100)) generalLog(ctx.world, g.id, line);
  nation.gennum += 1;
  increaseInheritancePoint(ctx.world, g, 'active_action', 1);
  // Legacy records the join (and so bars a return) for possessed NPCs (npc 1) always and
  // for everyone else only from the third year: early NPC shuffling leaves no record.
  if (g.npc === 1 || relYear(ctx.world) >= 3) g.aux.joinedNations = [...(g.aux.joinedNations ?? []), nation.id];
  chronicle(ctx.world, `${withJosa(g.name, '이')} ${how === undefined ? '' : `${how} `}${nation.name}에 임관했습니다.`);
  for (const line of checkStatChange(g)) generalLog(ctx.world, g.id, line);
}

/** 임관 {destNationId}: join a nation, at its ruler's city. */
export const join: CommandDef<{ destNationId: number }> = {
  key: 'che_임관',
  name: '임관',
  id: 'join',
  kind: 'general',
  readArg: (raw, world) => ({ destNationId: argNation(argObject(raw, 'join'), 'destNationId', 'join', world) }),
  constraints: [beNeutral, allowJoinAction, allowJoinDestNation((_c, a: { destNationId: number }) => a.destNationId)],
  run(ctx, arg) {
    const nation = ctx.world.nations.get(arg.destNationId)!;
    joinNation(ctx, nation, rulerOf(ctx.world, nation.id)?.city ?? nation.capital);
    tryUniqueItemLottery(ctx);
    return true;
  },
};
