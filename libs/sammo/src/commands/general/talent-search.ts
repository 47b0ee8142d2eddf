import { type PickTypeWeights } from '../../pool/general-builder';
import { pickGeneralsFromPool } from '../../pool/general-pool';
import { poolAverages } from '../../pool/pool-averages';
import { GameConst } from '../../world/constants';
import { phpRound } from '../../world/php-math';
import { addDedication, addExperience, checkStatChange } from '../../stats/levels';
import { chronicle, generalLog } from '../../world/logbook';
import type { General, World } from '../../world/types';
import { noArg } from '../args';
import { creationClock, type CommandContext, type CommandDef } from '../command';
import { reqGeneralGold } from '../constraints';
import { domesticCost } from './domestic';
import { drawStatExp } from './stat-exp';
import { withJosa } from '../../world/josa';
import { increaseInheritancePoint } from '../../world/inheritance';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

/** Legacy `$pickTypeList` of the search: 무 6, 지 6, 무지 3. */
const PICK_TYPES: PickTypeWeights = [['무', 6], ['지', 6], ['무지', 3]];

/** Generals counted as players (npc ≤ 2) and as found/NPC generals (npc 3–4), as legacy. */
export function populationCounts(world: World): { generals: number; npcs: number } {
  let generals = 0;
  let npcs = 0;
  for (const g of world.generals.values()) {
    if (g.npc <= 2) generals++;
    else if (g.npc <= 4) npcs++;
  }
  return { generals, npcs };
}

/**
 * Legacy `calcFoundProp`: with current = trunc(generals + npcs/2) and remaining slots
 * max(0, maxgeneral − current), p = max((remaining/maxgeneral)^6, 1/(npcs/3 + 1)) while
 * fewer than 50 NPCs exist, else max((remaining/maxgeneral)^6, 1/maxgeneral).
 */
export function foundProbability(maxGeneral: number, generals: number, npcs: number): number {
  const current = Math.trunc(generals + npcs / 2);
  const remaining = Math.max(0, maxGeneral - current);
  const main = (remaining / maxGeneral) ** 6;
  return Math.max(main, npcs < 50 ? 1 / (npcs / 3 + 1) : 1 / maxGeneral);
}

/**
 * The talent found (npc 3, unaffiliated): a general of the pool aged 20..25 (drawn), dying
 * 10..50 years from now (drawn), speciality ages a twelfth and a sixth of its years to
 * retirement away, 1000 gold and rice, filled at random with the dexterity averages of the
 * generals below npc 4, in any city.
 */
function createTalent(ctx: CommandContext): General {
  const { world, rng } = ctx;
  const year = world.env.year;
  const age = rng.nextRangeInt(20, 25);
  const deadyear = year + rng.nextRangeInt(10, 50);
  const averages = poolAverages(generalsBelowNpc(world, 4));
  const talent = pickGeneralsFromPool(world, rng, 1)[0]!;
  talent.npc = 3;
  talent.bornyear = year - age;
  talent.deadyear = deadyear;
  talent.specage = phpRound((GameConst.retirementYear - age) / 12) + age;
  talent.specage2 = phpRound((GameConst.retirementYear - age) / 6) + age;
  return talent.fillRandom(world, PICK_TYPES, averages).build(world, creationClock(ctx));
}

function* generalsBelowNpc(world: World, npc: number): Iterable<General> {
  for (const g of world.generals.values()) if (g.npc < npc) yield g;
}

/**
 * 인재탐색 (legacy che_인재탐색, the general-pool version): costs develcost gold, no other
 * condition (a wanderer may take it — it is 랜덤임관's alternative). Found with
 * {@link foundProbability} (`nextBool`). Not found: exp +100, ded +70, one stat exp.
 * Found: the talent ({@link createTalent}), then exp +200, ded +300 and three stat exp. All
 * draws come from the command's stream. The unique-item lottery that follows in legacy (after
 * either outcome) is not drawn here: see {@link reward}.
 */
export const talentSearch: CommandDef<null> = {
  key: 'che_인재탐색',
  name: '인재탐색',
  id: 'talent-search',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'talent-search'),
  constraints: [reqGeneralGold((c) => domesticCost(c))],
  run(ctx) {
    const { world, general: g, rng } = ctx;
    const cost = domesticCost(ctx);
    const { generals, npcs } = populationCounts(world);
    const p = foundProbability(world.env.maxgeneral, generals, npcs);
    if (!rng.nextBool(p)) {
      generalLog(world, g.id, '인재를 찾을 수 없었습니다.');
      reward(ctx, cost, { experience: 100, dedication: 70, statExp: 1 });
      tryUniqueItemLottery(ctx);
      return true;
    }
    const talent = createTalent(ctx);
    generalLog(world, g.id, `${withJosa(talent.name, '이라')}는 인재를 발견하였습니다!`);
    chronicle(world, `${withJosa(g.name, '이')} ${withJosa(talent.name, '이라')}는 인재를 발견하였습니다!`);
    // The rarer the find, the more it counts: √(1/p), at least 1.
    increaseInheritancePoint(world, g, 'active_action', Math.max(1, Math.sqrt(1 / p)));
    reward(ctx, cost, { experience: 200, dedication: 300, statExp: 3 });
    tryUniqueItemLottery(ctx);
    return true;
  },
};

/** Pays the search and credits the searcher (the stat-exp draw comes last, as legacy draws it). */
function reward(ctx: CommandContext, cost: number, gains: { experience: number; dedication: number; statExp: number }): void {
  const g = ctx.general;
  const stat = drawStatExp(ctx.rng, g);
  g.gold = Math.max(0, g.gold - cost);
  for (const line of addExperience(g, gains.experience)) generalLog(ctx.world, g.id, line);
  for (const line of addDedication(g, gains.dedication)) generalLog(ctx.world, g.id, line);
  g[stat] += gains.statExp;
  for (const line of checkStatChange(g)) generalLog(ctx.world, g.id, line);
}
