import { GameLog, type Json } from '@chronicle/engine';
import { Equals, IsBoolean, IsDateString, IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import type { SnapshotV1 } from '../snapshot/requests.v1';
import { IsJsonValue, IsSeat, IsTableId } from '../validators';

/**
 * What may be known of a table in play, served by the snapshot service, the one service
 * that replays every move with the game's rules (the log service runs none). Requests go to
 * `views.v1.state`; move events go out on `public.moves.<table>`. A finished table is
 * wholly public, and so is every table of a game that declares no views (the engine's
 * `viewState`/`viewMove`).
 */
export const ViewSubjects = {
  state: 'views.v1.state',
} as const;

/**
 * A table's current state as the caller may see it: the public view, or with `seat` and its
 * `seatToken` (from the gateway) that seat's view. `whole: true` asks for the whole state,
 * which only a finished table (or a game without views) gives; a table in play answers
 * `FORBIDDEN`. `since`: the revision of the view the caller holds (the game may leave out
 * what only grows and was there then). `minRevision` + `waitMs` wait for a revision.
 */
export class GetViewV1 {
  @Equals(1) v!: 1;
  @IsTableId() tableId!: string;
  @IsOptional() @IsString() @Length(1, 64) seat?: string;
  @IsOptional() @IsString() @Length(1, 4_096) seatToken?: string;
  @IsOptional() @IsBoolean() whole?: boolean;
  @IsOptional() @IsInt() @Min(0) @Max(GameLog.MAX_MOVES) since?: number;
  @IsOptional() @IsInt() @Min(0) @Max(GameLog.MAX_MOVES) minRevision?: number;
  @IsOptional() @IsInt() @Min(0) @Max(10_000) waitMs?: number;
}

/**
 * The reply: where the table stands, as a snapshot reply says it, and `view`, the engine's
 * `StateView` (`visibility` full, public or seat, the table's frame and the game's `data`),
 * gzipped and base64-encoded as a snapshot is (read it with `decodeSnapshot`): a world's view
 * may not fit one NATS message as plain JSON.
 */
export interface ViewV1 extends Omit<SnapshotV1, 'snapshot'> {
  visibility: 'full' | 'public' | 'seat';
  view: string;
}

/**
 * One log entry as the public may know it, on `public.moves.<table>` (JetStream stream
 * `<prefix>_PUBLIC`, `Nats-Msg-Id` `<table>:<seq>`), published by the snapshot service as it
 * applies the entry. A `move` of a table in play carries `told` (what the game lets anyone
 * learn of it: the engine's `viewMove` for the public) and neither seat nor payload; the
 * move that ends a table, and every move of a game without views, carries them in full. An
 * `undo` says which move was taken back. Entries arrive in `seq` order per table and may
 * repeat after a rebuild: a subscriber keeps the highest `seq` it has seen.
 */
export class PublicMoveEventV1 {
  @Equals(1) v!: 1;
  @IsIn(['move', 'undo']) kind!: 'move' | 'undo';
  @IsTableId() tableId!: string;
  @IsInt() @Min(1) seq!: number;
  @IsInt() @Min(0) revision!: number;
  @IsInt() @Min(1) number!: number;
  @IsIn(['full', 'public']) visibility!: 'full' | 'public';
  /** For `visibility: 'full'`: the move as the log keeps it. */
  @IsOptional() @IsSeat() seat?: string | null;
  @IsOptional() @IsJsonValue() payload?: Json;
  @IsOptional() @IsBoolean() random?: boolean;
  /** For `visibility: 'public'`: what the game tells anyone of the move. */
  @IsOptional() @IsJsonValue() told?: Json;
  /** When the log service recorded the entry (absent when the snapshot service read it from the log on a catch-up). */
  @IsOptional() @IsDateString({ strict: true }) recordedAt?: string;
}

/** The message id of a public move event: one per log entry. */
export const publicMoveMsgId = (tableId: string, seq: number): string => `${tableId}:${seq}`;
