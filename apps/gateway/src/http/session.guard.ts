import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { AccountsService, type SignedIn } from '../accounts/accounts.service';
import { forbidden, notSignedIn } from './refusals';

export const SESSION_COOKIE = 'chronicle_session';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type WithCaller = Request & { caller?: SignedIn };

/** The session token of a request: `Authorization: Bearer …`, else the session cookie. */
export function sessionToken(req: Request): { token: string; from: 'bearer' | 'cookie' } | undefined {
  const authorization = req.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return { token: authorization.slice(7).trim(), from: 'bearer' };
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return { token: decodeURIComponent(part.slice(eq + 1).trim()), from: 'cookie' };
  }
  return undefined;
}

/**
 * Signed-in requests only. A cookie session's unsafe requests (POST, PUT, DELETE…) must send
 * the session's CSRF token in `X-CSRF-Token` (a page of another site can make the browser
 * send the cookie, never read the token); a bearer token is never sent by a browser on its
 * own, so it needs none.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly accounts: AccountsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<WithCaller>();
    const found = sessionToken(req);
    if (!found || found.token.length === 0 || found.token.length > 200) throw notSignedIn();
    const session = await this.accounts.session(found.token);
    if (!session || session.kind !== found.from) throw notSignedIn();
    if (session.kind === 'cookie' && !SAFE_METHODS.has(req.method)) {
      const sent = Buffer.from(String(req.headers[CSRF_HEADER] ?? ''));
      const expected = Buffer.from(session.csrfToken ?? '');
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
        throw forbidden('CSRF 토큰이 없거나 틀렸습니다 (send the csrfToken of your sign-in in the X-CSRF-Token header)');
      }
    }
    req.caller = session;
    return true;
  }
}

/** The signed-in caller of a route behind {@link SessionGuard}. */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): SignedIn => context.switchToHttp().getRequest<WithCaller>().caller!);
