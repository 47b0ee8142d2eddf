import { randomTurnTime } from '../../scenario/new-world';
import { specialityAges } from '../../traits/speciality';
import { addTurn, cutTurn } from '../../world/clock';
import { newGeneral } from '../../world/factory';
import { addDedication, addExperience, checkStatChange } from '../../world/levels';
import { chronicle, generalLog } from '../../world/logbook';
import type { General, World } from '../../world/types';
import { noArg } from '../args';
import type { CommandContext, CommandDef } from '../command';
import { reqGeneralGold } from '../constraints';
import { domesticCost } from './domestic';
import { drawStatExp } from './stat-exp';
import { withJosa } from '../../world/josa';

/**
 * Stats of a found talent. Legacy core draws them from its general pool
 * (`pickGeneralFromPool` + `fillRemainSpecAsRandom`), which this port does not have; the
 * split of the older che_인재탐색 is used instead with the limits this port gives new
 * generals (15..80, total 150): main = 80 − nextRangeInt(0, 10), other = 15 +
 * nextRangeInt(0, 5), sub = the rest.
 */
const TALENT_STAT = { min: 15, max: 80, total: 150 } as const;
/** Legacy `$pickTypeList`: 무 6, 지 6, 무지 3. */
const PICK_TYPES: readonly (readonly ['무' | '지' | '무지', number])[] = [['무', 6], ['지', 6], ['무지', 3]];

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
 * The found NPC (npc 3, unaffiliated, in the finder's city), built by the world's factory.
 * Its turn is legacy `getRandTurn` (a drawn offset inside one turn window) laid from the
 * window after the finder's: the general is created mid-advance, and a turn time before the
 * cursor would run it behind the month already closed.
 */
function createTalent(ctx: CommandContext, age: number, deathYear: number): General {
  const { world, rng } = ctx;
  const env = world.env;
  const type = rng.choiceUsingWeight(PICK_TYPES);
  const main = TALENT_STAT.max - rng.nextRangeInt(0, 10);
  const other = TALENT_STAT.min + rng.nextRangeInt(0, 5);
  const sub = TALENT_STAT.total - main - other;
  const [leadership, strength, intel] = type === '무' ? [sub, main, other] : type === '지' ? [sub, other, main] : [other, sub, main];
  const id = env.nextGeneralId++;
  const talent = newGeneral({
    id, name: `인재${id}`, npc: 3, nation: 0, city: ctx.general.city, officerLevel: 0,
    leadership, strength, intel, bornyear: env.year - age, deadyear: deathYear, year: env.year,
    affinity: rng.nextRangeInt(1, 150), turntime: randomTurnTime(addTurn(cutTurn(env.turntime, env.turnterm), env.turnterm), env.turnterm, rng),
    killturn: (deathYear - env.year) * 12,
    ...specialityAges(age, env.year, env.startyear),
  });
  world.generals.set(id, talent);
  return talent;
}

/**
 * 인재탐색 (legacy che_인재탐색, the general-pool version): costs develcost gold, no other
 * condition (a wanderer may take it — it is 랜덤임관's alternative). Found with
 * {@link foundProbability} (`nextBool`). Not found: exp +100, ded +70, one stat exp.
 * Found: age nextRangeInt(20, 25), death year + nextRangeInt(10, 50), the talent (see
 * {@link createTalent}: type, two stat draws, affinity, turn time), then exp +200,
 * ded +300 and three stat exp. All draws come from the command's stream.
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
      return true;
    }
    const age = rng.nextRangeInt(20, 25);
    const deathYear = world.env.year + rng.nextRangeInt(10, 50);
    const talent = createTalent(ctx, age, deathYear);
    generalLog(world, g.id, `${withJosa(talent.name, '이라')}는 인재를 발견하였습니다!`);
    chronicle(world, `${withJosa(g.name, '이')} ${withJosa(talent.name, '이라')}는 인재를 발견하였습니다!`);
    reward(ctx, cost, { experience: 200, dedication: 300, statExp: 3 });
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
