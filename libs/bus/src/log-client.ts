import {
  BadRequest, LogSubjects, MAX_APPEND_MANY_BYTES, MAX_APPENDS_PER_REQUEST, TrustedSubjects, unwrapReply, type AppendedManyV1, type AppendMoveV1,
  type AppendedV1, type CommitmentV1, type EntryByKeyV1, type FinishedHeaderV1, type FinishedLogV1, type HeaderV1, type KeyedEntryV1,
  type MovesPageV1, type OpenTableV1, type OpenedV1, type ReadMovesV1, type SealedSeedV1, type TableRequestV1, type UndoV1, type UndoneV1,
  type LogRecordV1, type TreePageV1, type TreeRequestV1, type InclusionProofRequestV1, type InclusionProofV1, type ConsistencyProofRequestV1,
  type ConsistencyProofV1,
} from '@chronicle/contracts';
import { ConcurrentMove, type Json, type JsonObject } from '@chronicle/engine';
import { withStoredDocuments } from './documents';
import type { RequestClient } from './request-client';

/** Moves asked for in one page of `pages` (halved while a page is too large for a NATS message). */
const PAGE = 2_000;

type Body<T> = Omit<T, 'v'>;

/** The log service's requests, typed (`v: 1` filled in). */
export class LogClient {
  private readonly appends: AppendGatherer;

  constructor(private readonly client: RequestClient) {
    this.appends = new AppendGatherer(client);
  }

  open(request: Body<OpenTableV1>): Promise<OpenedV1> {
    return this.client.request(LogSubjects.open, { v: 1, ...request });
  }

  /**
   * Appends sent in one turn of the event loop (by the callers of many tables) travel
   * together on `log.v1.append-many`; each gets its own answer, as alone.
   */
  append(request: Body<AppendMoveV1>): Promise<AppendedV1> {
    return this.appends.add(JSON.stringify({ v: 1, ...request }));
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
   * The table's seed sealed to the trusted services' key (`log.v1.sealed-seed`): only a
   * trusted caller asks, and only one holding the key opens it (`TableReplayer.seed`).
   */
  sealedSeed(request: Body<TableRequestV1>): Promise<SealedSeedV1> {
    return this.client.request(TrustedSubjects.sealedSeed, { v: 1, ...request });
  }

  /** A table's options with the documents they name attached (`log.v1.document`), for its setup. */
  withDocuments(options: Readonly<JsonObject>): Promise<Readonly<JsonObject>> {
    return withStoredDocuments(this.client, options);
  }

  /**
   * The current game log's moves numbered above `fromRevision`, page by page (`read`), each
   * page a consistent read, to the log's end.
   */
  async *pages(tableId: string, fromRevision: number): AsyncGenerator<MovesPageV1> {
    let from = fromRevision;
    let limit = PAGE;
    for (;;) {
      let page: MovesPageV1;
      try {
        page = await this.read({ tableId, fromRevision: from, limit });
      } catch (error) {
        // Large moves can make a page bigger than a NATS message: ask for fewer.
        if (error instanceof BadRequest && limit > 1 && /could not be sent/.test(error.message)) {
          limit = Math.ceil(limit / 2);
          continue;
        }
        throw error;
      }
      yield page;
      const last = page.moves.at(-1);
      if (!last || last.number >= page.revision) return;
      from = last.number;
    }
  }

  /**
   * A finished table's whole log, whatever its size: its header and seed
   * (`log.v1.finished-header`), then its moves in pages of `finished-read` (anyone's `read`,
   * which refuses a table in play), each checked to be of the
   * same log (a table reopened under the same id meanwhile is `ConcurrentMove`).
   */
  async finishedLog(request: Body<TableRequestV1>): Promise<FinishedLogV1> {
    const { tableId } = request;
    const header = await this.client.request<FinishedHeaderV1>(LogSubjects.finishedHeader, { v: 1, tableId });
    const moves: Array<{ number: number; seat: string | null; payload: Json; random: boolean; seq: number; stateHash: string | null }> = [];
    while (moves.length < header.revision) {
      const page = await this.client.request<MovesPageV1>(LogSubjects.finishedRead, { v: 1, tableId, fromRevision: moves.length });
      if (page.seq !== header.seq || page.moves.length === 0) {
        throw new ConcurrentMove(`table ${tableId} changed while its finished log was read (entry ${page.seq}, not ${header.seq}); ask again`);
      }
      for (const { number, seat, payload, random, seq, stateHash } of page.moves) moves.push({ number, seat, payload, random, seq, stateHash });
    }
    const { seed, gameId, rulesVersion, seats, options, commitment } = header;
    return { tableId, commitment, log: { tableId, gameId, rulesVersion, seed, seats, options, moves }, record: await this.record(tableId, header.seq) };
  }

  /** A table's whole entry tree (`log.v1.tree` in pages), as it stood at entry `seq`. */
  async record(tableId: string, seq: number): Promise<LogRecordV1> {
    const record: LogRecordV1 = { tableId, treeSize: 0, rootHash: '', checkpoint: '', leaves: [], undos: [] };
    do {
      const page = await this.tree({ tableId, fromSeq: record.leaves.length });
      if (page.treeSize !== seq || (page.leaves.length === 0 && record.leaves.length < seq)) {
        throw new ConcurrentMove(`table ${tableId} changed while its tree was read (entry ${page.treeSize}, not ${seq}); ask again`);
      }
      Object.assign(record, { treeSize: page.treeSize, rootHash: page.rootHash, checkpoint: page.checkpoint });
      record.leaves.push(...page.leaves);
      record.undos.push(...page.undos);
    } while (record.leaves.length < seq);
    return record;
  }

  tree(request: Body<TreeRequestV1>): Promise<TreePageV1> {
    return this.client.request(LogSubjects.tree, { v: 1, ...request });
  }

  inclusionProof(request: Body<InclusionProofRequestV1>): Promise<InclusionProofV1> {
    return this.client.request(LogSubjects.inclusionProof, { v: 1, ...request });
  }

  consistencyProof(request: Body<ConsistencyProofRequestV1>): Promise<ConsistencyProofV1> {
    return this.client.request(LogSubjects.consistencyProof, { v: 1, ...request });
  }

  commitment(request: Body<TableRequestV1>): Promise<CommitmentV1> {
    return this.client.request(LogSubjects.commitment, { v: 1, ...request });
  }

  /** The entry recorded under an idempotency key, or null. */
  entryByKey(request: Body<EntryByKeyV1>): Promise<KeyedEntryV1 | null> {
    return this.client.request(LogSubjects.entryByKey, { v: 1, ...request });
  }
}

interface Gathered {
  json: string;
  resolve: (appended: AppendedV1) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the appends of one turn of the event loop into `log.v1.append-many` requests (at
 * most `MAX_APPENDS_PER_REQUEST` and `MAX_APPEND_MANY_BYTES` each): one message each way
 * for many appends instead of one per append, which is most of what an append costs the
 * log service and NATS. A lone append goes on `log.v1.append` as before. A request that
 * gets no answer fails all its appends with `ServiceUnavailable`, as each would alone
 * (retried with its key, an append is applied at most once).
 */
class AppendGatherer {
  private gathered: Gathered[] = [];
  private bytes = 0;

  constructor(private readonly client: RequestClient) {}

  add(json: string): Promise<AppendedV1> {
    return new Promise<AppendedV1>((resolve, reject) => {
      if (this.gathered.length > 0 && (this.gathered.length >= MAX_APPENDS_PER_REQUEST || this.bytes + json.length > MAX_APPEND_MANY_BYTES)) {
        this.send();
      }
      this.gathered.push({ json, resolve, reject });
      this.bytes += json.length + 1;
      if (this.gathered.length === 1) setImmediate(() => this.send());
    });
  }

  private send(): void {
    const batch = this.gathered;
    this.gathered = [];
    this.bytes = 0;
    if (batch.length === 0) return;
    if (batch.length === 1) {
      const [one] = batch;
      this.client.requestJson<AppendedV1>(LogSubjects.append, one!.json).then(one!.resolve, one!.reject);
      return;
    }
    this.client.requestJson<AppendedManyV1>(LogSubjects.appendMany, `{"v":1,"appends":[${batch.map((g) => g.json).join(',')}]}`).then(
      ({ results }) => {
        for (const [i, g] of batch.entries()) {
          try {
            g.resolve(unwrapReply<AppendedV1>(results[i]));
          } catch (error) {
            g.reject(error);
          }
        }
      },
      (error: unknown) => {
        for (const g of batch) g.reject(error);
      },
    );
  }
}
