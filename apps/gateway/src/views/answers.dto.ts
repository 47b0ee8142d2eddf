import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
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
