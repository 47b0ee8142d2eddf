import type { Json } from '@chronicle/engine';
import { Controller, Headers, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { SignedIn } from '../accounts/accounts.service';
import { ValidBody } from '../http/body';
import { Caller, SessionGuard } from '../http/session.guard';
import { NationAmountDto, NationAppointDto, NationExpelDto, NationFlagDto, NationPermissionDto, NationTextDto } from './moves.dto';
import { WorldPlay } from './world-play';
import { sendMove, type WriteAnswer } from './writes';

/**
 * The settings a nation's chief changes (the legacy's Nation API), each one move judged by
 * the game's rules: a chief (officer level 5 and up) or the ambassador, else 권한이 부족합니다.
 * (422); the bounds and their refusals are the rules' (libs/sammo `nation-settings.ts`). The
 * members read the result in their seat view (`GET /nation`); the public does not. Beside
 * them the ruler's permissions and the chiefs' personnel page (임명, 추방).
 */
@Controller('api/v1/worlds')
@UseGuards(SessionGuard)
export class NationController {
  constructor(private readonly play: WorldPlay) {}

  /** Nation/SetRate: 세율, 5–30 %. */
  @Post(':world/nation/rate')
  rate(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(NationAmountDto) b: NationAmountDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, { type: 'setRate', amount: b.amount });
  }

  /** Nation/SetBill: 지급률, 20–200 %. */
  @Post(':world/nation/bill')
  bill(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(NationAmountDto) b: NationAmountDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, { type: 'setBill', amount: b.amount });
  }

  /** Nation/SetSecretLimit: 기밀 권한, the years of service (1–99) from which a plain member reads the nation's secrets. */
  @Post(':world/nation/secret-limit')
  secretLimit(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(NationAmountDto) b: NationAmountDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, { type: 'setSecretLimit', amount: b.amount });
  }

  /** Nation/SetBlockWar: 전쟁 금지 (true) or allowed; each change spends one of the nation's (the month gives them back). */
  @Post(':world/nation/block-war')
  blockWar(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(NationFlagDto) b: NationFlagDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, { type: 'setBlockWar', value: b.value });
  }

  /** Nation/SetBlockScout: 임관 금지 (true) or allowed. */
  @Post(':world/nation/block-scout')
  blockScout(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(NationFlagDto) b: NationFlagDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, { type: 'setBlockScout', value: b.value });
  }

  /** Nation/SetNotice: 국가 방침, plain text (a page shows it escaped). */
  @Post(':world/nation/notice')
  notice(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(NationTextDto) b: NationTextDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, { type: 'setNotice', msg: b.msg });
  }

  /** Nation/SetScoutMsg: 임관 권유문, plain text. */
  @Post(':world/nation/scout-message')
  scoutMessage(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(NationTextDto) b: NationTextDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, { type: 'setScoutMsg', msg: b.msg });
  }

  /** j_general_set_permission: the ruler names 외교권자 (at most two) or 조언자; the list replaces the holders. */
  @Post(':world/nation/permissions')
  permissions(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(NationPermissionDto) b: NationPermissionDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, { type: 'setPermission', permission: b.permission, generalIds: b.generalIds });
  }

  /**
   * j_myBossInfo 임명: a chief appoints a member to a city office (2–4, with `destCityId`) or a
   * chief seat (5–11); `destGeneralId` 0 empties the seat (libs/sammo `officers.ts`).
   */
  @Post(':world/nation/officers')
  appoint(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(NationAppointDto) b: NationAppointDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, { type: 'appoint', officerLevel: b.officerLevel, destGeneralId: b.destGeneralId, destCityId: b.destCityId ?? 0 });
  }

  /** j_myBossInfo 추방: a chief expels a member (once a quarter after the opening years). */
  @Post(':world/nation/expel')
  expel(@Caller() c: SignedIn, @Param('world') w: string, @ValidBody(NationExpelDto) b: NationExpelDto, @Headers('idempotency-key') k: string | undefined, @Res({ passthrough: true }) res: Response) {
    return this.send(c, w, k, res, { type: 'expel', destGeneralId: b.destGeneralId });
  }

  private send(caller: SignedIn, world: string, key: string | undefined, res: Response, move: Json): Promise<WriteAnswer> {
    return sendMove(this.play, caller, world, key, move, res);
  }
}
