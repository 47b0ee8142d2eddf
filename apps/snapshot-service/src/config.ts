import { ServiceConfig } from '@chronicle/service-kit';
import { Type } from 'class-transformer';
import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';

export class SnapshotServiceConfig extends ServiceConfig {
  /** Opens the seeds the log service hands over sealed; the same key as the log service's. */
  @Matches(/^[0-9a-f]{64}$/, { message: 'CHRONICLE_SEED_KEY must be 64 lowercase hex digits, shared with the log service' })
  CHRONICLE_SEED_KEY = '';
  /**
   * The log service's event public key (64 hex digits, printed by the log service at start):
   * entries not signed with it are refused. Empty checks only subjects and message ids.
   */
  @Matches(/^([0-9a-f]{64})?$/, { message: 'CHRONICLE_LOG_PUBLIC_KEY must be empty or 64 lowercase hex digits' })
  CHRONICLE_LOG_PUBLIC_KEY = '';
  /**
   * The snapshot service's own Ed25519 signing key (64 hex digits): it signs its quarantine
   * notices on `tables.<table>` with it; executors and the scheduler check them with its
   * public key (`CHRONICLE_SNAPSHOT_PUBLIC_KEY`). Empty publishes them unsigned (logged at start).
   */
  @Matches(/^([0-9a-f]{64})?$/, { message: 'CHRONICLE_SNAPSHOT_SIGNING_KEY must be empty or 64 lowercase hex digits (openssl rand -hex 32)' })
  CHRONICLE_SNAPSHOT_SIGNING_KEY = '';
  /**
   * The gateway's Ed25519 public key (64 hex digits), which signs players' seat tokens: a
   * seat's view (`views.v1.state` with `seat`) is served only to a token it signed. Empty:
   * no seat's view is served (the public view and finished tables still are).
   */
  @Matches(/^([0-9a-f]{64})?$/, { message: 'CHRONICLE_GATEWAY_PUBLIC_KEY must be empty or 64 lowercase hex digits' })
  CHRONICLE_GATEWAY_PUBLIC_KEY = '';
  /** Snapshots are written to the bucket at most this often per table (the log covers the gap). */
  @Type(() => Number) @IsInt() @Min(0) @Max(60_000) FLUSH_MS = 200;
  /** Tables whose state stays in memory (least recently used go first; they come back from the bucket). */
  @Type(() => Number) @IsInt() @Min(1) TABLE_CACHE_SIZE = 1_000;
  /** Moves between two progress lines of a long replay. */
  @Type(() => Number) @IsInt() @Min(100) REPLAY_PROGRESS_EVERY = 10_000;
  @Type(() => Number) @IsInt() @Min(100) LOG_TIMEOUT_MS = 10_000;
  /** Create/update the consumer and bucket at start; deployments run `provision.ts` as a step instead. */
  @IsIn(['true', 'false']) NATS_PROVISION = 'false';
}
