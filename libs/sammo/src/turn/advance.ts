import { runMonth } from '../monthly/pipeline';
import { addTurn, cutTurn, turnDate } from '../world/clock';
import type { World } from '../world/types';
import { chapterEnded } from './chapter';
import { runGeneralTurn } from './general-turn';
import type { TurnRun } from '../state/turn-run';
import { phpRound } from '../world/php-math';
import { nextTournamentStep, runTournamentUntil } from '../tournament/process';
import { nextAuctionClose, runAuctionsUntil } from '../auction/close';

const MINUTE = 60_000;

/** What an advance did. */
export interface AdvanceReport {
  generalTurns: number;
  months: number;
  /** True when the work budget ended the advance early; the next advance continues. */
  stopped: boolean;
  /** Months skipped by the delay rule. */
  skippedMonths: number;
}

/**
 * `executeAllCommand` for wall time `until` (§2): time gate, frozen states, delay skipping,
 * the catch-up loop (generals up to each month boundary, then the monthly pipeline), the
 * partial month, and the tournament's steps and the auctions' closes as their times come
 * (legacy `processTournament` then `processAuction`). A work budget may stop it at a general
 * boundary; the cursor then stays at the last executed general's turn time, so the next
 * advance continues exactly there.
 */
export function advanceWorld(run: TurnRun, until: number): AdvanceReport {
  const world = run.world;
  const env = world.env;
  const report: AdvanceReport = { generalTurns: 0, months: 0, stopped: false, skippedMonths: 0 };
  const startTurns = run.executed;
  const startMonths = run.months;
  const finish = (stopped: boolean) => {
    // A stopped advance has processed the auctions up to the last general it ran.
    if (stopped) runAuctionsUntil(world, env.turntime);
    return { ...report, stopped, generalTurns: run.executed - startTurns, months: run.months - startMonths };
  };

  if (until < env.turntime) return finish(false);
  if (env.isunited === 2 || env.isunited === 3) return finish(false);
  report.skippedMonths = checkDelay(world, until);
  env.conlimit = phpRound(env.turnterm ** 0.6 * 3) * 10;

  let prevTurn = cutTurn(env.turntime, env.turnterm);
  let nextTurn = addTurn(prevTurn, env.turnterm);
  while (nextTurn <= until) {
    run.clock = nextTurn;
    if (!executeGeneralsUntil(run, nextTurn)) return finish(true);
    runTournamentUntil(world, run.random, nextTurn - 1);
    runAuctionsUntil(world, nextTurn - 1);
    runMonth(run, nextTurn);
    prevTurn = nextTurn;
    nextTurn = addTurn(prevTurn, env.turnterm);
    env.turntime = prevTurn;
    // Unification ends the game here, mid-call: core2026's loop runs `while next ≤ target and
    // not united`. Legacy executeAllCommand checks isunited only at entry and would still run
    // the call's remaining months; the table is finished at this point (no more moves, no next
    // due time), so running them would change a world whose outcome is already declared.
    // A closed chapter stops here too: the next chapter, with its own seed, runs the rest. The
    // invaders' war (isunited 1) plays on like an open world; its end (3) freezes it like unification.
    if (env.isunited === 2 || env.isunited === 3 || chapterEnded(env)) return finish(false);
  }
  const date = turnDate(prevTurn, env.starttime, env.startyear, env.turnterm);
  env.year = date.year;
  env.month = date.month;
  run.clock = nextTurn;
  if (!executeGeneralsUntil(run, until)) return finish(true);
  runTournamentUntil(world, run.random, until);
  runAuctionsUntil(world, until);
  return finish(false);
}

/**
 * `executeGeneralCommandUntil`: every general with turntime < `date`, by (turntime, id),
 * each once, after the tournament steps and auction closes due by its turn time. Returns
 * false when the budget ran out with generals still due.
 */
export function executeGeneralsUntil(run: TurnRun, date: number): boolean {
  const world = run.world;
  const due = [];
  for (const g of world.generals.values()) if (g.turntime < date) due.push(g);
  due.sort((a, b) => a.turntime - b.turntime || a.id - b.id);
  // General turns never touch the tournament or the auctions, so their next times are read again only after a step.
  let tournamentStep = nextTournamentStep(world);
  let auctionClose = nextAuctionClose(world);
  for (const general of due) {
    if (!world.generals.has(general.id)) continue;
    if (run.budget <= 0) return false;
    const turntime = general.turntime;
    if (tournamentStep <= turntime) {
      runTournamentUntil(world, run.random, turntime);
      tournamentStep = nextTournamentStep(world);
    }
    if (auctionClose <= turntime) {
      runAuctionsUntil(world, turntime);
      auctionClose = nextAuctionClose(world);
    }
    run.budget -= 1;
    run.executed += 1;
    runGeneralTurn(run, general);
    world.env.turntime = turntime;
  }
  return true;
}

/**
 * `checkDelay()`: an advance that comes more than 1 (term ≥ 20), 3 (≥ 10) or 6 turns late
 * shifts the clock and every general forward by the missed turns, which are skipped.
 */
export function checkDelay(world: World, until: number): number {
  const env = world.env;
  const iter = Math.floor((until - env.turntime) / MINUTE / env.turnterm);
  const threshold = env.turnterm >= 20 ? 1 : env.turnterm >= 10 ? 3 : 6;
  if (iter <= threshold) return 0;
  const shift = iter * env.turnterm * MINUTE;
  env.turntime += shift;
  env.starttime += shift;
  for (const g of world.generals.values()) g.turntime += shift;
  return iter;
}
