import { ServiceUnavailable, unwrapReply, type Subjects } from '@chronicle/contracts';
import { RequestError, TimeoutError, type NatsConnection } from '@nats-io/nats-core';

/**
 * Requests over core NATS. Returns the reply's data, or throws the typed error it carried
 * (engine errors as their own classes); no responder or no answer in time is
 * `ServiceUnavailable`.
 */
export class RequestClient {
  constructor(
    private readonly nc: NatsConnection,
    private readonly subjects: Subjects,
    private readonly timeoutMs = 5_000,
  ) {}

  request<T>(logicalSubject: string, body: unknown, timeoutMs = this.timeoutMs): Promise<T> {
    return this.requestJson<T>(logicalSubject, JSON.stringify(body), timeoutMs);
  }

  /** {@link request} with the body already JSON text. */
  async requestJson<T>(logicalSubject: string, json: string, timeoutMs = this.timeoutMs): Promise<T> {
    const subject = this.subjects.of(logicalSubject);
    let reply;
    try {
      reply = await this.nc.request(subject, json, { timeout: timeoutMs });
    } catch (error) {
      if (error instanceof RequestError && error.isNoResponders()) {
        throw new ServiceUnavailable(`nobody serves ${subject}: is the service running with prefix ${this.subjects.prefix}?`);
      }
      if (error instanceof TimeoutError || (error instanceof RequestError && error.cause instanceof TimeoutError)) {
        throw new ServiceUnavailable(`no answer on ${subject} within ${timeoutMs} ms; the request may or may not have been applied`);
      }
      throw error;
    }
    let raw: unknown;
    try {
      raw = reply.json();
    } catch {
      raw = undefined;
    }
    return unwrapReply<T>(raw);
  }
}
