import { addExperience } from '../../world/levels';
import { chronicle, generalLog } from '../../world/logbook';
import type { General, Nation, World } from '../../world/types';
import { argGeneral, argNation, argObject, noArg } from '../args';
import type { CommandContext, CommandDef } from '../command';
import { allowJoinAction, allowJoinDestNation, beNeutral } from '../constraints';

export function rulerOf(world: World, nationId: number): General | undefined {
  for (const g of world.generals.values()) if (g.nation === nationId && g.officerLevel === 12) return g;
  return undefined;
}

/** The join itself, shared by the three variants (§5.4). */
function joinNation(ctx: CommandContext, nation: Nation, city: number): void {
  const g = ctx.general;
  g.nation = nation.id;
  g.officerLevel = 1;
  g.officerCity = 0;
  g.belong = 1;
  g.city = city;
  addExperience(g, nation.gennum < 10 ? 700 : 100);
  nation.gennum += 1;
  generalLog(ctx.world, g.id, `${nation.name}에 임관했습니다.`);
  chronicle(ctx.world, `${g.name}이(가) ${nation.name}에 임관했습니다.`);
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
    return true;
  },
};

/** 장수대상임관 {destGeneralId}: follow a general into their nation and city. */
export const joinGeneral: CommandDef<{ destGeneralId: number }> = {
  key: 'che_장수대상임관',
  name: '장수를 따라 임관',
  id: 'join-general',
  kind: 'general',
  readArg: (raw, world) => ({ destGeneralId: argGeneral(argObject(raw, 'join-general'), 'destGeneralId', 'join-general', world) }),
  constraints: [
    beNeutral, allowJoinAction,
    (c, a) => ((c.world.generals.get(a.destGeneralId)?.nation ?? 0) === 0 ? '재야 장수입니다.' : null),
    allowJoinDestNation((c, a: { destGeneralId: number }) => c.world.generals.get(a.destGeneralId)!.nation),
  ],
  run(ctx, arg) {
    const leader = ctx.world.generals.get(arg.destGeneralId)!;
    joinNation(ctx, ctx.world.nations.get(leader.nation)!, leader.city);
    return true;
  },
};

/** Nations a wanderer may join now, by id. */
export function joinableNations(ctx: CommandContext): Nation[] {
  const check = allowJoinDestNation((_c, id: number) => id);
  return [...ctx.world.nations.values()].filter((n) => n.level > 0 && check(ctx, n.id) === null).sort((a, b) => a.id - b.id);
}

/** 랜덤임관: join a nation drawn from the command stream. */
export const joinRandom: CommandDef<null> = {
  key: 'che_랜덤임관',
  name: '무작위 국가로 임관',
  id: 'join-random',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'join-random'),
  constraints: [beNeutral, allowJoinAction, (c) => (joinableNations(c).length === 0 ? '임관할 국가가 없습니다.' : null)],
  run(ctx) {
    const nation = ctx.rng.choice(joinableNations(ctx));
    joinNation(ctx, nation, rulerOf(ctx.world, nation.id)?.city ?? nation.capital);
    return true;
  },
};
