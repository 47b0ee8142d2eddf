import type { StreamSource } from '../state/turn-run';
import type { Tournament } from '../world/types';
import { GROUPS } from './entry';
import { seatAgain, Stage, tournamentStream } from './state';

export const DRAW_PHASES = 32;
export const DRAWS_PER_STEP = 8;

/**
 * One step of the finals draw (legacy `selectionAll`): eight seats, each drawn from a pot —
 * the qualifier winners for every finals group's seat 0, the runners-up for seat 1, the
 * thirds and fourths together for seats 2 and 3 — and the drawn entry leaves its pot.
 */
export function drawFinalsSeats(tournament: Tournament, random: StreamSource, phase: number): void {
  const rng = tournamentStream(random, tournament, Stage.draw, phase);
  for (let p = phase; p < phase + DRAWS_PER_STEP; p++) {
    const seat = Math.floor(p / GROUPS);
    const pot = tournament.entries.filter((e) => (seat === 0 ? e.prmt === 1 : seat === 1 ? e.prmt === 2 : e.prmt > 2));
    const drawn = rng.choice(pot);
    seatAgain(tournament, drawn, 10 + (p % GROUPS), seat);
    drawn.prmt = 0;
  }
}
