import type { StreamSource } from '../state/turn-run';
import { chronicle, generalLog } from '../world/logbook';
import { phpNumberFormat, phpRound } from '../world/php-math';
import type { General, World } from '../world/types';
import { tournamentKind } from '../world/tournament-kinds';
import { addRecord, recordOf, Stage } from './state';

/** `GameConst::$minGoldRequiredWhenBetting`: gold a bettor keeps beyond the stake. */
export const MIN_GOLD_KEPT = 500;
/** The Bet API's smallest stake, and the most one general may stake on one betting. */
export const MIN_BET = 10;
export const MAX_BET_TOTAL = 1000;

/**
 * The round of 16 is set (legacy `startBetting`): betting opens on its generals, and every NPC
 * with gold to spare stakes the era's sum — 10 per three years since the start, at least 10 —
 * on a candidate drawn from the legacy's own stream (`OpenBettingTournament`, betting id).
 */
export function openBetting(world: World, random: StreamSource): void {
  const tournament = world.tournament!;
  chronicle(world, '【대회】우승자를 예상하는 내기가 진행중입니다! 호사가의 참여를 기다립니다!');
  const candidates = tournament.entries
    .filter((e) => e.grp >= 20 && e.generalId > 0)
    .sort((a, b) => a.grp - b.grp || a.grpNo - b.grpNo)
    .map((e) => e.generalId);
  const betting = (tournament.betting = { id: tournament.opened, candidates, bets: [], open: true });
  if (candidates.length === 0) return;
  const { year, startyear } = world.env;
  const stake = Math.max(Math.floor((3 + year - startyear) * 0.334) * 10, 10);
  const rng = random.stream('OpenBettingTournament', betting.id);
  const bettors = [...world.generals.values()].filter((g) => g.npc >= 2 && g.gold >= MIN_GOLD_KEPT + stake).sort((a, b) => a.id - b.id);
  for (const npc of bettors) placeBet(world, npc, rng.choice(candidates), stake);
}

/** Why `general` may not stake `amount` on `target` now, or null. */
export function whyNotBet(world: World, general: General, target: number, amount: number): string | null {
  const betting = world.tournament?.stage === Stage.betting ? world.tournament.betting : null;
  if (!betting?.open) return 'no tournament betting is open: bets are taken once the round of 16 is set, until it starts';
  if (!betting.candidates.includes(target)) return `general ${target} is not in the round of 16; bet on one of ${betting.candidates.join(', ')}`;
  if (!Number.isInteger(amount) || amount < MIN_BET) return `a bet is a whole amount of gold, at least ${MIN_BET}`;
  const staked = betting.bets.reduce((sum, b) => sum + (b.generalId === general.id ? b.amount : 0), 0);
  if (staked + amount > MAX_BET_TOTAL) return `${general.name} may stake ${MAX_BET_TOTAL - staked} more gold on this betting (at most ${MAX_BET_TOTAL} in all)`;
  if (general.gold < MIN_GOLD_KEPT + amount) return `${general.name} has ${general.gold} gold; a bet of ${amount} needs ${MIN_GOLD_KEPT + amount} (${MIN_GOLD_KEPT} are kept)`;
  return null;
}

/** A stake: paid at once, added to an earlier stake on the same general. */
export function placeBet(world: World, general: General, target: number, amount: number): void {
  const tournament = world.tournament!;
  const bets = tournament.betting!.bets;
  const row = bets.find((b) => b.generalId === general.id && b.target === target);
  if (row) row.amount += amount;
  else bets.push({ generalId: general.id, target, amount });
  general.gold -= amount;
  addRecord(tournament, general.id, 'betgold', amount);
}

/**
 * The winner is known (legacy `giveReward` of a one-pick betting): the whole pot goes to those
 * who picked the winner, in proportion to their stakes; when nobody did, nobody is paid.
 */
export function payBets(world: World, winner: number): void {
  const tournament = world.tournament!;
  const betting = tournament.betting;
  if (!betting) return;
  betting.open = false;
  const pot = betting.bets.reduce((sum, b) => sum + b.amount, 0);
  const winning = betting.bets.filter((b) => b.target === winner);
  const staked = winning.reduce((sum, b) => sum + b.amount, 0);
  if (staked === 0) return;
  const name = tournamentKind(tournament.kind).name;
  for (const bet of winning) {
    const gambler = world.generals.get(bet.generalId);
    if (!gambler) continue;
    const reward = phpRound(bet.amount * (pot / staked));
    gambler.gold += reward;
    // The betting records are players': npc 0, or a possessed NPC (npc 1) that has staked before.
    if (gambler.npc === 0 || (gambler.npc === 1 && recordOf(tournament, gambler.id, 'betgold') > 0)) {
      addRecord(tournament, gambler.id, 'betwingold', reward);
      addRecord(tournament, gambler.id, 'betwin', 1);
    }
    generalLog(world, gambler.id, `${name}의 베팅 당첨 보상으로 ${phpNumberFormat(reward, 0, ',')}의 금 획득!`);
  }
}
