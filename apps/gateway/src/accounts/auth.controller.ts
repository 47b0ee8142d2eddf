import { Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { GatewayConfig } from '../config';
import { ValidBody } from '../http/body';
import { Caller, SESSION_COOKIE, SessionGuard } from '../http/session.guard';
import { AccountsService, type Account, type SessionKind, type SignedIn } from './accounts.service';
import { PasswordSignInDto } from './auth.dto';

export interface SessionBody {
  account: Account;
  session: { kind: SessionKind; expiresAt: string; csrfToken?: string; token?: string };
}

/** Sign-up, sign-in and sign-out (`/api/v1/auth`). */
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly accounts: AccountsService, private readonly config: GatewayConfig) {}

  @Post('sign-up')
  async signUp(@ValidBody(PasswordSignInDto) body: PasswordSignInDto, @Res({ passthrough: true }) res: Response): Promise<SessionBody> {
    const account = await this.accounts.signUp(body.username, body.password);
    return this.open(account, body.session ?? 'cookie', res);
  }

  @Post('sign-in')
  @HttpCode(200)
  async signIn(@ValidBody(PasswordSignInDto) body: PasswordSignInDto, @Res({ passthrough: true }) res: Response): Promise<SessionBody> {
    const account = await this.accounts.signIn(body.username, body.password);
    return this.open(account, body.session ?? 'cookie', res);
  }

  @Post('sign-out')
  @HttpCode(204)
  @UseGuards(SessionGuard)
  async signOut(@Caller() caller: SignedIn, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.accounts.closeSession(caller);
    if (caller.kind === 'cookie') res.setHeader('Set-Cookie', this.cookie('', 0));
  }

  /** Who is signed in, and (for a cookie session) the CSRF token a reloaded page needs again. */
  @Get('me')
  @UseGuards(SessionGuard)
  me(@Caller() caller: SignedIn): { account: Account; session: { kind: SessionKind; csrfToken?: string } } {
    return { account: caller.account, session: { kind: caller.kind, ...(caller.csrfToken ? { csrfToken: caller.csrfToken } : {}) } };
  }

  /** Opens a session for an account that proved itself (password or OIDC). */
  async open(account: Account, kind: SessionKind, res: Response): Promise<SessionBody> {
    const session = await this.accounts.openSession(account.id, kind);
    if (kind === 'cookie') res.setHeader('Set-Cookie', this.cookie(session.token, this.config.SESSION_TTL_HOURS * 3_600));
    return {
      account,
      session: {
        kind, expiresAt: session.expiresAt.toISOString(),
        ...(kind === 'cookie' ? { csrfToken: session.csrfToken! } : { token: session.token }),
      },
    };
  }

  private cookie(value: string, maxAgeSeconds: number): string {
    const secure = this.config.COOKIE_SECURE === 'true' ? '; Secure' : '';
    return `${SESSION_COOKIE}=${encodeURIComponent(value)}; Path=/api; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
  }
}
