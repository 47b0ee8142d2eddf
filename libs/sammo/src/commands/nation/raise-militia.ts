import { pickGeneralsFromPool } from '../../pool/general-pool';
import type { PickTypeWeights } from '../../pool/general-builder';
import { poolAverages, sqlAverage, type PoolAverages } from '../../pool/pool-averages';
import { phpRound } from '../../world/php-math';
import { generalsOfNation } from '../../world/queries';
import type { World } from '../../world/types';
import { noArg } from '../args';
import { creationClock, type CommandContext, type CommandDef } from '../command';
import { beChief, notBeNeutral, notOpeningPart, occupiedCity } from '../constraints';
import { announce, availableStrategicCommand, invoke, invoked, strategicDelay } from './strategic';

/** Legacy `$pickTypeList` of the militia: 무 5, 지 5 (no 무지). */
const PICK_TYPES: PickTypeWeights = [['무', 5], ['지', 5]];

/** 3 + round(avg gennum of the nations above level 0 / 8), the average as MariaDB's AVG gives it. */
export function militiaSize(world: World): number {
  let sum = 0;
  let count = 0;
  for (const n of world.nations.values()) {
    if (n.level <= 0) continue;
    sum += n.gennum;
    count++;
  }
  return 3 + phpRound(sqlAverage(sum, count) / 8);
}

/**
 * The militia: pool generals (npc 4) of the chief's nation in the chief's city, aged 20 with
 * 10 years to live and speciality ages 19, a killturn of 64..70 drawn before each is filled,
 * the nation's experience, dedication and dexterity averages.
 */
function recruitMilitia(ctx: CommandContext, count: number, averages: PoolAverages): void {
  const { world, general, rng } = ctx;
  const year = world.env.year;
  for (const militia of pickGeneralsFromPool(world, rng, count)) {
    militia.city = general.city;
    militia.nation = general.nation;
    militia.bornyear = year - 20;
    militia.deadyear = year + 10;
    militia.killturn = rng.nextRangeInt(64, 70);
    militia.npc = 4;
    militia.specage = 19;
    militia.specage2 = 19;
    militia.experience = averages.experience;
    militia.dedication = averages.dedication;
    militia.fillRandom(world, PICK_TYPES, averages).build(world, creationClock(ctx));
  }
}

/**
 * 의병모집 (legacy che_의병모집): after 2 turns of preparation, {@link militiaSize} volunteers
 * join the nation ({@link recruitMilitia}) and count in its gennum at once. Cooldown
 * round(√(size × 10) × 10) months; the strategic wait as every strategic command.
 */
export const raiseMilitia: CommandDef<null> = {
  key: 'che_의병모집',
  name: '의병모집',
  id: 'raiseMilitia',
  kind: 'nation',
  readArg: (raw) => noArg(raw, 'raiseMilitia'),
  constraints: [beChief, notBeNeutral, occupiedCity, availableStrategicCommand, notOpeningPart],
  preTurns: () => 2,
  postTurns: (c) => strategicDelay(c, 10),
  run(ctx) {
    // The averages are the rows as the turn began: legacy writes the chief's own gains after.
    const averages = poolAverages(generalsOfNation(ctx.world, ctx.general.nation));
    invoke(ctx, 2, '의병모집 발동!');
    const count = militiaSize(ctx.world);
    recruitMilitia(ctx, count, averages);
    ctx.nation!.gennum += count;
    announce(ctx, invoked('의병모집'));
    return true;
  },
};
