import { ServiceUnavailable } from '@chronicle/contracts';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const OUTAGE_TEXT = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when PostgreSQL could not be reached or dropped the connection (network errors,
 * SQLSTATE class 08 "connection exception", 57P0x "operator intervention", 53300 "too many
 * connections"): nothing about the request was wrong, a retry later may well succeed.
 */
export function isDatabaseOutage(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || code.startsWith('08') || code.startsWith('57P0') || code === '53300') return true;
    if (typeof e.message === 'string' && OUTAGE_TEXT.test(e.message)) return true;
    e = (e.driverError ?? e.cause) as typeof e;
  }
  return false;
}

/** The error a caller gets: `UNAVAILABLE` (retry later) instead of `INTERNAL` while the database is away. */
export function outageAsUnavailable(error: unknown): unknown {
  return isDatabaseOutage(error)
    ? new ServiceUnavailable('the log database is unreachable right now: retry later (an append retried with its idempotency key is applied at most once)')
    : error;
}

/** Answers with {@link outageAsUnavailable}. */
@Injectable()
export class DatabaseOutageAsUnavailable implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(catchError((error: unknown) => {
      throw outageAsUnavailable(error);
    }));
  }
}
