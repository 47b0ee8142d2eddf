import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsString, Min, ValidateNested } from 'class-validator';
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
