import { chronicle, generalLog } from '../world/logbook';
import { withJosa } from '../world/josa';
import { phpNumberFormat } from '../world/php-math';
import type { TournamentEntry, World } from '../world/types';
import { payBets } from './betting';
import { tournamentKind } from '../world/tournament-kinds';
import { addRecord } from './state';

/**
 * What each round reached pays (legacy `setGift`), in `develcost` multiples, with experience
 * and hall-of-fame points; a general is paid for every round it reached. The title is the
 * furthest round's, worded to take the particle 로 as the legacy words it.
 */
const ROUNDS: readonly { from: number; to: number; cost: number; experience: number; points: number; title: string }[] = [
  { from: 20, to: 30, cost: 1, experience: 25, points: 1, title: '16강 진출' },
  { from: 30, to: 40, cost: 2, experience: 50, points: 1, title: '8강 진출' },
  { from: 40, to: 50, cost: 3, experience: 50, points: 2, title: '4강 진출' },
  { from: 50, to: 60, cost: 6, experience: 100, points: 2, title: '준우승으' },
  { from: 60, to: Infinity, cost: 8, experience: 200, points: 2, title: '우승으' },
];

/** The final is over: prizes, the winner's title count, the chronicle, and the betting pot. */
export function awardPrizes(world: World): void {
  const tournament = world.tournament!;
  const kind = tournamentKind(tournament.kind);
  const awards = new Map<number, { reward: number; title: string }>();
  let winner: TournamentEntry | undefined;
  let runnerUp: TournamentEntry | undefined;
  for (const round of ROUNDS) {
    for (const entry of tournament.entries) {
      if (entry.grp < round.from || entry.grp >= round.to || entry.generalId <= 0) continue;
      const reward = world.env.develcost * round.cost;
      const general = world.generals.get(entry.generalId);
      if (general) {
        general.experience += round.experience;
        general.gold += reward;
      }
      addRecord(tournament, entry.generalId, kind.rankPrefix + 'g', round.points);
      const award = awards.get(entry.generalId) ?? { reward: 0, title: '' };
      awards.set(entry.generalId, { reward: award.reward + reward, title: round.title });
      if (round.from === 50 && entry.lose > 0) runnerUp = entry;
      if (round.from === 60) {
        winner = entry;
        addRecord(tournament, entry.generalId, kind.rankPrefix + 'p', 1);
      }
    }
  }
  if (winner && runnerUp) {
    generalLog(world, winner.generalId, `${kind.name} 대회에서 우승`);
    generalLog(world, runnerUp.generalId, `${kind.name} 대회에서 준우승`);
    const prize = (e: TournamentEntry) => phpNumberFormat(awards.get(e.generalId)!.reward, 0, ',');
    chronicle(world, `【대회】${kind.name} 대회에서 ${withJosa(winner.name, '이')} 우승, ${withJosa(runnerUp.name, '이')} 준우승을 차지하여 천하에 이름을 떨칩니다!`);
    chronicle(world, `【대회】${kind.name} 대회의 우승자에게는 ${prize(winner)}, 준우승자에겐 ${prize(runnerUp)}의 상금과 약간의 명성이 주어집니다!`);
  }
  for (const [generalId, { reward, title }] of awards) {
    generalLog(world, generalId, `${kind.name} 대회의 ${title}로 ${phpNumberFormat(reward, 0, ',')}의 상금, 약간의 명성 획득!`);
  }
  payBets(world, winner?.generalId ?? 0);
}
