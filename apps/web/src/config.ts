import { ServiceConfig } from '@chronicle/service-kit';
import { Type } from 'class-transformer';
import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';

/**
 * The web view's environment. `HTTP_PORT` (from `ServiceConfig`) is the internal port of the
 * probes and /metrics; people reach `PUBLIC_PORT`: the page, its read API, the live feed and
 * the players' API forwarded to the gateway.
 */
export class WebConfig extends ServiceConfig {
  /** The page's port; 0 picks a free one (logged at start: `web page on port N`). */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535) PUBLIC_PORT = 8000;
  /**
   * The log service's event public key (64 hex digits, printed by the log service at start):
   * events not signed with it are refused. Empty checks only subjects and message ids.
   */
  @Matches(/^([0-9a-f]{64})?$/, { message: 'CHRONICLE_LOG_PUBLIC_KEY must be empty or 64 lowercase hex digits' })
  CHRONICLE_LOG_PUBLIC_KEY = '';
  /** The snapshot service's public key: its quarantine notices not signed with it are refused. */
  @Matches(/^([0-9a-f]{64})?$/, { message: 'CHRONICLE_SNAPSHOT_PUBLIC_KEY must be empty or 64 lowercase hex digits' })
  CHRONICLE_SNAPSHOT_PUBLIC_KEY = '';
  /** A world's state is read from the snapshot service at most this often (the feed of moves is immediate). */
  @Type(() => Number) @IsInt() @Min(50) @Max(60_000) REFRESH_MS = 1_000;
  /** Lines of live feed kept per table. */
  @Type(() => Number) @IsInt() @Min(10) @Max(10_000) FEED_SIZE = 200;
  /** How often live watchers get the worlds list. */
  @Type(() => Number) @IsInt() @Min(100) @Max(60_000) SUMMARY_MS = 2_000;
  @Type(() => Number) @IsInt() @Min(100) REQUEST_TIMEOUT_MS = 10_000;
  /**
   * The players' API (the gateway's public port, e.g. `http://gateway:8080`): the page's
   * `/api/v1/*` is forwarded there, so a browser talks to one origin (its session cookie and
   * CSRF header included). Empty: the page is a window onto worlds only, and `/api/v1`
   * answers 503 saying so.
   */
  @Matches(/^(https?:\/\/[^/\s?#]+)?$/, { message: 'GATEWAY_URL must be empty or an http(s) origin without a path, e.g. http://gateway:8080' })
  GATEWAY_URL = '';
  /** Create/update the consumers at start; deployments run `provision.ts` as a step instead. */
  @IsIn(['true', 'false']) NATS_PROVISION = 'false';
}
