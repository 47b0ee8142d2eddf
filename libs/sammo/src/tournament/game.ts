import type { StreamSource } from '../state/turn-run';
import { phpRound } from '../world/php-math';
import type { Tournament, TournamentEntry } from '../world/types';
import { fight, fightDice, type FightMode, type FightResult } from './fight';
import { tournamentKind } from '../world/tournament-kinds';
import { addRecord, entryAt, recordOf, tournamentStream } from './state';

/**
 * Hall-of-fame points for a game, by the two generals' points before it: beating a general
 * with more points earns 3 (the loser −2), an equal 2 (−1), one with fewer 1 (0); a draw moves
 * one point from the side with more to the side with fewer.
 */
function pointsFor(result: FightResult, prior1: number, prior2: number): [number, number] {
  if (result === 2) return prior1 > prior2 ? [1, -1] : prior1 === prior2 ? [0, 0] : [-1, 1];
  const [winner, loser] = result === 0 ? [prior1, prior2] : [prior2, prior1];
  const won: [number, number] = winner > loser ? [1, 0] : winner === loser ? [2, -1] : [3, -2];
  return result === 0 ? won : [won[1], won[0]];
}

const OUTCOME_KEY: Record<FightResult, [string, string]> = { 0: ['w', 'l'], 1: ['l', 'w'], 2: ['d', 'd'] };

/**
 * One game of group `grp` between seats `no1` and `no2` (legacy `fight` with its bookkeeping):
 * the fight on its own stream (tournament, stage, phase, group), its settlement (a win is
 * worth the damage margin / 50 in `gl`), and the group's fight log with the next pairing.
 */
export function playGame(
  tournament: Tournament, random: StreamSource, stage: number, phase: number, grp: number, no1: number, no2: number, mode: FightMode,
  nextPair?: readonly [number, number],
): FightResult {
  const first = entryAt(tournament, grp, no1)!;
  const second = entryAt(tournament, grp, no2)!;
  const kind = tournamentKind(tournament.kind);
  const { result, taken, lines } = fight(kind, first, second, mode, fightDice(tournamentStream(random, tournament, stage, phase, grp)));
  settleGame(tournament, first, second, result, taken);
  if (nextPair) {
    const names = nextPair.map((no) => entryAt(tournament, grp, no)!.name);
    lines.push('--------------- 다음경기 ---------------', `☞ ${names[0]} vs ${names[1]}`);
  }
  tournament.fightLogs[grp] = lines;
  return result;
}

/** A game's score in the group table and the two generals' records. */
export function settleGame(tournament: Tournament, first: TournamentEntry, second: TournamentEntry, result: FightResult, taken: [number, number]): void {
  if (result === 2) {
    first.draw += 1;
    second.draw += 1;
  } else {
    const [winner, loser] = result === 0 ? [first, second] : [second, first];
    const margin = phpRound(result === 0 ? (taken[1] - taken[0]) / 50 : (taken[0] - taken[1]) / 50);
    winner.win += 1;
    winner.gl += margin;
    loser.lose += 1;
    loser.gl -= margin;
  }
  const { rankPrefix } = tournamentKind(tournament.kind);
  const points = rankPrefix + 'g';
  const [p1, p2] = pointsFor(result, recordOf(tournament, first.generalId, points), recordOf(tournament, second.generalId, points));
  const [key1, key2] = OUTCOME_KEY[result];
  addRecord(tournament, first.generalId, rankPrefix + key1, 1);
  addRecord(tournament, first.generalId, points, p1);
  addRecord(tournament, second.generalId, rankPrefix + key2, 1);
  addRecord(tournament, second.generalId, points, p2);
}
