import {
  LogSubjects, ServiceUnavailable, unwrapReply, type AppendMoveV1, type AppendedV1, type CommitmentV1,
  type EntryByKeyV1, type FinishedHeaderV1, type FinishedLogV1, type HeaderV1, type KeyedEntryV1, type MovesPageV1, type OpenTableV1,
  type OpenedV1, type ReadMovesV1, type Subjects, type TableRequestV1, type UndoV1, type UndoneV1,
} from '@chronicle/contracts';
import { ConcurrentMove, type Json } from '@chronicle/engine';
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

  async request<T>(logicalSubject: string, body: unknown, timeoutMs = this.timeoutMs): Promise<T> {
    const subject = this.subjects.of(logicalSubject);
    let reply;
    try {
      reply = await this.nc.request(subject, JSON.stringify(body), { timeout: timeoutMs });
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

type Body<T> = Omit<T, 'v'>;

/** The log service's requests, typed (`v: 1` filled in). */
export class LogClient {
  constructor(private readonly client: RequestClient) {}

  open(request: Body<OpenTableV1>): Promise<OpenedV1> {
    return this.client.request(LogSubjects.open, { v: 1, ...request });
  }

  append(request: Body<AppendMoveV1>): Promise<AppendedV1> {
    return this.client.request(LogSubjects.append, { v: 1, ...request });
  }

  undo(request: Body<UndoV1>): Promise<UndoneV1> {
    return this.client.request(LogSubjects.undo, { v: 1, ...request });
  }

  read(request: Body<ReadMovesV1>): Promise<MovesPageV1> {
    return this.client.request(LogSubjects.read, { v: 1, ...request });
  }

  header(request: Body<TableRequestV1>): Promise<HeaderV1> {
    return this.client.request(LogSubjects.header, { v: 1, ...request });
  }

  /**
   * A finished table's whole log, whatever its size: its header and seed
   * (`log.v1.finished-header`), then its moves in pages of `read`, each checked to be of the
   * same log (a table reopened under the same id meanwhile is `ConcurrentMove`).
   */
  async finishedLog(request: Body<TableRequestV1>): Promise<FinishedLogV1> {
    const { tableId } = request;
    const header = await this.client.request<FinishedHeaderV1>(LogSubjects.finishedHeader, { v: 1, tableId });
    const moves: Array<{ number: number; seat: string | null; payload: Json; random: boolean }> = [];
    while (moves.length < header.revision) {
      const page = await this.read({ tableId, fromRevision: moves.length });
      if (page.seq !== header.seq || page.moves.length === 0) {
        throw new ConcurrentMove(`table ${tableId} changed while its finished log was read (entry ${page.seq}, not ${header.seq}); ask again`);
      }
      for (const { number, seat, payload, random } of page.moves) moves.push({ number, seat, payload, random });
    }
    const { seed, gameId, rulesVersion, seats, options, commitment } = header;
    return { tableId, commitment, log: { tableId, gameId, rulesVersion, seed, seats, options, moves } };
  }

  commitment(request: Body<TableRequestV1>): Promise<CommitmentV1> {
    return this.client.request(LogSubjects.commitment, { v: 1, ...request });
  }

  /** The entry recorded under an idempotency key, or null. */
  entryByKey(request: Body<EntryByKeyV1>): Promise<KeyedEntryV1 | null> {
    return this.client.request(LogSubjects.entryByKey, { v: 1, ...request });
  }
}
