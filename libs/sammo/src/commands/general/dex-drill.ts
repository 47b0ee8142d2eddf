import { GameConst } from '../../world/constants';
import { addExperience, checkStatChange } from '../../stats/levels';
import { generalLog } from '../../world/logbook';
import { phpNumberFormat, phpRound } from '../../world/php-math';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { notBeNeutral, reqGeneralCrew, reqGeneralGold, reqGeneralRice } from '../constraints';
import { addDex, ARM_NAMES, armTypeOf } from '../../stats/crew-types';
import { tryUniqueItemLottery } from '../../lottery/item-lottery';

/** 단련's outcome: the first draw, and how many times the base score it earns. */
const OUTCOMES: readonly (readonly [readonly ['success' | 'normal' | 'fail', number], number])[] = [
  [['success', 3], 0.34],
  [['normal', 2], 0.33],
  [['fail', 1], 0.33],
];

/**
 * 단련 (legacy che_단련): drills the current arm's dexterity, by crew × train × atmos, for the
 * develcost in gold and in rice. The troops must be at least half-trained and in spirits
 * (train and atmos ≥ 40); nothing else is spent. The stat point goes to a stat drawn by the
 * bare stats' weights, so a stronger side grows more often.
 */
export const dexDrill: CommandDef<null> = {
  key: 'che_단련',
  name: '단련',
  id: 'dexDrill',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'dexDrill'),
  constraints: [
    notBeNeutral,
    reqGeneralCrew,
    (c) => (c.general.train >= GameConst.defaultTrainLow ? null : '훈련이 부족합니다.'),
    (c) => (c.general.atmos >= GameConst.defaultAtmosLow ? null : '사기가 부족합니다.'),
    reqGeneralGold((c) => c.world.env.develcost),
    reqGeneralRice((c) => c.world.env.develcost),
  ],
  run(ctx) {
    const { world, general: g, rng } = ctx;
    const [outcome, multiplier] = rng.choiceUsingWeight(OUTCOMES);
    const score = phpRound((g.crew * g.train * g.atmos) / 20 / 10000) * multiplier;
    const gain = `${ARM_NAMES[armTypeOf(g.crewtype)]} 숙련도가 ${phpNumberFormat(score, 0, ',')} 향상되었습니다.`;
    generalLog(world, g.id, outcome === 'fail' ? `단련이 지지부진하여 ${gain}` : outcome === 'success' ? `단련이 일취월장하여 ${gain}` : gain);
    addDex(g, armTypeOf(g.crewtype), score);
    const stat = rng.choiceUsingWeight([
      ['leadership', g.leadership],
      ['strength', g.strength],
      ['intel', g.intel],
    ] as const);
    const cost = world.env.develcost;
    g.gold = Math.max(0, g.gold - cost);
    g.rice = Math.max(0, g.rice - cost);
    for (const line of addExperience(g, g.crew / 400)) generalLog(world, g.id, line);
    if (stat === 'leadership') g.leadershipExp += 1;
    else if (stat === 'strength') g.strengthExp += 1;
    else g.intelExp += 1;
    for (const line of checkStatChange(g)) generalLog(world, g.id, line);
    tryUniqueItemLottery(ctx);
    return true;
  },
};
