import { Diplo, GameConst } from '../../world/constants';
import { newNation } from '../../state/factory';
import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { chronicle, generalLog } from '../../world/logbook';
import { diplomacyKey } from '../../world/queries';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { allowJoinAction, beNeutral, beOpeningPartNextYear } from '../constraints';
import { withJosa } from '../../world/josa';
import { increaseInheritancePoint } from '../../world/inheritance';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';
import { phpStrimWidth } from '../../world/php-math';
import type { World } from '../../world/types';

/** 거병: a wanderer raises a band, a level-0 nation named after the general (§1.2, §5.4). */
export const raiseBand: CommandDef<null> = {
  key: 'che_거병',
  name: '거병',
  id: 'raise-band',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'raise-band'),
  constraints: [beNeutral, beOpeningPartNextYear, allowJoinAction],
  run(ctx) {
    const { world, general } = ctx;
    const id = world.env.nextNationId++;
    const nation = newNation({ id, name: bandName(world, general.name), color: '#330000', capital: 0, gold: 0, rice: GameConst.baserice, tech: 0, level: 0, type: 'che_중립' });
    nation.gennum = 1;
    // As the legacy's 거병: in a scenario numbered 1000 or more a member reads secrets after one year, not three.
    if (world.env.scenarioId >= 1000) nation.secretlimit = 1;
    for (const other of world.nations.keys()) {
      world.diplomacy.set(diplomacyKey(id, other), { state: Diplo.normal, term: 0, dead: 0 });
      world.diplomacy.set(diplomacyKey(other, id), { state: Diplo.normal, term: 0, dead: 0 });
    }
    world.nations.set(id, nation);
    general.nation = id;
    general.officerLevel = 12;
    general.officerCity = 0;
    general.belong = 1;
    generalLog(world, general.id, '거병에 성공하였습니다.');
    for (const line of addExperience(general, 100)) generalLog(world, general.id, line);
    for (const line of addDedication(general, 100)) generalLog(world, general.id, line);
    for (const line of checkStatChange(general)) generalLog(world, general.id, line);
    chronicle(world, `【거병】 ${withJosa(general.name, '이')} ${ctx.city.name}에서 세력을 일으켰습니다.`);
    increaseInheritancePoint(ctx.world, ctx.general, 'active_action', 1);
    tryUniqueItemLottery(ctx);
    return true;
  },
};


/**
 * The band's name as the legacy's 거병 gives it: the general's name, or — when a nation holds
 * it — `㉥` before it, cut to 18 columns; if that is taken too, one more `㉥` before that,
 * uncut. The legacy asks MariaDB (`name` is utf8mb4_bin, a PAD SPACE collation: trailing
 * spaces do not count), so names are compared without them.
 */
export function bandName(world: World, generalName: string): string {
  const taken = (name: string) => {
    const bare = name.replace(/ +$/, '');
    for (const other of world.nations.values()) if (other.name.replace(/ +$/, '') === bare) return true;
    return false;
  };
  let name = generalName;
  if (taken(name)) name = phpStrimWidth(`㉥${name}`, 18);
  if (taken(name)) name = `㉥${name}`;
  return name;
}
