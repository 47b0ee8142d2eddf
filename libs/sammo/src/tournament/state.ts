import type { Label } from '@chronicle/engine';
import type { RandUtil } from '../rng/rand-util';
import type { StreamSource } from '../state/turn-run';
import type { Tournament, TournamentEntry } from '../world/types';
import { Stage } from '../world/tournament-kinds';

// The stages and the step length are the model's (the views read them too).
export { Stage, stepMs, bettingMs } from '../world/tournament-kinds';

export function newTournament(autoOpen: boolean): Tournament {
  return {
    autoOpen, stage: Stage.none, phase: 0, kind: 0, nextStep: 0, opened: 0, pattern: [],
    entries: [], betting: null, fightLogs: {}, handEntryOnly: [], records: {},
  };
}

/** The tournament's own stream: every draw of tournament `opened` is labelled under it. */
export function tournamentStream(random: StreamSource, tournament: Tournament, ...labels: Label[]): RandUtil {
  return random.stream('tournament', tournament.opened, ...labels);
}

export function entryAt(tournament: Tournament, grp: number, grpNo: number): TournamentEntry | undefined {
  return tournament.entries.find((e) => e.grp === grp && e.grpNo === grpNo);
}

/** Seats an entrant again in a later round: the snapshot carries over, the score starts at zero. */
export function seatAgain(tournament: Tournament, from: TournamentEntry, grp: number, grpNo: number): void {
  tournament.entries.push({ ...from, grp, grpNo, win: 0, draw: 0, lose: 0, gl: 0, prmt: 0 });
}

/** Adds to a general's `rank_data` column; the dummies (id 0) have no row. */
export function addRecord(tournament: Tournament, generalId: number, column: string, delta: number): void {
  if (generalId <= 0) return;
  const record = (tournament.records[generalId] ??= {});
  record[column] = (record[column] ?? 0) + delta;
}

export function recordOf(tournament: Tournament, generalId: number, column: string): number {
  return tournament.records[generalId]?.[column] ?? 0;
}
