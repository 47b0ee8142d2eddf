import { Controller, Get, HttpStatus, Query, Redirect, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { GatewayConfig } from '../config';
import { badInput, notFound, Refusal } from '../http/refusals';
import { AccountsService } from './accounts.service';
import { OidcClient, OidcRefused, OidcUnavailable, type OidcFlow } from './oidc';
import { gatewayCookie, Sessions } from './sessions';

/** The cookie that ties a sign-in's return to the browser that began it (its `state`). */
const FLOW_COOKIE = 'chronicle_oidc';
const FLOW_PATH = '/api/v1/auth/oidc';
/** How long a sign-in at the provider may take. */
const FLOW_TTL_S = 600;

const stateHash = (state: string): string => createHash('sha256').update(state).digest('hex');

/** The flow cookie of a request, if any. */
function flowCookie(req: Request): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === FLOW_COOKIE) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * Sign-in through the deployment's OpenID Connect provider (the legacy signs in with Kakao):
 * the authorization code flow with PKCE, state and nonce, for browsers. `start` sends the
 * browser to the provider; `callback` takes it back, proves the ID token, and opens a cookie
 * session for the account of that issuer and subject (made at its first sign-in), then sends
 * the browser on to `OIDC_AFTER_SIGN_IN`.
 */
@Controller('api/v1/auth/oidc')
export class OidcController {
  private readonly client: OidcClient | null;

  constructor(private readonly config: GatewayConfig, private readonly db: DataSource, private readonly accounts: AccountsService, private readonly sessions: Sessions) {
    this.client = config.OIDC_ISSUER === '' ? null : new OidcClient({
      issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET === '' ? null : config.OIDC_CLIENT_SECRET,
      redirectUri: config.OIDC_REDIRECT_URI, scopes: config.OIDC_SCOPES,
    });
  }

  /** Whether this deployment signs in through a provider, and its name for the button. */
  @Get()
  info(): { enabled: boolean; name: string | null; start: string | null } {
    return this.client ? { enabled: true, name: this.config.OIDC_NAME, start: `${FLOW_PATH}/start` } : { enabled: false, name: null, start: null };
  }

  /** Sends the browser to the provider (303), keeping the flow's state in a cookie and its nonce and PKCE verifier here. */
  @Get('start')
  @Redirect()
  async start(@Res({ passthrough: true }) res: Response): Promise<{ url: string; statusCode: number }> {
    const { url, flow } = await this.attempt((client) => client.begin());
    await this.db.query('DELETE FROM oidc_flows WHERE expires_at < now()');
    await this.db.query(
      `INSERT INTO oidc_flows (state_hash, nonce, code_verifier, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [stateHash(flow.state), flow.nonce, flow.verifier, FLOW_TTL_S],
    );
    res.append('Set-Cookie', gatewayCookie(this.config, FLOW_COOKIE, flow.state, FLOW_PATH, FLOW_TTL_S));
    return { url, statusCode: HttpStatus.SEE_OTHER };
  }

  /** The provider's answer: the flow found by its state (this browser's, used once), the code exchanged, the account signed in. */
  @Get('callback')
  @Redirect()
  async callback(
    @Req() req: Request, @Res({ passthrough: true }) res: Response,
    @Query('code') code?: string, @Query('state') state?: string, @Query('iss') iss?: string, @Query('error') error?: string,
  ): Promise<{ url: string; statusCode: number }> {
    res.append('Set-Cookie', gatewayCookie(this.config, FLOW_COOKIE, '', FLOW_PATH, 0));
    if (error !== undefined) throw new Refusal(HttpStatus.UNAUTHORIZED, 'OIDC_REFUSED', `외부 로그인이 취소되었거나 거부되었습니다 (the provider answered ${error.slice(0, 100)}: sign in again)`);
    if (typeof code !== 'string' || code.length === 0 || code.length > 4_096) throw badInput('code', 'code: the provider\'s authorization code is missing');
    if (typeof state !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(state)) throw badInput('state', 'state: missing or not one this gateway made');
    // The state is this browser's (login CSRF: another's answer cannot sign this browser in), and the flow is used once.
    if (flowCookie(req) !== state) throw new Refusal(HttpStatus.UNAUTHORIZED, 'OIDC_REFUSED', '로그인 요청이 이 브라우저의 것이 아닙니다 (the sign-in was not begun in this browser, or took over 10 minutes: sign in again)');
    const rows = await this.db.query<Array<{ nonce: string; code_verifier: string }>>(
      // As a SELECT: TypeORM answers a bare DELETE … RETURNING as [rows, count].
      `WITH used AS (DELETE FROM oidc_flows WHERE state_hash = $1 RETURNING nonce, code_verifier, expires_at)
       SELECT nonce, code_verifier FROM used WHERE expires_at > now()`, [stateHash(state)],
    );
    if (!rows[0]) throw new Refusal(HttpStatus.UNAUTHORIZED, 'OIDC_REFUSED', '로그인 요청이 만료되었습니다 (the sign-in is over 10 minutes old or was used: sign in again)');
    const flow: OidcFlow = { state, nonce: rows[0].nonce, verifier: rows[0].code_verifier };
    const identity = await this.attempt((client) => client.finish(code, iss, flow));
    const account = await this.accounts.accountForIdentity(identity.issuer, identity.subject, identity.preferredName);
    await this.sessions.open(account, 'cookie', res);
    return { url: this.config.OIDC_AFTER_SIGN_IN, statusCode: HttpStatus.SEE_OTHER };
  }

  /** Runs a step with the provider: what it does not prove is a 401, a provider out of reach a 502. */
  private async attempt<T>(step: (client: OidcClient) => Promise<T>): Promise<T> {
    if (!this.client) throw notFound('외부 로그인이 설정되지 않았습니다 (this deployment configures no OIDC provider: OIDC_ISSUER)');
    try {
      return await step(this.client);
    } catch (error) {
      if (error instanceof OidcRefused) throw new Refusal(HttpStatus.UNAUTHORIZED, 'OIDC_REFUSED', `외부 로그인에 실패했습니다 (${error.message}: sign in again)`);
      if (error instanceof OidcUnavailable) throw new Refusal(HttpStatus.BAD_GATEWAY, 'OIDC_UNAVAILABLE', `외부 로그인 서버에 연결할 수 없습니다 (${error.message})`);
      throw error;
    }
  }
}
