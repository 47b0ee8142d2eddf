import type { JsonObject, Json, Outcome } from '@chronicle/engine';
import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A table's header: everything a table is but its moves, with the secret seed. `revision`
 * (moves in the game log) and `lastSeq` (entries) are kept here so that the row can be
 * locked to serialize appends, and read without scanning the entries.
 */
@Entity({ name: 'game_tables' })
export class TableHeaderRow {
  @PrimaryColumn({ name: 'table_id', type: 'text' }) tableId!: string;
  @Column({ name: 'game_id', type: 'text' }) gameId!: string;
  @Column({ name: 'rules_version', type: 'text' }) rulesVersion!: string;
  /** Secret until the table is finished: never logged, never published before the end. */
  @Column({ type: 'char', length: 64 }) seed!: string;
  @Column({ type: 'char', length: 64 }) commitment!: string;
  @Column({ type: 'jsonb' }) seats!: string[];
  @Column({ type: 'jsonb' }) options!: JsonObject;
  @Column({ type: 'text' }) status!: 'open' | 'finished';
  @Column({ type: 'jsonb', nullable: true }) outcome!: Outcome | null;
  @Column({ type: 'integer' }) revision!: number;
  @Column({ name: 'last_seq', type: 'integer' }) lastSeq!: number;
  @Column({ name: 'opened_at', type: 'timestamptz' }) openedAt!: Date;
  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true }) finishedAt!: Date | null;
  /** The signed checkpoint of the table's entry tree after its last entry (null until signed). */
  @Column({ type: 'text', nullable: true }) checkpoint!: string | null;
}

/**
 * One entry of the append-only log (a trigger refuses UPDATE and DELETE). A `move` appends
 * move `number`; an `undo` takes move `number` back. The game log is the fold of the entries.
 */
@Entity({ name: 'log_entries' })
@Index('log_entries_idempotency', ['tableId', 'idempotencyKey'], { unique: true, where: 'idempotency_key IS NOT NULL' })
export class LogEntryRow {
  @PrimaryColumn({ name: 'table_id', type: 'text' }) tableId!: string;
  @PrimaryColumn({ type: 'integer' }) seq!: number;
  @Column({ type: 'text' }) kind!: 'move' | 'undo';
  @Column({ type: 'integer' }) number!: number;
  /** The game-log revision after this entry. */
  @Column({ type: 'integer' }) revision!: number;
  @Column({ type: 'text', nullable: true }) seat!: string | null;
  @Column({ type: 'jsonb', nullable: true }) payload!: Json;
  @Column({ type: 'boolean' }) random!: boolean;
  @Column({ name: 'state_hash', type: 'char', length: 64, nullable: true }) stateHash!: string | null;
  @Column({ name: 'next_due_at', type: 'timestamptz', nullable: true }) nextDueAt!: Date | null;
  @Column({ name: 'idempotency_key', type: 'text', nullable: true }) idempotencyKey!: string | null;
  @Column({ name: 'recorded_at', type: 'timestamptz' }) recordedAt!: Date;
  /** The entry's leaf hash in its table's Merkle tree (`entryLeaf` of `@chronicle/engine`). */
  @Column({ type: 'bytea' }) leaf!: Buffer;
}

/**
 * Events to publish, written in the same transaction as the entry they announce. The relay
 * publishes pending rows in id order (per table, id order is commit order: appends to one
 * table hold its header row lock) and marks them published.
 */
@Entity({ name: 'outbox' })
export class OutboxRow {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  /** Logical subject; the relay adds the deployment prefix. */
  @Column({ type: 'text' }) subject!: string;
  /** `Nats-Msg-Id`: JetStream drops a repeat within the stream's duplicate window. */
  @Column({ name: 'msg_id', type: 'text' }) msgId!: string;
  /** The event's JSON, exactly as published. */
  @Column({ type: 'text' }) payload!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'published_at', type: 'timestamptz', nullable: true }) publishedAt!: Date | null;
}

export const entities = [TableHeaderRow, LogEntryRow, OutboxRow];
