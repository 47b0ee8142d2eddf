import { HttpException, HttpStatus } from '@nestjs/common';
import type { FieldReason } from './body';

/**
 * A refusal a player reads: an HTTP status and the body `{ error: { code, message, field?,
 * reasons? } }` — a stable `code`, the message (Korean first, the legacy's words where it has
 * them) and, for a bad input, the `field` to fix.
 */
export class Refusal extends HttpException {
  constructor(status: HttpStatus, readonly code: string, message: string, readonly field?: string, reasons?: FieldReason[]) {
    super({ error: { code, message, ...(field ? { field } : {}), ...(reasons ? { reasons } : {}) } }, status);
  }
}

export const badInput = (field: string, message: string): Refusal => new Refusal(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', message, field);
export const notSignedIn = (): Refusal => new Refusal(HttpStatus.UNAUTHORIZED, 'UNAUTHENTICATED', '로그인을 해야합니다. (sign in first: a session cookie or an Authorization: Bearer token)');
export const forbidden = (message: string): Refusal => new Refusal(HttpStatus.FORBIDDEN, 'FORBIDDEN', message);
export const conflict = (message: string, field?: string): Refusal => new Refusal(HttpStatus.CONFLICT, 'CONFLICT', message, field);
export const notFound = (message: string): Refusal => new Refusal(HttpStatus.NOT_FOUND, 'NOT_FOUND', message);
