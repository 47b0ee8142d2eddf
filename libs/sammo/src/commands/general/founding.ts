import { Diplo, GameConst } from '../../world/constants';
import { newNation } from '../../world/factory';
import { addDedication, addExperience } from '../../world/levels';
import { chronicle, generalLog } from '../../world/logbook';
import { diplomacyKey, relYear } from '../../world/queries';
import type { World } from '../../world/types';
import { argObject, argString, noArg } from '../args';
import type { CommandDef, Constraint } from '../command';
import { allowJoinAction, beNeutral } from '../constraints';

const beLord: Constraint<unknown> = (c) => (c.general.officerLevel !== 12 ? '군주가 아닙니다.' : null);
const wanderingNation: Constraint<unknown> = (c) => (c.nation === undefined || c.nation.level !== 0 ? '방랑군이 아닙니다.' : null);

/** 거병: a wanderer raises a band, a level-0 nation named after the general (§1.2, §5.4). */
export const raiseBand: CommandDef<null> = {
  key: 'che_거병',
  name: '거병',
  id: 'raise-band',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'raise-band'),
  constraints: [beNeutral, allowJoinAction],
  run(ctx) {
    const { world, general } = ctx;
    const id = world.env.nextNationId++;
    const nation = newNation({ id, name: general.name, color: '#330000', capital: 0, gold: 0, rice: GameConst.baserice, tech: 0, level: 0, type: 'che_중립' });
    nation.gennum = 1;
    for (const other of world.nations.keys()) {
      world.diplomacy.set(diplomacyKey(id, other), { state: Diplo.normal, term: 0, dead: 0 });
      world.diplomacy.set(diplomacyKey(other, id), { state: Diplo.normal, term: 0, dead: 0 });
    }
    world.nations.set(id, nation);
    general.nation = id;
    general.officerLevel = 12;
    general.officerCity = 0;
    general.belong = 1;
    addExperience(general, 100);
    addDedication(general, 100);
    generalLog(world, general.id, `${ctx.city.name}에서 거병했습니다.`);
    chronicle(world, `【거병】 ${general.name}이(가) ${ctx.city.name}에서 세력을 일으켰습니다.`);
    return true;
  },
};

export interface FoundArg {
  nationName: string;
  nationType: string;
  color: string;
}

function nameTaken(world: World, name: string): boolean {
  for (const n of world.nations.values()) if (n.name === name) return true;
  return false;
}

/**
 * 건국: the ruler of a band with at least two members founds a nation in the neutral
 * medium or small city (level 5 or 6) where it stands, during the opening years.
 */
export const foundNation: CommandDef<FoundArg> = {
  key: 'che_건국',
  name: '건국',
  id: 'found-nation',
  kind: 'general',
  readArg(raw) {
    const o = argObject(raw, 'found-nation');
    return {
      nationName: argString(o, 'nationName', 'found-nation', /^\S.{0,17}$/u, '1 to 18 characters, not starting with a space'),
      nationType: argString(o, 'nationType', 'found-nation', /^che_[가-힣]{1,6}$/u, 'a nation type such as che_중립'),
      color: argString(o, 'color', 'found-nation', /^#[0-9A-Fa-f]{6}$/, 'a colour like #336699'),
    };
  },
  constraints: [
    beLord, wanderingNation,
    (c) => (c.nation!.gennum < 2 ? '수하 장수가 부족합니다.' : null),
    (c) => (relYear(c.world) + 1 > GameConst.openingPartYear ? '건국 기한이 지났습니다.' : null),
    (c) => (c.city.nation !== 0 || (c.city.level !== 5 && c.city.level !== 6) ? '건국할 수 없는 도시입니다.' : null),
    (c, a) => (nameTaken(c.world, a.nationName) && c.nation!.name !== a.nationName ? '이미 있는 국호입니다.' : null),
  ],
  run(ctx, arg) {
    const { world, general, city } = ctx;
    const nation = ctx.nation!;
    nation.name = arg.nationName;
    nation.type = arg.nationType;
    nation.color = arg.color;
    nation.level = 1;
    nation.capital = city.id;
    city.nation = nation.id;
    addExperience(general, 1000);
    addDedication(general, 1000);
    generalLog(world, general.id, `${city.name}에서 ${nation.name}을(를) 건국했습니다.`);
    chronicle(world, `【건국】 ${general.name}이(가) ${city.name}에 ${nation.name}을(를) 세웠습니다.`);
    return true;
  },
};

/** 해산: the ruler of a band disbands it; everyone goes back to the wilderness. */
export const disband: CommandDef<null> = {
  key: 'che_해산',
  name: '해산',
  id: 'disband',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'disband'),
  constraints: [beLord, wanderingNation],
  run(ctx) {
    const { world } = ctx;
    const nation = ctx.nation!;
    for (const g of world.generals.values()) {
      if (g.nation !== nation.id) continue;
      g.nation = 0;
      g.officerLevel = 0;
      g.officerCity = 0;
      g.belong = 0;
      g.troop = 0;
      g.makelimit = GameConst.joinActionLimit;
    }
    for (const key of [...world.diplomacy.keys()]) {
      const [a, b] = key.split(':').map(Number);
      if (a === nation.id || b === nation.id) world.diplomacy.delete(key);
    }
    world.nations.delete(nation.id);
    chronicle(world, `【해산】 ${nation.name}이(가) 해산했습니다.`);
    return true;
  },
};
