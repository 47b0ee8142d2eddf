import type { RandUtil } from '../rng/rand-util';
import type { StreamSource } from '../state/turn-run';
import { chronicle } from '../world/logbook';
import type { World } from '../world/types';
import { tournamentKind } from '../world/tournament-kinds';
import { Stage, stepMs, tournamentStream } from './state';

/** 전력전 twice, 통솔전, 일기토 and 설전 once in every cycle of five. */
const CYCLE = [0, 0, 1, 2, 3];

/**
 * postUpdateMonthly's `triggerTournament`: with automatic opening on and no tournament running,
 * one in 0.4 from the closing month's stream (the legacy draws it there, before the auctions).
 */
export function triggerTournament(world: World, monthly: RandUtil, random: StreamSource, now: number): void {
  const tournament = world.tournament;
  if (!tournament?.autoOpen || tournament.stage !== Stage.none) return;
  if (!monthly.nextBool(0.4)) return;
  openTournament(world, random, now);
}

/**
 * `startTournament`: the next kind of the cycle, every entry cleared, recruiting until the step
 * length read as minutes has passed (the legacy adds that figure as minutes here), and the
 * proclamation — in the name of an emperor when there is one.
 */
export function openTournament(world: World, random: StreamSource, now: number): void {
  const tournament = world.tournament!;
  tournament.opened += 1;
  const rng = tournamentStream(random, tournament, 'open');
  if (tournament.pattern.length === 0) tournament.pattern = rng.shuffle(CYCLE);
  tournament.kind = tournament.pattern.pop()!;
  tournament.stage = Stage.recruiting;
  tournament.phase = 0;
  tournament.nextStep = now + stepMs(world.env.turnterm) * 60;
  tournament.entries = [];
  tournament.betting = null;
  tournament.fightLogs = {};

  const emperors = [...world.generals.values()]
    .filter((g) => g.officerLevel === 12 && world.nations.get(g.nation)?.level === 7)
    .sort((a, b) => a.id - b.id);
  const opener = emperors.length > 0 ? `황제 ${rng.choice(emperors).name}의 명으로 ` : '';
  const kind = tournamentKind(tournament.kind);
  chronicle(world, `【대회】${opener}${kind.name} 대회가 개최됩니다! 천하의 ${kind.calls}들을 모집하고 있습니다!`);
}
