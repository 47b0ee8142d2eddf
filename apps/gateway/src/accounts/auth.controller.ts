import { Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ValidBody } from '../http/body';
import { Caller, SessionGuard } from '../http/session.guard';
import { AccountsService, type Account, type SessionKind, type SignedIn } from './accounts.service';
import { PasswordSignInDto } from './auth.dto';
import { Sessions, type SessionBody } from './sessions';

/** Sign-up, sign-in and sign-out (`/api/v1/auth`). */
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly accounts: AccountsService, private readonly sessions: Sessions) {}

  @Post('sign-up')
  async signUp(@ValidBody(PasswordSignInDto) body: PasswordSignInDto, @Res({ passthrough: true }) res: Response): Promise<SessionBody> {
    const account = await this.accounts.signUp(body.username, body.password);
    return this.sessions.open(account, body.session ?? 'cookie', res);
  }

  @Post('sign-in')
  @HttpCode(200)
  async signIn(@ValidBody(PasswordSignInDto) body: PasswordSignInDto, @Res({ passthrough: true }) res: Response): Promise<SessionBody> {
    const account = await this.accounts.signIn(body.username, body.password);
    return this.sessions.open(account, body.session ?? 'cookie', res);
  }

  @Post('sign-out')
  @HttpCode(204)
  @UseGuards(SessionGuard)
  async signOut(@Caller() caller: SignedIn, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.accounts.closeSession(caller);
    if (caller.kind === 'cookie') res.append('Set-Cookie', this.sessions.cookie('', 0));
  }

  /** Who is signed in, and (for a cookie session) the CSRF token a reloaded page needs again. */
  @Get('me')
  @UseGuards(SessionGuard)
  me(@Caller() caller: SignedIn): { account: Account; session: { kind: SessionKind; csrfToken?: string } } {
    return { account: caller.account, session: { kind: caller.kind, ...(caller.csrfToken ? { csrfToken: caller.csrfToken } : {}) } };
  }
}
