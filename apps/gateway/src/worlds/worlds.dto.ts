import { AVAILABLE_PERSONALITIES, GameConst } from '@chronicle/sammo';
import { IsIn, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';

const { defaultStatMin: MIN, defaultStatMax: MAX } = GameConst;

/**
 * Joining a world (the legacy's General/Join, and 빙의): `create` a general with a name, the
 * three stats (each 15–80, at most 165 together, before the 3–5 bonus points the rules add)
 * and a personality (성격; left out or `Random`: drawn), or `possess` an unowned NPC. The
 * name's width (1–18 columns, a Hangul syllable 2), its cleaning, the total and the world's
 * limit are the game's rules, which answer in the legacy's words (422). No city is chosen:
 * the legacy offers that only for inheritance points, which no account carries here.
 */
export class JoinDto {
  @IsIn(['create', 'possess'], { message: 'mode must be "create" (a new general) or "possess" (an NPC)' }) mode!: 'create' | 'possess';
  @ValidateIf((o: JoinDto) => o.mode === 'create') @IsString() @MinLength(1) @MaxLength(64) name?: string;
  @ValidateIf((o: JoinDto) => o.mode === 'create') @IsInt() @Min(MIN) @Max(MAX) leadership?: number;
  @ValidateIf((o: JoinDto) => o.mode === 'create') @IsInt() @Min(MIN) @Max(MAX) strength?: number;
  @ValidateIf((o: JoinDto) => o.mode === 'create') @IsInt() @Min(MIN) @Max(MAX) intel?: number;
  @IsOptional() @IsIn([...AVAILABLE_PERSONALITIES, 'Random']) personality?: string;
  @ValidateIf((o: JoinDto) => o.mode === 'possess') @IsInt() @Min(1) generalId?: number;
}

/** Any move of the game for the caller's seat (libs/sammo's README lists them), e.g. `{ "type": "reserve", … }`. */
export class IntentDto {
  @IsObject({ message: 'move must be a JSON object with a "type"' }) move!: Record<string, unknown>;
}
