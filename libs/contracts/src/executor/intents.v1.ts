import type { Json } from '@chronicle/engine';
import {
  Equals, IsDateString, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min, ValidateBy, ValidateIf,
  type ValidationOptions,
} from 'class-validator';
import { IsJsonValue, IsSeat, IsTableId } from '../validators';

/**
 * Player intents: what a player (or a service acting for one) asks a table to do. The
 * game's own moves travel as `payload` (for the strategy game: `reserve`,
 * `reserveNation`, `createGeneral`, `possess`, `autorun`, `answerLetter` and the troop moves
 * `createTroop`, `joinTroop`, `leaveTroop`, `kickFromTroop`, `renameTroop`, the tournament moves
 * `joinTournament`, `betTournament`, `tournamentAutoEntry`, the auction moves `openAuction`,
 * `bidAuction`, `instantRetreat` (접경귀환, where the scenario offers it), a ruler's
 * `setNationPolicy` (the nation AI's policy), and the invader game's `raiseInvaders`, `declineInvaders`); `kind: 'undo'` asks to take the seat's last move back. The executors judge them with the game's rules; nothing here
 * knows a game.
 *
 * Flow: `executor.v1.submit-intent` (request) validates at the door and puts an
 * {@link IntentV1} on `intents.<table>` (JetStream, `Nats-Msg-Id` {@link intentMsgId});
 * once the reply says `pending` (or carries the outcome) the intent is durable. An executor
 * steps it, appends the move (idempotency key {@link intentAppendKey}) or refuses it, and
 * records the {@link IntentOutcomeV1} under the intent's key, where
 * `executor.v1.intent-outcome` reads it. A second submit with the same key returns the
 * first outcome and changes nothing.
 */

/** An intent key: one KV key token (it names the outcome), chosen by the submitter. */
export const INTENT_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const IntentKinds = ['move', 'undo'] as const;
export type IntentKind = (typeof IntentKinds)[number];
/** How long a request may wait for an outcome. */
export const MAX_INTENT_WAIT_MS = 10_000;

function IsIntentPayload(options?: ValidationOptions): PropertyDecorator {
  const json = IsJsonValue();
  return (target, property) => {
    json(target, property);
    ValidateBy({
      name: 'isIntentPayload',
      validator: {
        validate: (value: unknown, args) => (args?.object as { kind?: string }).kind !== 'undo' || value === null,
        defaultMessage: () => 'payload must be null for an undo',
      },
    }, options)(target, property);
  };
}

/** The request on `executor.v1.submit-intent`. */
export class SubmitIntentV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  /** Idempotency: the same key on the same table is one intent, whatever is sent again. */
  @Matches(INTENT_KEY_PATTERN, { message: 'intentKey must be 1 to 100 letters, digits, "_" or "-"' }) intentKey!: string;
  /** The player's seat (intents never act as the table itself). */
  @IsString() @Length(1, 64) seat!: string;
  @IsIn(IntentKinds) kind!: IntentKind;
  /** The game move for `move`; null for `undo`. */
  @IsIntentPayload() payload!: Json;
  /** Wait up to this long for the outcome before answering (0 or absent: answer once durable). */
  @IsOptional() @IsInt() @Min(0) @Max(MAX_INTENT_WAIT_MS) waitMs?: number;
  /**
   * The gateway's word that the submitter plays `seat` (`issueSeatToken`); required where the
   * executors hold the gateway's public key, and then `seat` must be the token's (`SeatGate`).
   */
  @IsOptional() @IsString() @Length(1, 2_048) seatToken?: string;
}

/**
 * An accepted submit, on `intents.<table>` (JetStream work queue `<prefix>_INTENTS`). A null
 * seat is the table itself: an operator's move, which only the scheduler's operator desk
 * queues (players submit through `executor.v1.submit-intent`, whose seat is never null, and
 * deployments let no player publish here).
 */
export class IntentV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  @Matches(INTENT_KEY_PATTERN) intentKey!: string;
  @IsSeat() seat!: string | null;
  @IsIn(IntentKinds) kind!: IntentKind;
  @IsIntentPayload() payload!: Json;
  @IsDateString({ strict: true }) submittedAt!: string;
}

/** The request on `executor.v1.intent-outcome`. */
export class GetIntentOutcomeV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  @Matches(INTENT_KEY_PATTERN, { message: 'intentKey must be 1 to 100 letters, digits, "_" or "-"' }) intentKey!: string;
  @IsOptional() @IsInt() @Min(0) @Max(MAX_INTENT_WAIT_MS) waitMs?: number;
}

export const IntentStatuses = ['pending', 'accepted', 'refused'] as const;
export type IntentStatus = (typeof IntentStatuses)[number];

/**
 * What became of an intent; the reply of both intent requests and the value recorded in the
 * `intent_outcomes` bucket (key `<table>.<intentKey>`). `pending`: durable but not decided
 * yet (or, for a query, nothing recorded under the key). `accepted`: appended as move
 * `revision` (entry `seq`; for an undo, `revision` is the revision after it). `refused`:
 * the game's `code` and `reason`; nothing was appended.
 */
export class IntentOutcomeV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  @Matches(INTENT_KEY_PATTERN) intentKey!: string;
  @IsIn(IntentStatuses) status!: IntentStatus;
  @ValidateIf((_, v) => v !== null) @IsInt() @Min(0) revision!: number | null;
  @ValidateIf((_, v) => v !== null) @IsInt() @Min(1) seq!: number | null;
  @ValidateIf((_, v) => v !== null) @IsString() @Length(1, 64) code!: string | null;
  @ValidateIf((_, v) => v !== null) @IsString() @Length(1, 4_000) reason!: string | null;
  @ValidateIf((_, v) => v !== null) @IsDateString({ strict: true }) decidedAt!: string | null;
}

/**
 * The refusal code of an intent that reached a world's chapter after the chapter ended: not
 * the game's judgement of the move. The world goes on in its next chapter, where a submitter
 * (the gateway) sends it again under the same key.
 */
export const CHAPTER_CLOSED = 'CHAPTER_CLOSED';

/** The `Nats-Msg-Id` of an intent on `intents.<table>`. */
export function intentMsgId(tableId: string, intentKey: string): string {
  return `${tableId}:${intentKey}`;
}

/** The idempotency key of the log entry an intent becomes (distinct from the executors' own keys). */
export function intentAppendKey(intentKey: string): string {
  return `intent:${intentKey}`;
}

/** The key of an intent's outcome in the `intent_outcomes` bucket. */
export function intentOutcomeKey(tableId: string, intentKey: string): string {
  return `${tableId}.${intentKey}`;
}
