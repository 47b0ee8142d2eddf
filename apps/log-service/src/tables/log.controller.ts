import {
  AppendManyV1, AppendMoveV1, BadRequest, EntryByKeyV1, validate, type AppendedManyV1, LogSubjects, OpenTableV1, ReadMovesV1, TableRequestV1, TreeRequestV1, TrustedSubjects, UndoV1, type AppendedV1, type TreePageV1, InclusionProofRequestV1, ConsistencyProofRequestV1,
  type InclusionProofV1, type ConsistencyProofV1, PutDocumentChunkV1, DocumentChunkRequestV1, type DocumentStoredV1, type DocumentChunkV1,
  type CommitmentV1, type FinishedHeaderV1, type FinishedLogV1, type HeaderV1, type KeyedEntryV1, type MovesPageV1, type OpenedV1, type SealedSeedV1, type UndoneV1,
} from '@chronicle/contracts';
import { OnRequest, PassErrorsToTransport, replyError } from '@chronicle/bus';
import { Controller, UseFilters, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DatabaseOutageAsUnavailable, outageAsUnavailable } from '../database/outage';
import { TableStore } from './table-store';
import { DocumentStore } from '../documents/document-store';

/** The log service's requests: each one validated by the transport, then handed to the store. */
@Controller()
@UseFilters(PassErrorsToTransport)
@UseInterceptors(DatabaseOutageAsUnavailable)
export class LogController {
  constructor(private readonly tables: TableStore, private readonly documents: DocumentStore) {}

  @OnRequest(LogSubjects.open, OpenTableV1)
  open(@Payload() r: OpenTableV1): Promise<OpenedV1> {
    return this.tables.open({ tableId: r.tableId, gameId: r.gameId, seats: r.seats, ...(r.options ? { options: r.options } : {}) });
  }

  @OnRequest(LogSubjects.append, AppendMoveV1)
  append(@Payload() r: AppendMoveV1): Promise<AppendedV1> {
    return this.tables.append(r);
  }

  /**
   * Each item as if it came alone on `log.v1.append`: its own checks and its own answer, in
   * order. The items of one table (an executor's batch of a busy table's intents) are
   * written together where they follow each other (`TableStore.appendRun`).
   */
  @OnRequest(LogSubjects.appendMany, AppendManyV1)
  async appendMany(@Payload() r: AppendManyV1): Promise<AppendedManyV1> {
    const results: AppendedManyV1['results'] = new Array(r.appends.length);
    const byTable = new Map<string, Array<{ index: number; item: AppendMoveV1 }>>();
    for (const [index, raw] of r.appends.entries()) {
      const item = validate(AppendMoveV1, raw);
      if (!item.ok) {
        results[index] = { error: replyError(new BadRequest(`appends: ${item.reasons.join('; ')}`), LogSubjects.append) };
        continue;
      }
      byTable.set(item.value.tableId, [...(byTable.get(item.value.tableId) ?? []), { index, item: item.value }]);
    }
    await Promise.all([...byTable.values()].map(async (items) => {
      const answers = items.length === 1
        ? [await this.tables.append(items[0]!.item).then((data) => ({ data }), (error: unknown) => ({ error }))]
        : await this.tables.appendRun(items.map(({ item }) => item));
      for (const [i, { index }] of items.entries()) {
        const answer = answers[i]!;
        results[index] = 'data' in answer ? answer : { error: replyError(outageAsUnavailable(answer.error), LogSubjects.append) };
      }
    }));
    return { results };
  }

  @OnRequest(LogSubjects.undo, UndoV1)
  undo(@Payload() r: UndoV1): Promise<UndoneV1> {
    return this.tables.undo(r);
  }

  @OnRequest(LogSubjects.read, ReadMovesV1)
  read(@Payload() r: ReadMovesV1): Promise<MovesPageV1> {
    return this.tables.readMoves(r.tableId, r.fromRevision, r.limit);
  }

  @OnRequest(LogSubjects.finishedRead, ReadMovesV1)
  finishedRead(@Payload() r: ReadMovesV1): Promise<MovesPageV1> {
    return this.tables.readMoves(r.tableId, r.fromRevision, r.limit, true);
  }

  @OnRequest(LogSubjects.header, TableRequestV1)
  header(@Payload() r: TableRequestV1): Promise<HeaderV1> {
    return this.tables.header(r.tableId);
  }

  @OnRequest(LogSubjects.finishedLog, TableRequestV1)
  finishedLog(@Payload() r: TableRequestV1): Promise<FinishedLogV1> {
    return this.tables.finishedLog(r.tableId);
  }

  @OnRequest(LogSubjects.finishedHeader, TableRequestV1)
  finishedHeader(@Payload() r: TableRequestV1): Promise<FinishedHeaderV1> {
    return this.tables.finishedHeader(r.tableId);
  }

  @OnRequest(LogSubjects.commitment, TableRequestV1)
  commitment(@Payload() r: TableRequestV1): Promise<CommitmentV1> {
    return this.tables.commitment(r.tableId);
  }

  @OnRequest(LogSubjects.entryByKey, EntryByKeyV1)
  entryByKey(@Payload() r: EntryByKeyV1): Promise<KeyedEntryV1 | null> {
    return this.tables.entryByKey(r.tableId, r.idempotencyKey);
  }

  @OnRequest(LogSubjects.tree, TreeRequestV1)
  tree(@Payload() r: TreeRequestV1): Promise<TreePageV1> {
    return this.tables.tree(r.tableId, r.fromSeq, r.limit);
  }

  @OnRequest(LogSubjects.inclusionProof, InclusionProofRequestV1)
  inclusionProof(@Payload() r: InclusionProofRequestV1): Promise<InclusionProofV1> {
    return this.tables.inclusionProof(r.tableId, r.seq, r.treeSize);
  }

  @OnRequest(LogSubjects.consistencyProof, ConsistencyProofRequestV1)
  consistencyProof(@Payload() r: ConsistencyProofRequestV1): Promise<ConsistencyProofV1> {
    return this.tables.consistencyProof(r.tableId, r.from, r.to);
  }

  @OnRequest(LogSubjects.putDocument, PutDocumentChunkV1)
  putDocument(@Payload() r: PutDocumentChunkV1): Promise<DocumentStoredV1> {
    return this.documents.put(r.sha256, r.bytes, r.index, Buffer.from(r.data, 'base64'));
  }

  @OnRequest(LogSubjects.document, DocumentChunkRequestV1)
  document(@Payload() r: DocumentChunkRequestV1): Promise<DocumentChunkV1> {
    return this.documents.chunk(r.sha256, r.index);
  }

  @OnRequest(TrustedSubjects.sealedSeed, TableRequestV1)
  sealedSeed(@Payload() r: TableRequestV1): Promise<SealedSeedV1> {
    return this.tables.sealedSeed(r.tableId);
  }
}
