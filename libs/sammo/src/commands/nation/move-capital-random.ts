import { addDedication, addExperience } from '../../stats/levels';
import { chronicle, generalLog } from '../../world/logbook';
import { withJosa } from '../../world/josa';
import { increaseInheritancePoint } from '../../world/inheritance';
import { argObject } from '../args';
import type { CommandDef } from '../command';
import { beLord, beOpeningPartNextYear, occupiedCity, suppliedCity } from '../constraints';
import { openMediumCities } from '../general/found-nation-random';

const PRE_TURNS = 1;

/**
 * 무작위 수도 이전 (legacy che_무작위수도이전, offered by scenarios that list it): once per
 * `can_무작위수도이전` (무작위건국 grants one), in the opening years, the lord moves the capital
 * after a pre-turn to a neutral medium or small city drawn on the command's stream. The old
 * capital is left neutral and the nation's generals all go to the new one.
 */
export const moveCapitalRandom: CommandDef<Record<string, never>> = {
  key: 'che_무작위수도이전',
  name: '무작위 수도 이전',
  id: 'move-capital-random',
  kind: 'nation',
  // Legacy argTest takes anything and keeps [].
  readArg: (raw) => {
    if (raw !== null) argObject(raw, 'move-capital-random');
    return {};
  },
  constraints: [
    occupiedCity, beLord, suppliedCity, beOpeningPartNextYear,
    (c) => ((c.nation!.aux.can_무작위수도이전 ?? 0) > 0 ? null : '더이상 변경이 불가능합니다.'),
  ],
  preTurns: () => PRE_TURNS,
  run(ctx) {
    const { world, general } = ctx;
    const nation = ctx.nation!;
    const cities = openMediumCities(world);
    if (cities.length === 0) {
      generalLog(world, general.id, '이동할 수 있는 도시가 없습니다.');
      return false;
    }
    const dest = world.cities[ctx.rng.choice(cities)]!;
    const old = world.cities[nation.capital];
    for (const line of addExperience(general, 5 * (PRE_TURNS + 1))) generalLog(world, general.id, line);
    for (const line of addDedication(general, 5 * (PRE_TURNS + 1))) generalLog(world, general.id, line);
    nation.aux.can_무작위수도이전 = (nation.aux.can_무작위수도이전 ?? 0) - 1;
    dest.nation = nation.id;
    dest.conflict = [];
    nation.capital = dest.id;
    if (old !== undefined) {
      old.nation = 0;
      old.front = 0;
      old.conflict = [];
      old.officerSet = 0;
    }
    const towards = withJosa(dest.name, '으로');
    general.city = dest.id;
    for (const g of world.generals.values()) {
      if (g.nation !== nation.id || g.id === general.id) continue;
      g.city = dest.id;
      generalLog(world, g.id, `국가 수도를 ${towards} 옮겼습니다.`);
    }
    increaseInheritancePoint(world, general, 'active_action', 1);
    generalLog(world, general.id, `${towards} 국가를 옮겼습니다.`);
    chronicle(world, `【무작위 수도 이전】${withJosa(nation.name, '이')} ${towards} 수도 이전하였습니다.`);
    return true;
  },
};
