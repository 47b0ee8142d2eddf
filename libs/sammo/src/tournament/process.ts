import type { StreamSource } from '../state/turn-run';
import type { World } from '../world/types';
import { openBetting } from './betting';
import { drawFinalsSeats, DRAW_PHASES, DRAWS_PER_STEP } from './draw';
import { fillSeats } from './entry';
import { KNOCKOUT, playKnockoutPhase, seedRoundOf16 } from './knockout';
import { FINALS_PHASES, playLeaguePhase, QUALIFIER_PHASES } from './league';
import { awardPrizes } from './prizes';
import { bettingMs, Stage, stepMs } from './state';

/** When the running tournament's next step is due; never when none runs. */
export function nextTournamentStep(world: World): number {
  const tournament = world.tournament;
  return tournament && tournament.stage !== Stage.none ? tournament.nextStep : Infinity;
}

/**
 * `processTournament` catching up to `time`: every step due at or before it, in order. The
 * clock calls it as time passes — before each general turn, before a month boundary and at
 * the end of an advance — so a step falls between the same general turns however the advances
 * are split.
 */
export function runTournamentUntil(world: World, random: StreamSource, time: number): void {
  while (nextTournamentStep(world) <= time) stepTournament(world, random);
}

/** One step of the stage machine; each step but the betting's lasts one step length. */
function stepTournament(world: World, random: StreamSource): void {
  const tournament = world.tournament!;
  const at = tournament.nextStep;
  tournament.nextStep = at + stepMs(world.env.turnterm);
  const { stage, phase } = tournament;
  const next = (to: number) => {
    tournament.stage = to;
    tournament.phase = 0;
  };
  switch (stage) {
    case Stage.recruiting:
      fillSeats(world, random);
      next(Stage.qualifiers);
      return;
    case Stage.qualifiers:
    case Stage.finalsGroups:
      playLeaguePhase(tournament, random, stage, phase);
      tournament.phase += 1;
      if (tournament.phase >= (stage === Stage.qualifiers ? QUALIFIER_PHASES : FINALS_PHASES)) next(stage + 1);
      return;
    case Stage.draw:
      drawFinalsSeats(tournament, random, phase);
      tournament.phase += DRAWS_PER_STEP;
      if (tournament.phase >= DRAW_PHASES) next(Stage.finalsGroups);
      return;
    case Stage.seeding:
      seedRoundOf16(tournament);
      next(Stage.betting);
      openBetting(world, random);
      tournament.nextStep = at + bettingMs(world.env.turnterm);
      return;
    case Stage.betting:
      tournament.betting!.open = false;
      next(Stage.roundOf16);
      return;
    default: {
      playKnockoutPhase(tournament, random, stage, phase);
      tournament.phase += 1;
      if (tournament.phase < KNOCKOUT[stage]!.games) return;
      if (stage !== Stage.final) {
        next(stage + 1);
        return;
      }
      next(Stage.none);
      awardPrizes(world);
    }
  }
}
