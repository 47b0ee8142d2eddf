import { ServiceConfig } from '@chronicle/service-kit';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, IsUrl, Length, Matches, Max, Min, ValidateIf } from 'class-validator';

/**
 * The gateway's environment. `HTTP_PORT` (from `ServiceConfig`) is the internal port of
 * /health and /metrics; players reach `PUBLIC_PORT`, which serves only `/api/v1`.
 */
export class GatewayConfig extends ServiceConfig {
  /** The players' port (the API under /api/v1); 0 picks a free port (logged at start). */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535) PUBLIC_PORT = 8080;
  @IsString() DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/chronicle_gateway';
  @Type(() => Number) @IsInt() @Min(1) @Max(200) DB_POOL_SIZE = 10;
  /** Create/update the stream the gateway reads (worlds) at start; deployments provision it as a step instead. */
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
  /**
   * The gateway's Ed25519 signing key (64 hex digits, `openssl rand -hex 32`): it signs the seat
   * proofs; the executors check them with its public key (`CHRONICLE_GATEWAY_PUBLIC_KEY`, logged at start).
   */
  @Matches(/^[0-9a-f]{64}$/, { message: 'CHRONICLE_GATEWAY_KEY must be 64 lowercase hex digits (openssl rand -hex 32); give its public key to the executors' })
  CHRONICLE_GATEWAY_KEY = '';
  /** How long a seat proof holds (the gateway signs a new one for each intent it sends). */
  @Type(() => Number) @IsInt() @Min(10_000) @Max(86_400_000) SEAT_PROOF_TTL_MS = 3_600_000;
  /** How long a write waits for a world's next chapter when its chapter closed under it. */
  @Type(() => Number) @IsInt() @Min(0) @Max(60_000) NEXT_CHAPTER_WAIT_MS = 5_000;
  /**
   * Which proxies' `X-Forwarded-For` names the client (Express's `trust proxy`: `loopback`, a
   * CIDR list, a hop count, or `false`). The address limits count by the client's address:
   * behind the web service's same-origin proxy, trust it (`npm start`: loopback).
   */
  @IsString() TRUST_PROXY = 'loopback';
  /** Requests a minute from one address (every route), and sign-ins and sign-ups a minute from one address. */
  @Type(() => Number) @IsInt() @Min(1) RATE_LIMIT_ADDRESS_PER_MIN = 600;
  @Type(() => Number) @IsInt() @Min(1) RATE_LIMIT_SIGN_IN_PER_MIN = 20;
  /** Requests a minute from one signed-in account. */
  @Type(() => Number) @IsInt() @Min(1) RATE_LIMIT_ACCOUNT_PER_MIN = 300;
  /** Live streams one account may hold open at once. */
  @Type(() => Number) @IsInt() @Min(1) @Max(100) MAX_STREAMS_PER_ACCOUNT = 5;
  /** ExecuteEngine: at most one request a world in this many milliseconds. */
  @Type(() => Number) @IsInt() @Min(100) @Max(600_000) EXECUTE_ENGINE_INTERVAL_MS = 2_000;
  /**
   * Largest request body accepted, in bytes (a larger one is 413): 64 KiB, so that a nation's
   * notice of the legacy's 16,384 characters fits in Korean (3 bytes a character in UTF-8).
   */
  @Type(() => Number) @IsInt() @Min(1_024) @Max(1_048_576) MAX_BODY_BYTES = 65_536;

  /**
   * Sign-in through an OpenID Connect provider (the authorization code flow with PKCE): its
   * issuer URL exactly as its discovery document names it (`<issuer>/.well-known/openid-configuration`);
   * empty, none is offered. With it: `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET` (empty for a
   * public client), `OIDC_REDIRECT_URI` (this gateway's `/api/v1/auth/oidc/callback` as the
   * browser reaches it, registered at the provider).
   */
  @ValidateIf((c: GatewayConfig) => c.OIDC_ISSUER !== '')
  @IsUrl({ require_tld: false, protocols: ['https', 'http'], require_protocol: true }, { message: 'OIDC_ISSUER must be the provider\'s issuer URL (https://…), or empty for no OIDC sign-in' })
  OIDC_ISSUER = '';
  @ValidateIf((c: GatewayConfig) => c.OIDC_ISSUER !== '')
  @IsString() @Length(1, 256, { message: 'OIDC_CLIENT_ID is required with OIDC_ISSUER: the client id the provider registered for this gateway' })
  OIDC_CLIENT_ID = '';
  @IsString() OIDC_CLIENT_SECRET = '';
  @ValidateIf((c: GatewayConfig) => c.OIDC_ISSUER !== '')
  @IsUrl({ require_tld: false, protocols: ['https', 'http'], require_protocol: true }, { message: 'OIDC_REDIRECT_URI is required with OIDC_ISSUER: this gateway\'s /api/v1/auth/oidc/callback as the browser reaches it, registered at the provider' })
  OIDC_REDIRECT_URI = '';
  /** The scopes asked for (`openid` first; `profile` gives a name to begin the username with). */
  @Matches(/^openid( [\x21-\x7e]+)*$/, { message: 'OIDC_SCOPES must begin with "openid", scopes separated by single spaces' })
  OIDC_SCOPES = 'openid profile';
  /** The provider's name on the sign-in button (e.g. 카카오). */
  @IsString() @Length(1, 64) OIDC_NAME = 'OpenID Connect';
  /** Where the browser goes once signed in through the provider (the page). */
  @Matches(/^(\/|https?:\/\/)/, { message: 'OIDC_AFTER_SIGN_IN must be a path (/…) or an http(s) URL' })
  OIDC_AFTER_SIGN_IN = '/';
}
