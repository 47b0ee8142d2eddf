import { ServiceConfig } from '@chronicle/service-kit';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';

/**
 * The gateway's environment. `HTTP_PORT` (from `ServiceConfig`) is the internal port of
 * /health and /metrics; players reach `PUBLIC_PORT`, which serves only `/api/v1`.
 */
export class GatewayConfig extends ServiceConfig {
  /** The players' port (the API under /api/v1); 0 picks a free port (logged at start). */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535) PUBLIC_PORT = 8080;
  @IsString() DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/chronicle_gateway';
  @Type(() => Number) @IsInt() @Min(1) @Max(200) DB_POOL_SIZE = 10;
  /** Create/update the gateway's NATS resources at start (it has none of its own today). */
  @IsIn(['true', 'false']) NATS_PROVISION = 'false';
  /**
   * scrypt's cost of new password hashes, as log2(N) (r 8, p 1). OWASP's floor is 17
   * (128 MiB, ~0.3 s a sign-in); tests and benchmarks lower it. A stored hash keeps its own.
   */
  @Type(() => Number) @IsInt() @Min(10) @Max(20) PASSWORD_SCRYPT_LOG2N = 17;
  /** How long a session (cookie or bearer token) lives without being used. */
  @Type(() => Number) @IsInt() @Min(1) @Max(24 * 365) SESSION_TTL_HOURS = 24 * 14;
  /**
   * Mark the session cookie `Secure` (sent over HTTPS only). Keep `true` behind TLS; `npm start`
   * on plain http://127.0.0.1 sets `false`.
   */
  @IsIn(['true', 'false']) COOKIE_SECURE = 'true';
  /** Largest request body accepted, in bytes (a larger one is 413). */
  @Type(() => Number) @IsInt() @Min(1_024) @Max(1_048_576) MAX_BODY_BYTES = 16_384;
}
