import type { Nation } from '../../world/types';
import { noArg } from '../args';
import type { CommandContext, CommandDef } from '../command';
import { allowJoinAction, allowJoinDestNation, beNeutral } from '../constraints';
import { joinNation, rulerOf } from './join';

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
