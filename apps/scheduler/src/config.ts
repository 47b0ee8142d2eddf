import { ServiceConfig } from '@chronicle/service-kit';
import { Type } from 'class-transformer';
import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';

export class SchedulerConfig extends ServiceConfig {
  /**
   * The log service's event public key (64 hex digits, printed by it at start): entries and
   * table events not signed with it are refused (dead-lettered) and the table is read from the
   * log instead. Empty checks subjects and message ids only (logged at start).
   */
  @Matches(/^([0-9a-f]{64})?$/, { message: 'CHRONICLE_LOG_PUBLIC_KEY must be empty or 64 lowercase hex digits' })
  CHRONICLE_LOG_PUBLIC_KEY = '';
  /** The snapshot service's public key: a quarantine notice not signed with it stops no ticks. */
  @Matches(/^([0-9a-f]{64})?$/, { message: 'CHRONICLE_SNAPSHOT_PUBLIC_KEY must be empty or 64 lowercase hex digits' })
  CHRONICLE_SNAPSHOT_PUBLIC_KEY = '';
  /** A due table that has not moved this long after its tick is ticked again (a lost tick, a dead executor)… */
  @Type(() => Number) @IsInt() @Min(100) @Max(600_000) RETICK_MS = 5_000;
  /** …then after twice as long each time, up to this… */
  @Type(() => Number) @IsInt() @Min(100) @Max(3_600_000) RETICK_MAX_MS = 60_000;
  /** …this many times; then it waits for its next event (a game with no clock never has anything due). */
  @Type(() => Number) @IsInt() @Min(1) @Max(1_000) RETICK_LIMIT = 10;
  /** Changed index entries are written to the bucket at most this often (a lost write only costs a re-tick). */
  @Type(() => Number) @IsInt() @Min(10) @Max(60_000) FLUSH_MS = 500;
  /** The longest the ticker sleeps between two looks at the index. */
  @Type(() => Number) @IsInt() @Min(10) @Max(60_000) MAX_SLEEP_MS = 1_000;
  /** Requests to the log and snapshot services when a world opens its next chapter. */
  @Type(() => Number) @IsInt() @Min(100) REQUEST_TIMEOUT_MS = 10_000;
  /** Create/update the streams, consumers and bucket at start; deployments run `provision.ts` as a step instead. */
  @IsIn(['true', 'false']) NATS_PROVISION = 'false';
}
