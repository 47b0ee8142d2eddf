import { ServiceConfig } from '@chronicle/service-kit';
import { Type } from 'class-transformer';
import { IsIn, IsInt, Max, Min } from 'class-validator';

export class SchedulerConfig extends ServiceConfig {
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
