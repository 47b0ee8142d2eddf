import { phpRound } from '../../world/php-math';
import { generalLog } from '../../world/logbook';
import { noArg } from '../args';
import type { CommandDef } from '../command';
import { techCost } from '../../stats/crew-types';
import { notBeNeutral, notWanderingNation, occupiedCity, reqGeneralCrew, reqGeneralGold, reqGeneralRice, reqTrainMargin, reqAtmosMargin } from '../constraints';

const NAME = '전투태세';
const TERMS = 3;

/**
 * 전투태세 (legacy che_전투태세, offered by scenarios that list it): three pre-turns, then a
 * run meant to keep a count of its own to three and lift training and morale to 95 on the
 * third. But the term stack lets the run through only at term 3, which the run's count
 * takes for a finished round and restarts at 1 — and the stack then begins again. So, as in
 * the legacy, the command never completes: after its pre-turns each round logs
 * `병사들을 열심히 훈련중... (1/3)` and changes nothing else. Its gold (crew/100 × 3) is asked,
 * not taken.
 */
export const combatReadiness: CommandDef<null> = {
  key: 'che_전투태세',
  name: NAME,
  id: 'combat-readiness',
  kind: 'general',
  readArg: (raw) => noArg(raw, 'combat-readiness'),
  constraints: [
    notBeNeutral, notWanderingNation, occupiedCity, reqGeneralCrew,
    // The tech cost of the nation's static row, which holds no tech: 1.
    reqGeneralGold((c) => phpRound((c.general.crew / 100) * 3 * techCost(0))),
    reqGeneralRice(() => 0),
    reqTrainMargin(10),
    reqAtmosMargin(10),
  ],
  preTurns: () => TERMS,
  keepsLastTurn: true,
  run(ctx) {
    const g = ctx.general;
    // The stack ran it at term 3 or later; a later term is a LastTurn the legacy refuses too.
    if (g.lastTurn.term > TERMS) throw new Error(`${NAME}: LastTurn term ${g.lastTurn.term} is past ${TERMS} (legacy MustNotBeReachedException: 전투 태세에 올바른 턴이 아님)`);
    g.lastTurn = { command: NAME, arg: null, term: 1 };
    generalLog(ctx.world, g.id, `병사들을 열심히 훈련중... (1/${TERMS})`);
    return true;
  },
};
