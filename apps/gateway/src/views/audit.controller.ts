import { LogClient, RequestClient } from '@chronicle/bus';
import type { ConsistencyProofV1, InclusionProofV1 } from '@chronicle/contracts';
import { chapterTableId, GameLog } from '@chronicle/engine';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { badInput } from '../http/refusals';
import { intQuery, worldParam } from '../http/params';
import { WorldPlay } from '../worlds/world-play';

/** The most own moves one audit read proves (a page asks again for the rest). */
const MAX_SEQS = 30;
const MAX_SEQ = 2 * GameLog.MAX_MOVES;

/** What a client needs to check its own moves against the log service's signed history. */
export interface AuditAnswer {
  worldId: string;
  tableId: string;
  /** The commitment to the chapter's seed, published when it opened: the checkpoints' origin names it. */
  commitment: string;
  /** The log service's signed checkpoint of the table's entries now (C2SP signed note). */
  checkpoint: string;
  treeSize: number;
  /** That this tree extends the one of `from` entries the client holds (null when it holds none). */
  consistency: ConsistencyProofV1 | null;
  /** That each asked entry is in this tree. */
  inclusions: InclusionProofV1[];
}

/**
 * The audit of a chapter (libs/contracts `OwnMoves`, the "a player's client checks
 * each of its own moves"): the signed checkpoint of the table's entries, the consistency
 * proof from the checkpoint the client saw last and the inclusion proofs of its own entries.
 * It shows hashes only — the log service hands the same to the public role — so anyone may
 * ask, signed in or not.
 */
@Controller('api/v1/worlds')
export class AuditController {
  private readonly log: LogClient;

  constructor(private readonly play: WorldPlay, requests: RequestClient) {
    this.log = new LogClient(requests);
  }

  /** `from`: the tree size of the checkpoint the client holds (0: none); `seqs`: its entries to prove, comma separated. */
  @Get(':world/chapters/:chapter/audit')
  async audit(@Param('world') world: string, @Param('chapter') chapter: string, @Query('from') from?: string, @Query('seqs') seqs?: string): Promise<AuditAnswer> {
    const { worldId } = this.play.known(worldParam(world));
    const number = intQuery('chapter', chapter, 1, 1_000_000)!;
    const held = intQuery('from', from, 0, MAX_SEQ) ?? 0;
    const entries = seqList(seqs);
    const tableId = chapterTableId(worldId, number);
    const head = await this.log.tree({ tableId, fromSeq: MAX_SEQ, limit: 1 });
    if (entries.some((seq) => seq > head.treeSize)) throw badInput('seqs', `the chapter's log holds ${head.treeSize} entries: ask for entries 1 to ${head.treeSize}`);
    if (held > head.treeSize) throw badInput('from', `the chapter's log holds ${head.treeSize} entries, fewer than the ${held} of the checkpoint you hold: that is a split view, keep both checkpoints`);
    const [consistency, inclusions] = await Promise.all([
      held > 0 ? this.log.consistencyProof({ tableId, from: held, to: head.treeSize }) : Promise.resolve(null),
      Promise.all(entries.map((seq) => this.log.inclusionProof({ tableId, seq, treeSize: head.treeSize }))),
    ]);
    return { worldId, tableId, commitment: head.commitment, checkpoint: head.checkpoint, treeSize: head.treeSize, consistency, inclusions };
  }
}

function seqList(value: string | undefined): number[] {
  if (value === undefined || value === '') return [];
  const parts = value.split(',');
  if (parts.length > MAX_SEQS) throw badInput('seqs', `seqs: up to ${MAX_SEQS} entry numbers, comma separated (your moves' "seq" as their outcomes told); ask again for the rest`);
  return parts.map((part) => intQuery('seqs', part, 1, MAX_SEQ)!);
}
