import type { Json } from '@chronicle/engine';
import { Controller, Headers, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { SignedIn } from '../accounts/accounts.service';
import { NoBody, ValidBody } from '../http/body';
import { badInput } from '../http/refusals';
import { Caller, SessionGuard } from '../http/session.guard';
import {
  AnswerLetterDto, AutoEntryDto, BetDto, BidDto, DropItemDto, KickDto, OpenAuctionDto, PushDto, RepeatDto, ReserveBulkDto, ReserveDto, TroopNameDto,
} from './moves.dto';
import { WorldPlay } from './world-play';
import { sendMove, type WriteAnswer } from './writes';

/** A route's `:id` (a troop, an auction, a letter): a positive whole number. */
function idParam(field: string, value: string): number {
  const n = Number(value);
  if (!/^\d{1,9}$/.test(value) || n < 1) throw badInput(field, `${field} must be a positive whole number`);
  return n;
}

const reservation = (r: ReserveDto): Json => ({ command: r.command, arg: (r.arg ?? null) as Json, slots: r.slots });

/**
 * The typed writes a player needs, each one move of the game for the caller's general (the
 * legacy's Command, NationCommand, General, Troop, Auction and Betting groups). The game's
 * rules judge each and refuse in the legacy's words (422); a malformed body is a 400 naming
 * the field. Every write takes an `Idempotency-Key` and answers as `POST /intents` does.
 */
@Controller('api/v1/worlds')
@UseGuards(SessionGuard)
export class MovesController {
  constructor(private readonly play: WorldPlay) {}

  /** Command/ReserveBulkCommand: several reservations at once, all or none. */
  @Post(':world/commands/reserve-bulk')
  reserveBulk(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(ReserveBulkDto) b: ReserveBulkDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'reserveBulk', reservations: b.reservations.map(reservation) }));
  }

  /** Command/PushCommand: the queue pushed back `amount` turns (negative: pulled forward). */
  @Post(':world/commands/push')
  push(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(PushDto) b: PushDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'pushQueue', amount: b.amount }));
  }

  /** Command/RepeatCommand: the first `amount` turns repeated over the queue. */
  @Post(':world/commands/repeat')
  repeat(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(RepeatDto) b: RepeatDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'repeatQueue', amount: b.amount }));
  }

  /** NationCommand/ReserveCommand: a nation command into the chief's queue (slots 0–11). */
  @Post(':world/nation/commands/reserve')
  reserveNation(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(ReserveDto) b: ReserveDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'reserveNation', ...(reservation(b) as object) } as Json));
  }

  /** NationCommand/ReserveBulkCommand. */
  @Post(':world/nation/commands/reserve-bulk')
  reserveNationBulk(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(ReserveBulkDto) b: ReserveBulkDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'reserveBulk', nation: true, reservations: b.reservations.map(reservation) }));
  }

  /** NationCommand/PushCommand. */
  @Post(':world/nation/commands/push')
  pushNation(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(PushDto) b: PushDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'pushQueue', nation: true, amount: b.amount }));
  }

  /** NationCommand/RepeatCommand. */
  @Post(':world/nation/commands/repeat')
  repeatNation(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(RepeatDto) b: RepeatDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'repeatQueue', nation: true, amount: b.amount }));
  }

  /** General/DropItem. */
  @Post(':world/general/drop-item')
  dropItem(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(DropItemDto) b: DropItemDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'dropItem', itemType: b.itemType }));
  }

  /** General/InstantRetreat (접경귀환), where the scenario offers it. */
  @Post(':world/general/instant-retreat')
  instantRetreat(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(NoBody) _: NoBody, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'instantRetreat' }));
  }

  /** Troop/NewTroop: found a troop and lead it. */
  @Post(':world/troops')
  createTroop(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(TroopNameDto) b: TroopNameDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'createTroop', name: b.name }));
  }

  /** Troop/JoinTroop: a troop of the caller's nation, by its leader's id. */
  @Post(':world/troops/:troop/join')
  joinTroop(@Caller() c: SignedIn, @Param('world') w: string, @Param('troop') troop: string, @ValidBody(NoBody) _: NoBody, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'joinTroop', troopId: idParam('troop', troop) }));
  }

  /** Troop/ExitTroop: leave the troop (its leader leaving disbands it). */
  @Post(':world/troops/leave')
  leaveTroop(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(NoBody) _: NoBody, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'leaveTroop' }));
  }

  /** Troop/KickFromTroop: the leader sends a member away. */
  @Post(':world/troops/kick')
  kick(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(KickDto) b: KickDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'kickFromTroop', memberId: b.memberId }));
  }

  /** Troop/SetTroopName (and Nation/SetTroopName for the ruler). */
  @Post(':world/troops/:troop/name')
  renameTroop(@Caller() c: SignedIn, @Param('world') w: string, @Param('troop') troop: string, @ValidBody(TroopNameDto) b: TroopNameDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'renameTroop', troopId: idParam('troop', troop), name: b.name }));
  }

  /** Auction/OpenBuyRiceAuction, OpenSellRiceAuction. */
  @Post(':world/auctions')
  openAuction(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(OpenAuctionDto) b: OpenAuctionDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({
      type: 'openAuction', kind: b.kind, amount: b.amount, closeTurnCnt: b.closeTurnCnt, startBidAmount: b.startBidAmount, finishBidAmount: b.finishBidAmount,
    }));
  }

  /** Auction/BidBuyRiceAuction, BidSellRiceAuction. */
  @Post(':world/auctions/:auction/bids')
  bid(@Caller() c: SignedIn, @Param('world') w: string, @Param('auction') auction: string, @ValidBody(BidDto) b: BidDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'bidAuction', auctionId: idParam('auction', auction), amount: b.amount }));
  }

  /** Betting/Bet: gold on a general of the tournament's round of 16. */
  @Post(':world/tournament/bets')
  bet(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(BetDto) b: BetDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'betTournament', target: b.target, amount: b.amount }));
  }

  /** Enter the tournament while it recruits. */
  @Post(':world/tournament/join')
  joinTournament(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(NoBody) _: NoBody, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'joinTournament' }));
  }

  /** 자동참여 / 수동참여. */
  @Post(':world/tournament/auto-entry')
  autoEntry(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(AutoEntryDto) b: AutoEntryDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'tournamentAutoEntry', auto: b.auto }));
  }

  /** Answer a diplomatic letter (a chief) or a scout letter (its general): accept runs the answer at once. */
  @Post(':world/letters/:letter/answer')
  answerLetter(@Caller() c: SignedIn, @Param('world') w: string, @Param('letter') letter: string, @ValidBody(AnswerLetterDto) b: AnswerLetterDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, ({ type: 'answerLetter', letterId: idParam('letter', letter), accept: b.accept }));
  }

  private send(caller: SignedIn, world: string, key: string | undefined, res: Response, move: Json): Promise<WriteAnswer> {
    return sendMove(this.play, caller, world, key, move, res);
  }
}
