import { turnDate } from '../world/clock';
import type { TurnRun } from '../state/turn-run';
import { runEvents } from './events';
import { eventsOf } from './scenario-events';
import { postUpdateMonthly } from './post-update';
import { preUpdateMonthly } from './pre-update';
import { checkStatistic } from './yearly';

/**
 * The monthly pipeline at the boundary `nextTurn` (§2 step 4 d–j): the closing month's
 * stream, PRE_MONTH events, preUpdateMonthly, the date turns, January statistics,
 * MONTH events, postUpdateMonthly.
 */
export function runMonth(run: TurnRun, nextTurn: number): void {
  const { world, random, trace } = run;
  const env = world.env;
  const monthly = random.stream('monthly', env.year, env.month);
  trace?.('preMonthEvents', 0);
  runEvents(world, random, 'PRE_MONTH', eventsOf(world), trace, run.clock);
  trace?.('preUpdateMonthly', 0);
  preUpdateMonthly(world);
  trace?.('turnDate', 0);
  const date = turnDate(nextTurn, env.starttime, env.startyear, env.turnterm);
  env.year = date.year;
  env.month = date.month;
  if (env.month === 1) {
    trace?.('checkStatistic', 0);
    checkStatistic(world);
  }
  trace?.('monthEvents', 0);
  runEvents(world, random, 'MONTH', eventsOf(world), trace, run.clock);
  trace?.('postUpdateMonthly', 0);
  postUpdateMonthly(world, monthly, random, nextTurn);
  run.months += 1;
}
