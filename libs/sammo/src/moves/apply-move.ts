import type { GameState, Randomness } from '@chronicle/engine';
import type { RandUtil } from '../rng/rand-util';
import { joinYearMonth } from '../world/clock';
import { chapterEnded, chapterOutcome } from '../turn/chapter';
import { advanceWorld } from '../turn/advance';
import { newRun } from '../state/turn-run';
import { makeGeneral } from './create-general';
import { generalLog, writingMove } from '../world/logbook';
import type { CommandContext } from '../commands/command';
import { LETTER_ANSWERS } from '../commands/nation/diplomacy-letters';
import { acceptScout, settleScoutLetter } from '../commands/general/scout';
import { instantRetreat } from '../commands/general/instant-retreat';
import { contextFor } from '../commands/feasible';
import type { World } from '../world/types';
import type { SammoMove } from './move-types';
import { applyTroopMove } from './troop-moves';
import { applyNationSetting } from './nation-settings';
import { applySetPermission } from './set-permission';
import { applySendMessage } from './messages';
import { applyAppoint, applyExpel } from './officers';
import { applyInvaderMove, settleAdvance } from './invader-moves';
import { applySetNationPolicy } from './nation-policy-move';
import { applyOperatorMove } from './operator-moves';
import { applyQueueMove } from './queue-moves';
import { withJosa } from '../world/josa';
import { joinTournament, setAutoEntry } from '../tournament/entry';
import { placeBet } from '../tournament/betting';
import { openAuction } from '../auction/open';
import { placeBid } from '../auction/bid';

/** A joining seat takes its place in the turn order, which the world's next chapters carry. */
function seatAtTable(state: GameState<World>, seat: string): void {
  if (!state.order.seats.includes(seat)) state.order.seats.push(seat);
}

/** Plays a checked move on the world, in place. */
export function applyMove(state: GameState<World>, seat: string | null, move: SammoMove, random: Randomness<RandUtil>): void {
  const world = state.data;
  // Every line this move writes is told as this move's (views/): the engine numbers it next.
  writingMove(world, state.revision + 1);
  switch (move.type) {
    case 'advance': {
      const unitedBefore = world.env.isunited;
      const report = advanceWorld(newRun(world, random, move.budget), move.until);
      world.env.generalTurns += report.generalTurns;
      state.turn = (world.env.year - world.env.startyear) * 12 + world.env.month;
      if (settleAdvance(state, unitedBefore)) return;
      if (chapterEnded(world.env)) {
        state.outcome = chapterOutcome(world.env);
        state.phase = 'chapter-end';
      }
      return;
    }
    case 'reserve': {
      const general = world.generals.get(move.generalId)!;
      // The log keeps the payload; the queue gets its own copy.
      for (const slot of move.slots) general.queue[slot] = { action: move.command, arg: structuredClone(move.arg) };
      return;
    }
    case 'reserveNation': {
      const queue = world.nations.get(move.nationId)!.chiefQueues[move.level]!;
      for (const slot of move.slots) queue[slot] = { action: move.command, arg: structuredClone(move.arg) };
      return;
    }
    case 'createGeneral':
      seatAtTable(state, seat!);
      // The legacy's stream is (hiddenSeed, 'MakeGeneral', user id, the clock); here the seat
      // and the world's turn time, which also stands for the clock.
      makeGeneral(world, seat!, move, random.stream('MakeGeneral', seat!, world.env.turntime), world.env.turntime);
      return;
    case 'possess': {
      seatAtTable(state, seat!);
      const general = world.generals.get(move.generalId)!;
      general.npcOrg = general.npc;
      general.npc = 1;
      general.owner = seat;
      general.ownerName = seat;
      general.killturn = world.env.killturn;
      // Legacy j_select_npc: a general taken over keeps no 외교권자/조언자 permission.
      delete general.permission;
      return;
    }
    case 'answerLetter': {
      const scoutLetter = world.scoutLetters.find((l) => l.id === move.letterId);
      if (scoutLetter) {
        if (move.accept) {
          const general = world.generals.get(move.generalId)!;
          const { year, month } = world.env;
          const ctx: CommandContext = {
            world, general, city: world.cities[general.city]!, nation: world.nations.get(general.nation), year, month,
            rng: random.stream('scoutLetter', scoutLetter.id),
          };
          acceptScout.run(ctx, { letter: scoutLetter });
        }
        settleScoutLetter(world, scoutLetter, move.accept);
        return;
      }
      const letter = world.letters.find((l) => l.id === move.letterId)!;
      world.letters = world.letters.filter((l) => l !== letter);
      const general = world.generals.get(move.generalId)!;
      if (!move.accept) {
        generalLog(world, letter.fromGeneral, `${withJosa(world.nations.get(letter.toNation)?.name ?? '', '이')} 제의를 거절했습니다.`);
        return;
      }
      const { year, month } = world.env;
      const ctx: CommandContext = {
        world, general, city: world.cities[general.city]!, nation: world.nations.get(general.nation), year, month,
        rng: random.stream('diplomacyLetter', letter.id),
      };
      LETTER_ANSWERS[letter.kind].run(ctx, { letter });
      return;
    }
    case 'autorun': {
      const general = world.generals.get(move.generalId)!;
      if (move.months === 0) delete general.aux.autorunLimit;
      else general.aux.autorunLimit = joinYearMonth(world.env.year, world.env.month) + move.months;
      return;
    }
    case 'joinTournament':
      joinTournament(world, world.generals.get(move.generalId)!, random);
      return;
    case 'betTournament':
      placeBet(world, world.generals.get(move.generalId)!, move.target, move.amount);
      return;
    case 'tournamentAutoEntry':
      setAutoEntry(world.tournament!, move.generalId, move.auto);
      return;
    case 'openAuction': {
      const house = world.auctions!;
      const { kind, amount, closeTurnCnt, startBidAmount, finishBidAmount } = move;
      openAuction(house, world.generals.get(move.generalId)!, { kind, amount, closeTurnCnt, startBidAmount, finishBidAmount }, world.env.turnterm, house.now);
      return;
    }
    case 'bidAuction':
      placeBid(world, world.generals.get(move.generalId)!, move.auctionId, move.amount);
      return;
    case 'raiseInvaders':
    case 'declineInvaders':
      applyInvaderMove(state, move, random);
      return;
    case 'setNationPolicy':
      applySetNationPolicy(world, move);
      return;
    case 'block':
    case 'operatorLog':
    case 'changeTurnTerm':
      applyOperatorMove(world, move);
      return;
    case 'instantRetreat': {
      const general = world.generals.get(move.generalId)!;
      const { year, month } = world.env;
      // Legacy InstantRetreat's own stream: (hiddenSeed, 'InstantRetreat', general, year, month, city).
      const rng = random.stream('InstantRetreat', general.id, year, month, general.city);
      instantRetreat.run(contextFor(world, general, rng), null);
      return;
    }
    case 'pushQueue':
    case 'repeatQueue':
    case 'reserveBulk':
    case 'dropItem':
      applyQueueMove(world, move);
      return;
    case 'setRate':
    case 'setBill':
    case 'setSecretLimit':
    case 'setBlockWar':
    case 'setBlockScout':
    case 'setNotice':
    case 'setScoutMsg':
      applyNationSetting(world, move);
      return;
    case 'sendMessage':
      applySendMessage(world, move);
      return;
    case 'setPermission':
      applySetPermission(world, move);
      return;
    case 'appoint':
      applyAppoint(world, move);
      return;
    case 'expel':
      applyExpel(world, move, random);
      return;
    default:
      applyTroopMove(world, move);
  }
}
