import { ContractError } from '@chronicle/contracts';
import { ChronicleError } from '@chronicle/engine';
import { safeError } from '@chronicle/service-kit';
import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { TooManyRequests } from './rate-limits';
import { worded, type Reason } from './refusals';

const CONTRACT_STATUS: Record<string, HttpStatus> = {
  BAD_REQUEST: HttpStatus.BAD_REQUEST, FORBIDDEN: HttpStatus.FORBIDDEN, UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  UNKNOWN_TABLE: HttpStatus.NOT_FOUND, ILLEGAL_MOVE: HttpStatus.UNPROCESSABLE_ENTITY, GAME_OVER: HttpStatus.CONFLICT,
  CONCURRENT_MOVE: HttpStatus.CONFLICT, INVALID_GAME: HttpStatus.BAD_REQUEST, GAME_IN_PROGRESS: HttpStatus.CONFLICT,
};

/** What body-parser throws, by its `type`: the caller's mistakes, never a 500. */
const BODY_ERRORS: Record<string, [HttpStatus, string]> = {
  'entity.too.large': [HttpStatus.PAYLOAD_TOO_LARGE, '요청 본문이 너무 큽니다 (the body is larger than the gateway accepts)'],
  'entity.parse.failed': [HttpStatus.BAD_REQUEST, '요청 본문이 올바른 JSON이 아닙니다 (the body is not valid JSON)'],
  'encoding.unsupported': [HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'unsupported body encoding: send UTF-8 JSON'],
  'charset.unsupported': [HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'unsupported charset: send UTF-8 JSON'],
  'request.aborted': [HttpStatus.BAD_REQUEST, 'the request was aborted'],
};

interface ErrorShape { error: Reason & { reasons?: Reason[] } }

/** Every refusal as a player reads it: its message and each reason. A failure of the gateway's own (5xx) is no refusal and keeps its words. */
function inWords([status, body]: [number, unknown], route: string): [number, unknown] {
  const error = (body as Partial<ErrorShape>).error;
  if (status >= 500 || typeof error?.message !== 'string') return [status, body];
  return [status, { error: { ...worded(error, route), ...(error.reasons ? { reasons: error.reasons.map((r) => worded(r, route)) } : {}) } }];
}

/** A world route after the world (`/api/v1/worlds/w1/troops/5/name` → `troops/:/name`): what names a body field several routes share. */
function routeOf(path: string | undefined): string {
  const match = /\/worlds\/[^/]+\/(.+?)\/?$/.exec(path ?? '');
  return match ? match[1]!.split('/').map((part) => (/^\d+$/.test(part) ? ':' : part)).join('/') : '';
}

/**
 * Every error as `{ error: { code, message, field? } }`: refusals in a player's words, Nest's own
 * (unknown route, …) and body-parser's with their status, the services' typed errors by
 * code. Only a bug is a 500, logged (without secrets) with a reference.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Gateway');

  catch(error: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) {
      res.end();
      return;
    }
    const [status, body] = inWords(this.answer(error), routeOf(host.switchToHttp().getRequest<Request | undefined>()?.path));
    if (error instanceof TooManyRequests) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
    res.status(status).json(body);
  }

  private answer(error: unknown): [number, unknown] {
    if (error instanceof HttpException) {
      const response = error.getResponse();
      if (typeof response === 'object' && response !== null && 'error' in response && typeof response.error === 'object') return [error.getStatus(), response];
      // Nest's own: an unknown route, or the body parser's refusal (it turns those into HttpExceptions).
      const status = error.getStatus();
      if (status === HttpStatus.BAD_REQUEST) return [status, { error: { code: 'BAD_REQUEST', message: `${BODY_ERRORS['entity.parse.failed']![1]}: ${error.message}`, field: '(body)' } }];
      if (status === HttpStatus.PAYLOAD_TOO_LARGE) return [status, { error: { code: 'TOO_LARGE', message: BODY_ERRORS['entity.too.large']![1], field: '(body)' } }];
      return [status, { error: { code: HttpStatus[status] ?? 'ERROR', message: error.message } }];
    }
    const type = (error as { type?: unknown }).type;
    if (typeof type === 'string' && BODY_ERRORS[type]) {
      const [status, message] = BODY_ERRORS[type];
      return [status, { error: { code: status === HttpStatus.PAYLOAD_TOO_LARGE ? 'TOO_LARGE' : 'BAD_REQUEST', message, field: '(body)' } }];
    }
    if (error instanceof ContractError || error instanceof ChronicleError) {
      return [CONTRACT_STATUS[error.code] ?? HttpStatus.INTERNAL_SERVER_ERROR, { error: { code: error.code, message: error.message } }];
    }
    const reference = Math.random().toString(36).slice(2, 10);
    this.logger.error({ err: safeError(error), reference }, `request failed (reference ${reference})`);
    return [HttpStatus.INTERNAL_SERVER_ERROR, { error: { code: 'INTERNAL', message: `internal error (reference ${reference}): see the gateway's log` } }];
  }
}
