import { IsIn, IsInt, IsObject, IsOptional, IsString, Length, Max, Min, ValidateIf } from 'class-validator';

/**
 * Joining a world (the legacy's General/Join, and 빙의): `create` a general with a name, the
 * three stats (each 15–80, at most 150 together) and a city (or none: a random one), or
 * `possess` an unowned NPC. The game's rules judge it and answer in the legacy's words.
 */
export class JoinDto {
  @IsIn(['create', 'possess'], { message: 'mode must be "create" (a new general) or "possess" (an NPC)' }) mode!: 'create' | 'possess';
  @ValidateIf((o: JoinDto) => o.mode === 'create') @IsString() @Length(1, 18, { message: '이름은 1~18자입니다 (name: 1 to 18 characters)' }) name?: string;
  @ValidateIf((o: JoinDto) => o.mode === 'create') @IsInt() @Min(15) @Max(80) leadership?: number;
  @ValidateIf((o: JoinDto) => o.mode === 'create') @IsInt() @Min(15) @Max(80) strength?: number;
  @ValidateIf((o: JoinDto) => o.mode === 'create') @IsInt() @Min(15) @Max(80) intel?: number;
  @IsOptional() @IsInt() @Min(1) cityId?: number;
  @ValidateIf((o: JoinDto) => o.mode === 'possess') @IsInt() @Min(1) generalId?: number;
}

/** Any move of the game for the caller's seat (libs/sammo's README lists them), e.g. `{ "type": "reserve", … }`. */
export class IntentDto {
  @IsObject({ message: 'move must be a JSON object with a "type"' }) move!: Record<string, unknown>;
}
