import { inPlayersWords } from '@chronicle/contracts';
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

/** A refusal's reason: its words and the field it names. */
export interface Reason { field?: string; message: string }

/**
 * A reason in a player's words (`inPlayersWords`, the one place refusals are made Korean),
 * the reason as it was stated kept as `detail` when the words differ.
 */
export function worded<T extends Reason>(reason: T, route = ''): T & { detail?: string } {
  const message = inPlayersWords(reason.message, reason.field, route);
  return message === reason.message ? reason : { ...reason, message, detail: reason.message };
}
