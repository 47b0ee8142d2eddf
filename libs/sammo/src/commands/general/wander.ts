import { Diplo } from '../../world/constants';
import { generalLog, chronicle, log } from '../../world/logbook';
import { withJosa } from '../../world/josa';
import { increaseInheritancePoint } from '../../world/inheritance';
import { deleteConflict } from '../../world/conflict';
import { noArg } from '../args';
import type { CommandContext, CommandDef } from '../command';
import { beLord, notOpeningPart, notWanderingNation } from '../constraints';

/** Legacy AllowDiplomacyStatus(nation, [통상, 불가침]): some relation of the nation is neither war nor declared war. */
function hasPeacefulRelation(c: CommandContext): string | null {
  const prefix = `${c.general.nation}:`;
  for (const [key, d] of c.world.diplomacy) {
    if (key.startsWith(prefix) && (d.state === Diplo.normal || d.state === Diplo.nap)) return null;
  }
  return '방랑할 수 없는 외교상태입니다.';
}

/**
 * 방랑 (legacy che_방랑): a ruler at peace gives up the land and the nation becomes a band —
 * named after the ruler, level 0, no type, tech or capital; its cities fall to no one, its
 * officers become plain members, every relation goes back to 통상. In none of the legacy's
 * command lists (no player reserves it unless a scenario's lists name it, see
 * command-lists.ts): AutoDeleteInvader puts it in an invader ruler's queue once the invaders
 * are at war with no one.
 */
export const wander: CommandDef<null> = {
  key: 'che_방랑',
  name: '방랑',
  id: 'wander',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'wander'),
  constraints: [beLord, notWanderingNation, notOpeningPart, hasPeacefulRelation],
  run(ctx) {
    const { world, general } = ctx;
    const nation = ctx.nation!;
    generalLog(world, general.id, '영토를 버리고 방랑의 길을 떠납니다.');
    log(world, 'world', 0, `${withJosa(general.name, '이')} 방랑의 길을 떠납니다.`);
    chronicle(world, `【방랑】 ${withJosa(general.name, '은')} 방랑의 길을 떠납니다.`);
    deleteConflict(world.cities, nation.id);
    Object.assign(nation, { name: general.name, color: '#330000', level: 0, type: 'None', tech: 0, capital: 0 });
    for (const g of world.generals.values()) {
      if (g.nation !== nation.id) continue;
      g.makelimit = 12;
      if (g.officerLevel < 12) g.officerLevel = 1;
      g.officerCity = 0;
    }
    for (const city of world.cities) {
      if (city?.nation !== nation.id) continue;
      city.nation = 0;
      city.front = 0;
      city.conflict = [];
    }
    for (const [key, d] of world.diplomacy) {
      const [me, you] = key.split(':').map(Number);
      if (me !== nation.id && you !== nation.id) continue;
      d.state = Diplo.normal;
      d.term = 0;
    }
    increaseInheritancePoint(world, general, 'active_action', 1);
    return true;
  },
};
