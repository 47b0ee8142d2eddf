import { ChronicleError, CodedError, isErrorCode, reviveError } from '@chronicle/engine';

export type ContractErrorCode = 'BAD_REQUEST' | 'FORBIDDEN' | 'INTERNAL' | 'UNAVAILABLE';

/**
 * Refusals that belong to the wire rather than to the rules. With the engine's typed errors
 * they make up every `code` a reply may carry.
 */
export abstract class ContractError extends CodedError<ContractErrorCode> {}

/** The request (or event) is not what the contract says: the reasons say which field. */
export class BadRequest extends ContractError {
  readonly code = 'BAD_REQUEST';
}

/** The caller may not do this: e.g. act for a seat its credentials or seat token do not give it. */
export class Forbidden extends ContractError {
  readonly code = 'FORBIDDEN';
}

/** The service failed for a reason of its own; the message says where to look. */
export class InternalError extends ContractError {
  readonly code = 'INTERNAL';
}

/** Nobody answered in time (no responder, or a timeout): retry later. */
export class ServiceUnavailable extends ContractError {
  readonly code = 'UNAVAILABLE';
}

const contractErrors: Record<ContractErrorCode, new (message: string) => ContractError> = {
  BAD_REQUEST: BadRequest, FORBIDDEN: Forbidden, INTERNAL: InternalError, UNAVAILABLE: ServiceUnavailable,
};

/** The error part of a reply: `{ error: { code, message } }`. */
export interface ErrorBody {
  code: string;
  message: string;
}

/** Every reply is one of these two shapes. */
export type Reply<T> = { data: T } | { error: ErrorBody };

/** The wire form of an error. Unknown errors become `INTERNAL` without leaking their text. */
export function toErrorBody(error: unknown, internalMessage = 'internal error: see the service log'): ErrorBody {
  if (error instanceof ChronicleError || error instanceof ContractError) return { code: error.code, message: error.message };
  return { code: 'INTERNAL', message: internalMessage };
}

/** The typed error for a reply's error part (engine errors included), for the caller's side. */
export function reviveReplyError(body: ErrorBody): Error {
  if (isErrorCode(body.code)) return reviveError(body.code, body.message);
  if (Object.prototype.hasOwnProperty.call(contractErrors, body.code)) {
    return new contractErrors[body.code as ContractErrorCode](body.message);
  }
  return new InternalError(`unknown error code ${body.code}: ${body.message}`);
}

/** Reads a reply: the data, or the revived typed error thrown. Anything else is `InternalError`. */
export function unwrapReply<T>(raw: unknown): T {
  if (typeof raw === 'object' && raw !== null) {
    const o = raw as Record<string, unknown>;
    if ('data' in o) return o.data as T;
    const error = o.error as Record<string, unknown> | undefined;
    if (typeof error === 'object' && error !== null && typeof error.code === 'string' && typeof error.message === 'string') {
      throw reviveReplyError({ code: error.code, message: error.message });
    }
  }
  throw new InternalError('the reply is neither { data } nor { error: { code, message } }');
}
