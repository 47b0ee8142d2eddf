import {
  Injectable, SetMetadata, type CallHandler, type CanActivate, type ExecutionContext, type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import type { SignedIn } from '../accounts/accounts.service';
import { GatewayConfig } from '../config';
import { RateLimiter, tooMany, TooManyRequests } from './rate-limits';

/** A route's own limit: at most `limit` calls per `windowMs` for one account (or address, signed out), refused in `message`'s words. */
export interface RouteLimit {
  name: string;
  limit: number;
  windowMs: number;
  message: (retryAt: Date) => string;
}

const ROUTE_LIMIT = 'gateway:route-limit';
/** Marks a route with a limit of its own (legacy Global/GeneralList: once in 10 s). */
export const Limit = (limit: RouteLimit) => SetMetadata(ROUTE_LIMIT, limit);

/** Legacy Global/GeneralList: `장수 리스트는 10초에 한번 갱신 가능합니다.` */
export const GENERAL_LIST_LIMIT: RouteLimit = {
  name: 'generalList', limit: 1, windowMs: 10_000,
  message: (at) => `장수 리스트는 10초에 한번 갱신 가능합니다. 다음 시간 : ${at.toISOString()}`,
};

const SIGN_IN_PATHS = new Set(['/api/v1/auth/sign-in', '/api/v1/auth/sign-up']);

/**
 * Per address, before anything else (the session's database lookup included): every request,
 * and a tighter count of sign-ins and sign-ups (password guessing). The address is the
 * client's as `TRUST_PROXY` lets Express read it from `X-Forwarded-For`.
 */
@Injectable()
export class AddressLimitGuard implements CanActivate {
  private readonly requests: RateLimiter;
  private readonly signIns: RateLimiter;

  constructor(config: GatewayConfig) {
    this.requests = new RateLimiter(config.RATE_LIMIT_ADDRESS_PER_MIN, 60_000);
    this.signIns = new RateLimiter(config.RATE_LIMIT_SIGN_IN_PER_MIN, 60_000);
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const address = req.ip ?? 'unknown';
    const wait = this.requests.take(address) ?? (SIGN_IN_PATHS.has(req.path) ? this.signIns.take(address) : undefined);
    if (wait !== undefined) throw tooMany(wait);
    return true;
  }
}

/**
 * Per account, once the session is known (after the guards): every request of a signed-in
 * account, and each route's own limit (by account, or by address when signed out).
 */
@Injectable()
export class AccountLimitInterceptor implements NestInterceptor {
  private readonly requests: RateLimiter;
  private readonly routes = new Map<string, RateLimiter>();

  constructor(config: GatewayConfig, private readonly reflector: Reflector) {
    this.requests = new RateLimiter(config.RATE_LIMIT_ACCOUNT_PER_MIN, 60_000);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { caller?: SignedIn }>();
    const account = req.caller?.account.id;
    if (account !== undefined) {
      const wait = this.requests.take(account);
      if (wait !== undefined) throw tooMany(wait);
    }
    const own = this.reflector.get<RouteLimit | undefined>(ROUTE_LIMIT, context.getHandler());
    if (own !== undefined) {
      let limiter = this.routes.get(own.name);
      if (limiter === undefined) this.routes.set(own.name, (limiter = new RateLimiter(own.limit, own.windowMs)));
      const wait = limiter.take(account ?? `address ${req.ip ?? 'unknown'}`);
      if (wait !== undefined) throw new TooManyRequests(wait, own.message(new Date(Date.now() + wait)));
    }
    return next.handle();
  }
}
