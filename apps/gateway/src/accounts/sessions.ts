import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { GatewayConfig } from '../config';
import { SESSION_COOKIE } from '../http/session.guard';
import { AccountsService, type Account, type SessionKind } from './accounts.service';

export interface SessionBody {
  account: Account;
  session: { kind: SessionKind; expiresAt: string; csrfToken?: string; token?: string };
}

/** A cookie of the gateway's (`Path` as given): HttpOnly, SameSite=Lax, Secure unless `COOKIE_SECURE=false`. */
export function gatewayCookie(config: GatewayConfig, name: string, value: string, path: string, maxAgeSeconds: number): string {
  const secure = config.COOKIE_SECURE === 'true' ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

/** Opens the session of an account that proved itself (a password, or an OIDC provider) and answers it. */
@Injectable()
export class Sessions {
  constructor(private readonly accounts: AccountsService, private readonly config: GatewayConfig) {}

  async open(account: Account, kind: SessionKind, res: Response): Promise<SessionBody> {
    const session = await this.accounts.openSession(account.id, kind);
    if (kind === 'cookie') res.append('Set-Cookie', this.cookie(session.token, this.config.SESSION_TTL_HOURS * 3_600));
    return {
      account,
      session: {
        kind, expiresAt: session.expiresAt.toISOString(),
        ...(kind === 'cookie' ? { csrfToken: session.csrfToken! } : { token: session.token }),
      },
    };
  }

  /** The session cookie (an empty value with 0 clears it). */
  cookie(value: string, maxAgeSeconds: number): string {
    return gatewayCookie(this.config, SESSION_COOKIE, value, '/api', maxAgeSeconds);
  }
}
