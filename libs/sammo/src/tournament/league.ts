import type { StreamSource } from '../state/turn-run';
import type { Tournament } from '../world/types';
import { GROUPS } from './entry';
import { playGame } from './game';
import { Stage } from './state';

/** The qualifiers' round robin of eight: 28 rounds, then the same again with sides swapped. */
const QUALIFIER_ROUNDS: readonly (readonly [number, number])[] = [
  [0, 1], [2, 3], [4, 5], [6, 7],
  [0, 2], [1, 3], [4, 6], [5, 7],
  [0, 3], [1, 6], [2, 5], [4, 7],
  [0, 4], [1, 5], [2, 6], [3, 7],
  [0, 5], [1, 4], [2, 7], [3, 6],
  [0, 6], [1, 7], [2, 4], [3, 5],
  [0, 7], [1, 2], [3, 4], [5, 6],
];
/** The finals groups' round robin of four. */
const FINALS_ROUNDS: readonly (readonly [number, number])[] = [[0, 1], [2, 3], [0, 2], [1, 3], [0, 3], [1, 2]];

export const QUALIFIER_PHASES = 56;
export const FINALS_PHASES = 6;

/** The seats that play in a league phase (legacy `getTwo`). */
export function leaguePair(stage: number, phase: number): readonly [number, number] {
  if (stage === Stage.qualifiers) {
    const pair = QUALIFIER_ROUNDS[phase % 28]!;
    return phase >= 28 ? [pair[1], pair[0]] : pair;
  }
  return FINALS_ROUNDS[phase % 6]!;
}

/**
 * One phase of a league stage — the qualifiers (groups 0–7, 56 phases, top four go through)
 * or the finals groups (10–17, 6 phases, top two) — every group playing the phase's pair.
 * The last phase ranks each group by points (win 3, draw 1), then goal difference, then seating.
 */
export function playLeaguePhase(tournament: Tournament, random: StreamSource, stage: number, phase: number): void {
  const qualifiers = stage === Stage.qualifiers;
  const [first, last] = qualifiers ? [0, GROUPS] : [10, 10 + GROUPS];
  const phases = qualifiers ? QUALIFIER_PHASES : FINALS_PHASES;
  const [no1, no2] = leaguePair(stage, phase);
  const next = phase + 1 < phases ? leaguePair(stage, phase + 1) : undefined;
  for (let grp = first; grp < last; grp++) playGame(tournament, random, stage, phase, grp, no1, no2, 'league', next);
  if (phase + 1 < phases) return;
  const promoted = qualifiers ? 4 : 2;
  for (let grp = first; grp < last; grp++) {
    tournament.entries
      .map((entry, seq) => ({ entry, seq }))
      .filter(({ entry }) => entry.grp === grp)
      .sort((a, b) => b.entry.win * 3 + b.entry.draw - (a.entry.win * 3 + a.entry.draw) || b.entry.gl - a.entry.gl || a.seq - b.seq)
      .slice(0, promoted)
      .forEach(({ entry }, rank) => (entry.prmt = rank + 1));
  }
}
