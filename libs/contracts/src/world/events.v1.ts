import type { Outcome } from '@chronicle/engine';
import { Equals, IsDateString, IsIn, IsInt, IsOptional, Matches, Min, ValidateIf } from 'class-validator';
import { IsOutcome, IsTableId } from '../validators';

const HEX_64 = /^[0-9a-f]{64}$/;

export const WorldEventKinds = ['chapter-opened', 'finished'] as const;
export type WorldEventKind = (typeof WorldEventKinds)[number];

/**
 * A world's life, on `worlds.<world>` (JetStream stream `<prefix>_WORLDS`, `Nats-Msg-Id`
 * {@link worldEventMsgId}). A world is a chain of chapters, each a table (see the engine's
 * chapters); a subscriber that follows a world moves to the table each `chapter-opened`
 * names, which starts from the final state of the table before (`previousTableId`). The
 * scheduler publishes them: `chapter-opened` once a chapter's table is open (chapter 1
 * included), `finished` with the game's outcome when the last chapter ends the game.
 */
export class WorldEventV1 {
  @Equals(1) v!: 1;
  @IsIn(WorldEventKinds) kind!: WorldEventKind;
  /** The world's id: one subject token, like a table id. */
  @IsTableId() worldId!: string;
  /** The chapter's number, from 1. */
  @IsInt() @Min(1) chapter!: number;
  /** The chapter's table. */
  @IsTableId() tableId!: string;
  /** The commitment published when the chapter's table opened. */
  @Matches(HEX_64) commitment!: string;
  /** The table of the chapter before, or null for the first. */
  @ValidateIf((_, v) => v !== null) @IsTableId() previousTableId!: string | null;
  /** For `finished`: how the game ended. */
  @IsOptional() @IsOutcome() outcome?: Outcome;
  @IsDateString({ strict: true }) recordedAt!: string;
}

/** The `Nats-Msg-Id` of a world event: one per world, chapter and kind. */
export function worldEventMsgId(worldId: string, chapter: number, kind: WorldEventKind): string {
  return `${worldId}:${chapter}:${kind}`;
}
