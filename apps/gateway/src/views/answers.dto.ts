import { Type } from 'class-transformer';
import { Allow, IsArray, IsBoolean, IsInt, IsNumber, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

// The answers of the reads a client builds on, as the OpenAPI document describes them
// (`@Answers`): each class's rules are the JSON the route returns.

/** Where a read was made: the world, its chapter's table and the revision it was read at (send it back as `since`). */
export class ReadFrameAnswer {
  @IsString() worldId!: string;
  @IsString() tableId!: string;
  @IsInt() @Min(0) revision!: number;
}

/** One command of the table: whether the general may choose it now, and if not, the first condition it fails. */
export class CommandChoiceAnswer {
  @JSONSchema({ description: 'the legacy key a reservation names (`command`), e.g. che_징병' })
  @IsString() key!: string;
  @JSONSchema({ description: 'the name players read, e.g. 징병' })
  @IsString() name!: string;
  @IsString() id!: string;
  @JSONSchema({ description: 'whether a reservation sends an `arg` (a city, a crew type, an amount…)' })
  @IsBoolean() needsArg!: boolean;
  @JSONSchema({ description: 'whether it can be chosen now; one that needs an argument is judged by the conditions that do not read it' })
  @IsBoolean() possible!: boolean;
  @JSONSchema({ type: ['string', 'null'], description: 'the first failing condition in the legacy\'s words (e.g. 재야입니다.); null when possible' })
  @IsString() reason!: string | null;
}

/** General/GetCommandTable and the chief's getChiefCommandTable, for the caller's general. */
export class CommandTableAnswer extends ReadFrameAnswer {
  @JSONSchema({ description: 'the world\'s general commands in the legacy\'s order (its categories flattened)' })
  @IsArray() @ValidateNested({ each: true }) @Type(() => CommandChoiceAnswer) general!: CommandChoiceAnswer[];
  @JSONSchema({ type: ['array', 'null'], description: 'the nation commands of a chief (officer level 5 and up, its own 12-turn queue); null for others' })
  @IsArray() @ValidateNested({ each: true }) @Type(() => CommandChoiceAnswer) chief!: CommandChoiceAnswer[] | null;
}

/** One message as its reader gets it (legacy GetRecentMessage's rows). */
export class MessageAnswer {
  @IsInt() @Min(1) id!: number;
  @JSONSchema({ enum: ['public', 'national', 'diplomacy', 'private'] })
  @IsString() kind!: string;
  @JSONSchema({ description: 'the sender\'s general, its name and nation (0: a wanderer) when it wrote' })
  @IsInt() from!: number;
  @IsString() fromName!: string;
  @IsInt() fromNation!: number;
  @JSONSchema({ description: 'private: the general it is for; national and diplomacy: the nation; public: 0' })
  @IsInt() to!: number;
  @JSONSchema({ description: 'plain text (a page shows it escaped); a diplomatic message below secret permission 3 reads (외교 메시지입니다)' })
  @IsString() text!: string;
  @JSONSchema({ description: 'the world\'s turn time (epoch ms) when it was sent' })
  @IsInt() at!: number;
  @JSONSchema({ enum: [true], description: 'present when its words are hidden from the reader' })
  @IsOptional() @IsBoolean() masked?: true;
}

/** The mailboxes the caller's general reads (Message/GetRecentMessage), each its newest 15, oldest first. */
export class MailboxAnswer extends ReadFrameAnswer {
  @IsArray() @ValidateNested({ each: true }) @Type(() => MessageAnswer) public!: MessageAnswer[];
  @JSONSchema({ description: 'to its nation (a wanderer\'s: to 재야)' })
  @IsArray() @ValidateNested({ each: true }) @Type(() => MessageAnswer) national!: MessageAnswer[];
  @JSONSchema({ description: 'between its nation and another' })
  @IsArray() @ValidateNested({ each: true }) @Type(() => MessageAnswer) diplomacy!: MessageAnswer[];
  @JSONSchema({ description: 'sent by it or to it' })
  @IsArray() @ValidateNested({ each: true }) @Type(() => MessageAnswer) private!: MessageAnswer[];
}

/** The highest bid of an open auction (the outbid ones are not listed). */
export class AuctionBidAnswer {
  @IsInt() @Min(1) amount!: number;
  @JSONSchema({ description: 'the game clock (epoch ms) when it was placed' })
  @IsInt() date!: number;
  @IsInt() @Min(1) generalId!: number;
  @JSONSchema({ type: ['string', 'null'], description: 'null for a bidder no longer in the world' })
  @IsString() generalName!: string | null;
}

/** An open resource auction (legacy GetActiveResourceAuctionList's rows). */
export class AuctionAnswer {
  @IsInt() @Min(1) id!: number;
  @JSONSchema({ enum: ['buyRice', 'sellRice'], description: 'buyRice: 쌀 경매 (rice put up, gold bid); sellRice: 금 경매 (gold put up, rice bid)' })
  @IsString() kind!: string;
  @JSONSchema({ description: 'the host general; 0 is the merchant (상인)' })
  @IsInt() @Min(0) hostGeneralId!: number;
  @JSONSchema({ type: ['string', 'null'] })
  @IsString() hostName!: string | null;
  @JSONSchema({ description: 'game clock, epoch ms' })
  @IsInt() openDate!: number;
  @JSONSchema({ description: 'game clock, epoch ms: a bid keeps it open at least term/6 minutes more; a bid at the finish price closes it a turn later' })
  @IsInt() closeDate!: number;
  @IsInt() @Min(1) amount!: number;
  @IsInt() @Min(1) startBidAmount!: number;
  @IsInt() @Min(1) finishBidAmount!: number;
  @JSONSchema({ anyOf: [{ $ref: '#/components/schemas/AuctionBidAnswer' }, { type: 'null' }], description: 'null before the first bid' })
  @Allow() highestBid!: AuctionBidAnswer | null;
}

/** A log line as the views give it. */
export class LineAnswer {
  @IsInt() year!: number;
  @IsInt() month!: number;
  @IsString() scope!: string;
  @IsInt() subject!: number;
  @IsString() text!: string;
  @IsInt() @Min(0) move!: number;
}

/** Auction/GetActiveResourceAuctionList: the open lots by kind, each by close, and the house's 20 newest lines, oldest first. */
export class AuctionListAnswer extends ReadFrameAnswer {
  @JSONSchema({ description: 'the caller\'s general (the legacy\'s generalID)' })
  @IsInt() @Min(1) generalId!: number;
  @IsArray() @ValidateNested({ each: true }) @Type(() => AuctionAnswer) buyRice!: AuctionAnswer[];
  @IsArray() @ValidateNested({ each: true }) @Type(() => AuctionAnswer) sellRice!: AuctionAnswer[];
  @IsArray() @ValidateNested({ each: true }) @Type(() => LineAnswer) recentLogs!: LineAnswer[];
}

/** A seat of a group's table (b_tournament's rows), in the table's order. */
export class TournamentRowAnswer {
  @JSONSchema({ description: '0: a 무명장수 filling an empty seat' })
  @IsInt() @Min(0) generalId!: number;
  @IsInt() npc!: number;
  @IsString() name!: string;
  @JSONSchema({ description: 'the kind\'s column: 종합 (통+무+지), 통솔, 무력 or 지력' })
  @IsInt() stat!: number;
  @IsInt() games!: number;
  @IsInt() win!: number;
  @IsInt() draw!: number;
  @IsInt() lose!: number;
  @JSONSchema({ description: '승점: 3 a win, 1 a draw' })
  @IsInt() points!: number;
  @JSONSchema({ description: '득실' })
  @IsInt() gl!: number;
  @IsInt() prmt!: number;
}

/** A seat of the bracket. */
export class BracketSeatAnswer {
  @IsInt() @Min(0) generalId!: number;
  @IsInt() npc!: number;
  @IsString() name!: string;
  @IsInt() stat!: number;
  @IsBoolean() won!: boolean;
}

/** A candidate of the betting: everybody's stakes on it, summed. */
export class BettingCandidateAnswer {
  @IsInt() @Min(1) generalId!: number;
  @IsString() name!: string;
  @IsInt() npc!: number;
  @IsInt() @Min(0) total!: number;
  @JSONSchema({ type: ['number', 'null'], description: '배당률: all stakes / its stakes, to two places; null while nobody backs it' })
  @IsNumber() ratio!: number | null;
}

export class TournamentBettingAnswer {
  @IsInt() id!: number;
  @IsBoolean() open!: boolean;
  @IsInt() @Min(0) total!: number;
  @IsArray() @ValidateNested({ each: true }) @Type(() => BettingCandidateAnswer) candidates!: BettingCandidateAnswer[];
}

export class TournamentFightAnswer {
  @IsInt() grp!: number;
  @IsArray() @IsString({ each: true }) lines!: string[];
}

/** The tournament as every general reads it (b_tournament.php, b_betting.php): no general's own stake. */
export class TournamentBoardAnswer {
  @JSONSchema({ description: '0 none, 1 recruiting, 2 qualifiers, 3 draw, 4 finals groups, 5 seeding, 6 betting, 7–10 the knockout rounds' })
  @IsInt() stage!: number;
  @JSONSchema({ description: 'the legacy\'s words: 경기 없음, 참가 모집중, … 결승 진행중' })
  @IsString() stageName!: string;
  @IsInt() phase!: number;
  @IsInt() kind!: number;
  @JSONSchema({ description: '전력전, 통솔전, 일기토 or 설전' })
  @IsString() kindName!: string;
  @IsString() statName!: string;
  @JSONSchema({ description: 'epoch ms of the next step' })
  @IsInt() nextStep!: number;
  @JSONSchema({ type: ['string', 'null'], description: '개막시간, 다음경기, 다음추첨, 16강배정 or 베팅마감; null with none running' })
  @IsString() nextStepLabel!: string | null;
  @IsInt() stepSeconds!: number;
  @IsInt() entryFee!: number;
  @JSONSchema({ type: 'array', items: { type: 'array', items: { $ref: '#/components/schemas/TournamentRowAnswer' } }, description: '조별 예선, groups 0–7' })
  @IsArray() qualifiers!: TournamentRowAnswer[][];
  @JSONSchema({ type: 'array', items: { type: 'array', items: { $ref: '#/components/schemas/TournamentRowAnswer' } }, description: '조별 본선, groups 10–17' })
  @IsArray() finals!: TournamentRowAnswer[][];
  @JSONSchema({
    type: 'array', items: { type: 'array', items: { oneOf: [{ $ref: '#/components/schemas/BracketSeatAnswer' }, { type: 'null' }] } },
    description: 'from the winner\'s row (1 seat) to the round of 16 (16 seats); null where the page prints -',
  })
  @IsArray() bracket!: (BracketSeatAnswer | null)[][];
  @IsArray() @ValidateNested({ each: true }) @Type(() => TournamentFightAnswer) fights!: TournamentFightAnswer[];
  @JSONSchema({ anyOf: [{ $ref: '#/components/schemas/TournamentBettingAnswer' }, { type: 'null' }], description: 'null before the round of 16 is set' })
  @Allow() betting!: TournamentBettingAnswer | null;
}

/** The public tournament read. */
export class TournamentAnswer extends ReadFrameAnswer {
  @ValidateNested() @Type(() => TournamentBoardAnswer) tournament!: TournamentBoardAnswer;
}

export class OwnBetAnswer {
  @IsInt() @Min(1) target!: number;
  @IsInt() @Min(1) amount!: number;
}

/** The caller's own part of the tournament (b_tournament's 참가, b_betting's 내 투자 금액). */
export class OwnTournamentAnswer extends ReadFrameAnswer {
  @IsBoolean() entered!: boolean;
  @JSONSchema({ description: 'whether recruiting may draw its general into an empty seat (자동참여)' })
  @IsBoolean() autoEntry!: boolean;
  @IsArray() @ValidateNested({ each: true }) @Type(() => OwnBetAnswer) bets!: OwnBetAnswer[];
  @JSONSchema({ description: 'its general\'s gold (the legacy\'s remainPoint)' })
  @IsInt() gold!: number;
}
