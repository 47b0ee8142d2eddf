import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * Requests counted per key in fixed windows: at most `limit` per `windowMs`. Kept in memory
 * (each gateway replica counts its own: a limit is per replica).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(readonly limit: number, readonly windowMs: number) {}

  /** Counts one request; undefined when it may go on, else how long until it may (ms). */
  take(key: string, now = Date.now()): number | undefined {
    let window = this.windows.get(key);
    if (window === undefined || now - window.start >= this.windowMs) {
      if (this.windows.size >= 100_000) this.prune(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit) return window.start + this.windowMs - now;
    window.count += 1;
    return undefined;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
  }
}

/** A 429 with `Retry-After` (whole seconds) and a message a player reads. */
export class TooManyRequests extends HttpException {
  constructor(readonly retryAfterMs: number, message: string) {
    super({ error: { code: 'RATE_LIMITED', message, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) } }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

export const tooMany = (retryAfterMs: number): TooManyRequests =>
  new TooManyRequests(retryAfterMs, `접속 제한중입니다. 너무 많은 요청을 하셨습니다. ${Math.max(1, Math.ceil(retryAfterMs / 1000))}초 후에 다시 시도하세요. (too many requests: try again later)`);
