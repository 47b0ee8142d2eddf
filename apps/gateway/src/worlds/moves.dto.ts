import { Type } from 'class-transformer';
import {
  ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Max, Min, NotEquals, ValidateNested,
} from 'class-validator';

/** Reserve a command into queue slots (Command/ReserveCommand; NationCommand/ReserveCommand with the chief's 12 slots). */
export class ReserveDto {
  @IsString() @Length(1, 64) command!: string;
  @IsOptional() arg?: unknown;
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(30) @IsInt({ each: true }) @Min(0, { each: true }) @Max(29, { each: true }) slots!: number[];
}

/** Several reservations at once (Command/ReserveBulkCommand): all or none. */
export class ReserveBulkDto {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(30) @ValidateNested({ each: true }) @Type(() => ReserveDto) reservations!: ReserveDto[];
}

/** Push the queue back by `amount` turns, or pull it forward with a negative one (Command/PushCommand). */
export class PushDto {
  @IsInt() @Min(-12) @Max(12) @NotEquals(0, { message: '0은 불가능합니다 (amount: turns to push back, or negative to pull forward)' }) amount!: number;
}

/** Repeat the first `amount` turns over the queue (Command/RepeatCommand). */
export class RepeatDto {
  @IsInt() @Min(1) @Max(12) amount!: number;
}

/** Drop the item of a slot (General/DropItem). */
export class DropItemDto {
  @IsIn(['horse', 'weapon', 'book', 'item'], { message: 'itemType must be "horse", "weapon", "book" or "item"' }) itemType!: string;
}

/** Found a troop and lead it (Troop/NewTroop). */
export class TroopNameDto {
  @IsString() @Length(1, 18, { message: '부대 이름은 1~18자입니다 (name: 1 to 18 characters)' }) name!: string;
}

/** Send a member away from the caller's troop (Troop/KickFromTroop). */
export class KickDto {
  @IsInt() @Min(1) memberId!: number;
}

/** Put up rice for gold (`buyRice`) or gold for rice (`sellRice`) (Auction/OpenBuyRiceAuction, OpenSellRiceAuction). */
export class OpenAuctionDto {
  @IsIn(['buyRice', 'sellRice'], { message: 'kind must be "buyRice" (rice for gold) or "sellRice" (gold for rice)' }) kind!: 'buyRice' | 'sellRice';
  @IsInt() @Min(1) amount!: number;
  @IsInt() @Min(1) closeTurnCnt!: number;
  @IsInt() @Min(1) startBidAmount!: number;
  @IsInt() @Min(1) finishBidAmount!: number;
}

/** Bid on an open auction (Auction/BidBuyRiceAuction, BidSellRiceAuction). */
export class BidDto {
  @IsInt() @Min(1) amount!: number;
}

/** Bet gold on a general of the tournament's round of 16 (Betting/Bet). */
export class BetDto {
  @IsInt() @Min(1) target!: number;
  @IsInt() @Min(1) amount!: number;
}

/** Whether recruiting may draw the general into an empty tournament seat (자동참여). */
export class AutoEntryDto {
  @IsBoolean() auto!: boolean;
}

/** Answer a diplomatic or scout letter sent to the caller (the message buttons). */
export class AnswerLetterDto {
  @IsBoolean() accept!: boolean;
}

/** The legacy's ExecuteEngine guard: a client that names another server (world) is told so. */
export class ExecuteDto {
  @IsOptional() @IsString() @Length(1, 64) serverID?: string;
}

/** A nation's rate (세율 5–30 %), salary (지급률 20–200 %) or secret limit (기밀 권한 1–99 years): the game's rules judge the range. */
export class NationAmountDto {
  @IsInt() amount!: number;
}

/** 전쟁 금지 or 임관 금지: true forbids, false allows. */
export class NationFlagDto {
  @IsBoolean() value!: boolean;
}

/** The ruler names its 외교권자 (`ambassador`, at most two) or 조언자 (`auditor`): the list replaces the holders, empty clears them. */
export class NationPermissionDto {
  @IsIn(['ambassador', 'auditor']) permission!: 'ambassador' | 'auditor';
  @IsArray() @ArrayMaxSize(100) @IsInt({ each: true }) generalIds!: number[];
}

/** An appointment (임명): a city office (2 종사, 3 군사, 4 태수) of `destCityId`, or a chief seat (5–11); `destGeneralId` 0 empties it. */
export class NationAppointDto {
  @IsInt() officerLevel!: number;
  @IsInt() destGeneralId!: number;
  @IsOptional() @IsInt() destCityId?: number;
}

/** An expulsion (추방) of a member of the nation. */
export class NationExpelDto {
  @IsInt() destGeneralId!: number;
}

/** A nation's notice (국가 방침, at most 16,384 characters) or scout message (임관 권유문, at most 1,000), plain text. */
export class NationTextDto {
  @IsString() msg!: string;
}

/** A message (Message/SendMessage): `mailbox` 9999 everyone, 9000 + a nation, or a general's id; the game's rules judge the text (1 to 2,000 characters). */
export class SendMessageDto {
  @IsInt() @Min(1) mailbox!: number;
  @IsString() text!: string;
}
