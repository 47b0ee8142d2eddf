import { ServiceConfig } from '@chronicle/service-kit';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, Min } from 'class-validator';

export class LogServiceConfig extends ServiceConfig {
  /**
   * AES-256 key (64 hex digits) shared with the trusted services (snapshot service): the
   * seed leaves this service only sealed with it. Generate one with `openssl rand -hex 32`.
   */
  @Matches(/^[0-9a-f]{64}$/, { message: 'CHRONICLE_SEED_KEY must be 64 lowercase hex digits, shared with the snapshot service' })
  CHRONICLE_SEED_KEY = '';
  /**
   * Ed25519 private key (64 hex digits) that signs every event this service publishes;
   * subscribers check with its public key (printed at start, see contracts "Authenticity").
   * Empty publishes unsigned events, which a subscriber holding the public key refuses.
   */
  @Matches(/^([0-9a-f]{64})?$/, { message: 'CHRONICLE_SIGNING_KEY must be empty or 64 lowercase hex digits (openssl rand -hex 32)' })
  CHRONICLE_SIGNING_KEY = '';
  @IsString() DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/chronicle';
  @Type(() => Number) @IsInt() @Min(1) @Max(200) DB_POOL_SIZE = 10;
  /** The relay publishes as soon as an append commits; this poll catches anything missed. */
  @Type(() => Number) @IsInt() @Min(10) OUTBOX_POLL_MS = 500;
  @Type(() => Number) @IsInt() @Min(1) @Max(5_000) OUTBOX_BATCH = 500;
  /** Tables whose state stays in memory (least recently used go first; they rebuild from the log). */
  @Type(() => Number) @IsInt() @Min(1) TABLE_CACHE_SIZE = 1_000;
  /** Most appends (of different tables) written in one statement and one commit. */
  @Type(() => Number) @IsInt() @Min(1) @Max(1_000) APPEND_BATCH_MAX = 100;
  /** Batched writes under way at once (each holds a database connection). */
  @Type(() => Number) @IsInt() @Min(1) @Max(50) APPEND_BATCH_CONCURRENCY = 2;
  /** Create/update the streams at start; deployments run `provision.ts` as a step instead. */
  @IsIn(['true', 'false']) NATS_PROVISION = 'false';
  /** Fault injection for crash tests: hold fetched outbox rows this long before publishing them. */
  @Type(() => Number) @IsInt() @Min(0) FAULT_PAUSE_AFTER_COMMIT_MS = 0;
  /** Fault injection for crash tests: hold published rows this long before marking them published. */
  @Type(() => Number) @IsInt() @Min(0) FAULT_PAUSE_AFTER_PUBLISH_MS = 0;
}
