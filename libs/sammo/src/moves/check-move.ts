import { IllegalMove, type GameState, type Json, type Seat } from '@chronicle/engine';
import { findCommand } from '../commands/registry';
import { offersCommand } from '../world/command-lists';
import type { AnyCommand } from '../commands/command';
import { contextFor, firstFailure } from '../commands/feasible';
import { LiteHashDRBG } from '../rng/lite-hash-drbg';
import { RandUtil } from '../rng/rand-util';
import { LETTER_ANSWERS } from '../commands/nation/diplomacy-letters';
import { acceptScout } from '../commands/general/scout';
import { instantRetreat, nearestOwnCities } from '../commands/general/instant-retreat';
import { GameConst } from '../world/constants';
import type { General, ScoutLetter, World } from '../world/types';
import type { SammoMove } from './move-types';
import { generalField, ownGeneral, stringField } from './move-fields';
import { checkTroopMove, TROOP_MOVE_TYPES } from './troop-moves';
import { checkInvaderMove, INVADER_MOVE_TYPES } from './invader-moves';
import { checkOperatorMove, OPERATOR_MOVE_TYPES } from './operator-moves';
import { checkQueueMove, QUEUE_MOVE_TYPES } from './queue-moves';
import { checkSetNationPolicy } from './nation-policy-move';
import { checkNationSetting, NATION_SETTING_TYPES } from './nation-settings';
import { checkSetPermission } from './set-permission';
import { checkSendMessage } from './messages';
import { checkAppoint, checkExpel } from './officers';
import { checkCreateGeneral } from './create-general';
import { whyNotJoin } from '../tournament/entry';
import { whyNotBet } from '../tournament/betting';
import { whyNotOpen, type AuctionLot } from '../auction/open';
import { whyNotBid } from '../auction/bid';

const MAX_BUDGET = 10_000_000;
/** Constraints never draw; checking a move has no stream of its own to give them. */
const NO_DRAWS = new RandUtil(new LiteHashDRBG('check-move: constraints draw nothing'));

/** The moves by which a seat joins a world in play. */
const JOINING_MOVES = new Set(['createGeneral', 'possess']);

/** Reads a move and checks it against the world; throws `IllegalMove` with what to fix, changes nothing. */
export function checkMove(state: Readonly<GameState<World>>, seat: Seat, payload: Json): SammoMove {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new IllegalMove('a move is an object with a "type"');
  const world = state.data;
  // A world takes players while it plays: a seat not at the table joins by creating or
  // possessing a general (the move seats it); anything else is refused until it has.
  if (seat !== null && !state.order.seats.includes(seat) && !JOINING_MOVES.has(payload.type as string)) {
    throw new IllegalMove(`seat ${seat} is not at table ${state.tableId}: join first (createGeneral or possess)`);
  }
  switch (payload.type) {
    case 'advance': {
      if (seat !== null) throw new IllegalMove('only the table (the clock) advances time');
      const until = payload.until;
      if (typeof until !== 'number' || !Number.isSafeInteger(until) || until < 0) throw new IllegalMove('advance.until must be a time in epoch milliseconds');
      const budget = payload.budget ?? MAX_BUDGET;
      if (typeof budget !== 'number' || !Number.isSafeInteger(budget) || budget < 1 || budget > MAX_BUDGET) {
        throw new IllegalMove(`advance.budget must be a whole number of general turns from 1 to ${MAX_BUDGET}`);
      }
      return { type: 'advance', until, budget };
    }
    case 'reserve': {
      const general = ownGeneral(world, seat, payload.generalId);
      const command = findCommand('general', stringField(payload.command, 'reserve.command'));
      refuseUnoffered(world, command);
      const arg = payload.arg ?? null;
      command.readArg(arg, world);
      return { type: 'reserve', generalId: general.id, command: command.key, arg, slots: readSlots(payload.slots, GameConst.maxTurn) };
    }
    case 'reserveNation': {
      const general = ownGeneral(world, seat, payload.generalId);
      const nation = world.nations.get(general.nation);
      if (!nation || general.officerLevel < 5) throw new IllegalMove(`${general.name} is not a chief (officer level 5 or more) of a nation`);
      if (!nation.chiefQueues[general.officerLevel]) throw new IllegalMove(`${nation.name} has no chief queue for level ${general.officerLevel}`);
      const command = findCommand('nation', stringField(payload.command, 'reserveNation.command'));
      refuseUnoffered(world, command);
      const arg = payload.arg ?? null;
      command.readArg(arg, world);
      return {
        type: 'reserveNation', generalId: general.id, nationId: nation.id, level: general.officerLevel,
        command: command.key, arg, slots: readSlots(payload.slots, GameConst.maxChiefTurn),
      };
    }
    case 'createGeneral':
      if (seat === null) throw new IllegalMove('a general is created for a player seat');
      return checkCreateGeneral(world, seat, payload);
    case 'possess': {
      if (seat === null) throw new IllegalMove('a general is possessed by a player seat');
      if (ownedBy(world, seat)) throw new IllegalMove(`이미 등록하셨습니다! (seat ${seat} already plays a general)`);
      const general = generalField(world, payload.generalId);
      if (general.owner !== null || general.npc < 2 || general.npc === 5) throw new IllegalMove(`${general.name} is not an unowned NPC`);
      return { type: 'possess', generalId: general.id };
    }
    case 'autorun': {
      const general = ownGeneral(world, seat, payload.generalId);
      const months = payload.months;
      if (typeof months !== 'number' || !Number.isInteger(months) || months < 0 || months > 120) throw new IllegalMove('autorun.months must be from 0 (off) to 120');
      return { type: 'autorun', generalId: general.id, months };
    }
    case 'answerLetter': {
      const general = ownGeneral(world, seat, payload.generalId);
      const letterId = payload.letterId;
      const scoutLetter = world.scoutLetters.find((l) => l.id === letterId);
      if (scoutLetter) return checkScoutAnswer(world, general, scoutLetter, payload.accept);
      const letter = world.letters.find((l) => l.id === letterId);
      if (!letter) throw new IllegalMove(`there is no letter ${String(letterId)} awaiting an answer`);
      if (general.nation !== letter.toNation || general.officerLevel < 5) throw new IllegalMove(`${general.name} is not a chief of the nation the letter was sent to`);
      if (letter.validUntil < world.env.turntime) throw new IllegalMove(`letter ${letter.id} has expired`);
      if (typeof payload.accept !== 'boolean') throw new IllegalMove('answerLetter.accept must be true or false');
      if (payload.accept) {
        // A refused acceptance leaves the log untouched: the reason is the command's.
        const answer = LETTER_ANSWERS[letter.kind];
        const reason = firstFailure(contextFor(world, general, NO_DRAWS), answer, { letter });
        if (reason !== null) throw new IllegalMove(`${answer.name} 실패: ${reason}`);
      }
      return { type: 'answerLetter', generalId: general.id, letterId: letter.id, accept: payload.accept };
    }
    case 'joinTournament': {
      const general = ownGeneral(world, seat, payload.generalId);
      refuseWith(whyNotJoin(world, general));
      return { type: 'joinTournament', generalId: general.id };
    }
    case 'betTournament': {
      const general = ownGeneral(world, seat, payload.generalId);
      const { target, amount } = payload;
      if (typeof target !== 'number' || !Number.isInteger(target)) throw new IllegalMove('betTournament.target must be the id of a general in the round of 16');
      if (typeof amount !== 'number') throw new IllegalMove('betTournament.amount must be an amount of gold');
      refuseWith(whyNotBet(world, general, target, amount));
      return { type: 'betTournament', generalId: general.id, target, amount };
    }
    case 'tournamentAutoEntry': {
      const general = ownGeneral(world, seat, payload.generalId);
      if (!world.tournament) throw new IllegalMove('tournaments are not enabled on this table (table option "tournaments")');
      if (typeof payload.auto !== 'boolean') throw new IllegalMove('tournamentAutoEntry.auto must be true or false');
      return { type: 'tournamentAutoEntry', generalId: general.id, auto: payload.auto };
    }
    case 'openAuction': {
      const general = ownGeneral(world, seat, payload.generalId);
      const { kind } = payload;
      if (kind !== 'buyRice' && kind !== 'sellRice') throw new IllegalMove('openAuction.kind must be "buyRice" (rice for gold) or "sellRice" (gold for rice)');
      const [amount, closeTurnCnt, startBidAmount, finishBidAmount] = (['amount', 'closeTurnCnt', 'startBidAmount', 'finishBidAmount'] as const).map((key) => {
        const value = payload[key];
        if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new IllegalMove(`openAuction.${key} must be a whole number`);
        return value;
      }) as [number, number, number, number];
      const lot: AuctionLot = { kind, amount, closeTurnCnt, startBidAmount, finishBidAmount };
      refuseWith(whyNotOpen(world, general, lot));
      return { type: 'openAuction', generalId: general.id, ...lot };
    }
    case 'bidAuction': {
      const general = ownGeneral(world, seat, payload.generalId);
      const { auctionId, amount } = payload;
      if (typeof auctionId !== 'number' || !Number.isSafeInteger(auctionId)) throw new IllegalMove('bidAuction.auctionId must be the id of an open auction');
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) throw new IllegalMove('bidAuction.amount must be a whole number');
      refuseWith(whyNotBid(world, general, auctionId, amount));
      return { type: 'bidAuction', generalId: general.id, auctionId, amount };
    }
    case 'setNationPolicy':
      return checkSetNationPolicy(world, seat, payload);
    case 'instantRetreat': {
      const general = ownGeneral(world, seat, payload.generalId);
      if (!world.env.instantRetreat) throw new IllegalMove('접경귀환을 사용할 수 없는 시나리오입니다. (the scenario does not set const.availableInstantAction.instantRetreat)');
      const reason = firstFailure(contextFor(world, general, NO_DRAWS), instantRetreat, null);
      if (reason !== null) throw new IllegalMove(`${reason} ${instantRetreat.name} 실패.`);
      if (nearestOwnCities(world, general).length === 0) throw new IllegalMove('가까운 아국 도시가 없습니다. (no own supplied city within 3 steps)');
      return { type: 'instantRetreat', generalId: general.id };
    }
    case 'sendMessage':
      return checkSendMessage(world, seat, payload);
    case 'setPermission':
      return checkSetPermission(world, seat, payload);
    case 'appoint':
      return checkAppoint(world, seat, payload);
    case 'expel':
      return checkExpel(world, seat, payload);
    default:
      if (TROOP_MOVE_TYPES.includes(payload.type as never)) return checkTroopMove(world, seat, payload);
      if (INVADER_MOVE_TYPES.includes(payload.type as never)) return checkInvaderMove(world, seat, payload);
      if (OPERATOR_MOVE_TYPES.includes(payload.type as never)) return checkOperatorMove(world, seat, payload);
      if (QUEUE_MOVE_TYPES.includes(payload.type as never)) return checkQueueMove(world, seat, payload);
      if (NATION_SETTING_TYPES.includes(payload.type as never)) return checkNationSetting(world, seat, payload);
      throw new IllegalMove(
        `move type must be advance, reserve, reserveNation, createGeneral, possess, autorun, answerLetter, joinTournament, betTournament, tournamentAutoEntry, openAuction, bidAuction, setNationPolicy, instantRetreat, sendMessage, setPermission, appoint, expel, ${QUEUE_MOVE_TYPES.join(', ')}, ${INVADER_MOVE_TYPES.join(', ')}, ${OPERATOR_MOVE_TYPES.join(', ')}, ${NATION_SETTING_TYPES.join(', ')} or ${TROOP_MOVE_TYPES.join(', ')}`,
      );
  }
}

/** The receiver answers a scout letter; accepting must pass 등용수락's conditions. */
function checkScoutAnswer(world: World, general: General, letter: ScoutLetter, accept: Json | undefined): SammoMove {
  if (general.id !== letter.toGeneral) throw new IllegalMove(`scout letter ${letter.id} was sent to another general`);
  if (typeof accept !== 'boolean') throw new IllegalMove('answerLetter.accept must be true or false');
  if (accept) {
    const reason = firstFailure(contextFor(world, general, NO_DRAWS), acceptScout, { letter });
    if (reason !== null) throw new IllegalMove(`${acceptScout.name} 실패: ${reason}`);
  }
  return { type: 'answerLetter', generalId: general.id, letterId: letter.id, accept };
}

function refuseWith(reason: string | null): void {
  if (reason !== null) throw new IllegalMove(reason);
}

function ownedBy(world: World, seat: string): General | undefined {
  for (const g of world.generals.values()) if (g.owner === seat) return g;
  return undefined;
}

function readSlots(value: Json | undefined, length: number): number[] {
  if (!Array.isArray(value) || value.length === 0) throw new IllegalMove(`slots must be a non-empty list of queue slots from 0 to ${length - 1}`);
  const slots = value.map((v) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= length) throw new IllegalMove(`slots must be queue slots from 0 to ${length - 1}`);
    return v;
  });
  if (new Set(slots).size !== slots.length) throw new IllegalMove('slots lists a slot twice');
  return slots;
}

/** Legacy `ReserveCommand`: a command the game's lists do not hold cannot be reserved. */
function refuseUnoffered(world: World, command: AnyCommand): void {
  if (!offersCommand(world, command.kind, command.key)) {
    throw new IllegalMove(`${command.key} (${command.name}) is not offered in this game: its scenario's command lists (const.available${command.kind === 'general' ? 'General' : 'Chief'}Command) do not name it`);
  }
}
