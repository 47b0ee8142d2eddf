import type { StreamSource } from '../state/turn-run';
import type { Tournament } from '../world/types';
import { playGame } from './game';
import { entryAt, seatAgain, Stage } from './state';

/**
 * The round of 16 by finals group and place: 1st of group A meets 2nd of group E, and so on
 * (legacy `final16set`).
 */
const ROUND_OF_16: readonly (readonly [number, number])[] = [
  [10, 1], [14, 2], [11, 1], [15, 2], [12, 1], [16, 2], [13, 1], [17, 2],
  [14, 1], [10, 2], [15, 1], [11, 2], [16, 1], [12, 2], [17, 1], [13, 2],
];

/** Each knockout stage: its first group and how many games (one a phase) it has. */
export const KNOCKOUT: Readonly<Record<number, { offset: number; games: number }>> = {
  [Stage.roundOf16]: { offset: 20, games: 8 },
  [Stage.quarterFinals]: { offset: 30, games: 4 },
  [Stage.semiFinals]: { offset: 40, games: 2 },
  [Stage.final]: { offset: 50, games: 1 },
};

export function seedRoundOf16(tournament: Tournament): void {
  ROUND_OF_16.forEach(([grp, place], i) => {
    const entry = tournament.entries.find((e) => e.grp === grp && e.prmt === place)!;
    seatAgain(tournament, entry, 20 + Math.floor(i / 2), i % 2);
  });
  for (const entry of tournament.entries) entry.prmt = 0;
}

/**
 * One knockout game (legacy `finalFight`): group offset + phase, and its winner takes seat
 * phase % 2 of group offset + 10 + phase / 2 (the final's winner group 60). A game still level
 * after 100 exchanges (only when neither side has any strength) leaves the legacy without a
 * winner to seat; the first seat goes on.
 */
export function playKnockoutPhase(tournament: Tournament, random: StreamSource, stage: number, phase: number): void {
  const { offset } = KNOCKOUT[stage]!;
  const grp = offset + phase;
  const result = playGame(tournament, random, stage, phase, grp, 0, 1, 'knockout');
  seatAgain(tournament, entryAt(tournament, grp, result === 1 ? 1 : 0)!, offset + 10 + Math.floor(phase / 2), phase % 2);
}
