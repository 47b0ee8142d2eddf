import { BadRequest, toErrorBody, type ErrorBody } from '@chronicle/contracts';
import { ChronicleError } from '@chronicle/engine';
import { Catch, Logger, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';

/**
 * Thrown by an event handler for a message that no retry can fix (it is dead-lettered at
 * once). Any other error is taken as transient: the message is redelivered with backoff.
 */
export class PermanentFailure extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentFailure';
  }
}

/** True for errors no redelivery can fix: malformed input and refusals by the rules. */
export function isPermanent(error: unknown): boolean {
  return error instanceof PermanentFailure || error instanceof BadRequest || error instanceof ChronicleError;
}

/**
 * Nest's default RPC filter turns every unknown error into `{ status: 'error' }`, losing
 * the typed error. This one passes the error itself on to the transport, which decides the
 * reply (request) or ack/nak/dead-letter (event). Put `@UseFilters(PassErrorsToTransport)`
 * on bus controllers (in a hybrid HTTP + bus app a global filter would also catch HTTP
 * errors), or `useGlobalFilters` on a bus-only microservice before it listens.
 */
@Catch()
export class PassErrorsToTransport implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => exception);
  }
}

const logger = new Logger('BusErrors');

/** The reply body for a request handler's error; an unexpected error is logged with a reference. */
export function replyError(error: unknown, subject: string): ErrorBody {
  const body = toErrorBody(error);
  if (body.code === 'INTERNAL') {
    const reference = Math.random().toString(36).slice(2, 10);
    logger.error({ err: error, subject, reference }, `request on ${subject} failed (reference ${reference})`);
    return { code: 'INTERNAL', message: `internal error on ${subject}: see the service log, reference ${reference}` };
  }
  return body;
}
