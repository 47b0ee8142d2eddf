import type { KeyObject } from 'node:crypto';
import {
  AuditedLog, canonicalJson, GameLog, InvalidGame, SplitView, TableWatch, type Json, type SeenCheckpoint,
} from '@chronicle/engine';
import type { ConsistencyProofV1, FinishedLogV1, InclusionProofV1 } from '../log/requests.v1';
import { BadCheckpoint, checkpointOrigin, checkRecordCheckpoint, openCheckpoint, readCheckpoint } from './checkpoint';

/** A move of the seat as it was told it was accepted: the entry it became and the revision it is. */
export interface OwnMove {
  readonly seq: number;
  readonly revision: number;
  readonly seat: string;
  readonly payload: Json;
}

/** What a seat keeps between checks (a file, a page's storage): plain JSON. */
export interface OwnMovesRecord {
  readonly tableId: string;
  readonly commitment: string;
  /** The largest signed checkpoint seen, as published. */
  readonly latest: string | null;
  /** Each own move with the leaf its inclusion proof showed. */
  readonly moves: ReadonlyArray<OwnMove & { readonly leaf: string }>;
}

/** The seat's own move is not in the log as it was told, or not as it sent it. */
export class MoveNotLogged extends InvalidGame {}

/**
 * A player's own check of one table, client side, without the seed (libs/contracts README,
 * "A seat's own moves"):
 *
 * - `see(note, proof)`: each signed checkpoint it is shown is the table's (origin), signed by
 *   the log service (given its key), and extends the largest it saw before (the consistency
 *   proof between them) — else `SplitView` (both notes: the proof) or `BadCheckpoint`;
 * - `include(move, proof)`: each of its own moves is the entry it was told (`seq`) in the tree
 *   of the latest checkpoint it saw (the inclusion proof against that signed root, not a root
 *   the reply brings); a move proved before must show the same leaf (an entry rewritten);
 * - `settle(finished)`: once the table is finished and its seed public, every own move is the
 *   move at the revision it was told, with the seat and payload it sent, and its entry hashes to
 *   the leaf proved in play; the history seen in play is the first entries of the finished one.
 *
 * The leaf of an entry is salted with a secret of the seed, so while the table is in play a
 * proof shows that *an* entry stands at `seq` and stays there (any change later is a split
 * view); `settle` shows it was the seat's own move.
 */
export class OwnMoves {
  private readonly watch = new TableWatch();
  private readonly moves = new Map<number, OwnMove & { leaf: string }>();
  private readonly origin: string;

  constructor(readonly tableId: string, readonly commitment: string, private readonly key: KeyObject | undefined, record?: OwnMovesRecord) {
    this.origin = checkpointOrigin(tableId, commitment);
    if (record) {
      if (record.tableId !== tableId || record.commitment !== commitment) {
        throw new InvalidGame(`the kept own moves are of table ${record.tableId} under commitment ${record.commitment.slice(0, 16)}…, not of ${tableId} under ${commitment.slice(0, 16)}…`);
      }
      if (record.latest !== null) this.watch.see(this.read(record.latest), []);
      for (const move of record.moves) this.moves.set(move.seq, { ...move });
    }
  }

  /** The largest checkpoint seen. */
  get latest(): SeenCheckpoint | null {
    return this.watch.latest;
  }

  /** Sizes the consistency proof for `note` must be between (from the held checkpoint), or null for the first. */
  proofNeeded(note: string): { from: number; to: number } | null {
    const held = this.watch.latest;
    if (!held) return null;
    const { treeSize } = this.read(note);
    return { from: Math.min(held.treeSize, treeSize), to: Math.max(held.treeSize, treeSize) };
  }

  /** A checkpoint shown to the seat, with the consistency proof from the one it holds (null for the first it sees). */
  see(note: string, proof: ConsistencyProofV1 | null): SeenCheckpoint {
    const checkpoint = this.read(note);
    const held = this.watch.latest;
    if (held) {
      const from = Math.min(held.treeSize, checkpoint.treeSize);
      const to = Math.max(held.treeSize, checkpoint.treeSize);
      if (!proof || proof.tableId !== this.tableId || proof.from !== from || proof.to !== to) {
        throw new SplitView(held, checkpoint, `no consistency proof between ${from} and ${to} entries was given`);
      }
    }
    this.watch.see(checkpoint, proof?.proof ?? []);
    return checkpoint;
  }

  /** An own move, proved to be entry `move.seq` of the latest checkpoint's tree. */
  include(move: OwnMove, proof: InclusionProofV1): void {
    const latest = this.watch.latest;
    const at = `your move at revision ${move.revision} (entry ${move.seq}) of table ${this.tableId}`;
    if (!latest) throw new MoveNotLogged(`${at}: no checkpoint seen yet to prove it against`);
    if (proof.tableId !== this.tableId || proof.seq !== move.seq) throw new MoveNotLogged(`${at}: the proof is of entry ${proof.seq} of table ${proof.tableId}`);
    if (proof.treeSize !== latest.treeSize) throw new MoveNotLogged(`${at}: the proof is at ${proof.treeSize} entries, the checkpoint seen at ${latest.treeSize}`);
    if (move.seq > latest.treeSize || !TableWatch.includes(proof.leaf, move.seq, latest, proof.proof)) {
      throw new MoveNotLogged(`${at} is not in the table's tree of ${latest.treeSize} entries that the log service signed (root ${latest.rootHash.slice(0, 16)}…)`);
    }
    const before = this.moves.get(move.seq);
    if (before && before.leaf !== proof.leaf) {
      throw new MoveNotLogged(`${at}: the entry proved now (leaf ${proof.leaf.slice(0, 16)}…) is not the one proved before (leaf ${before.leaf.slice(0, 16)}…)`);
    }
    if (before && (before.revision !== move.revision || canonicalJson(before.payload) !== canonicalJson(move.payload))) {
      throw new MoveNotLogged(`${at}: entry ${move.seq} was told before as revision ${before.revision}`);
    }
    this.moves.set(move.seq, { ...move, leaf: proof.leaf });
  }

  /** The own moves proved so far, by entry. */
  get proved(): ReadonlyArray<OwnMove & { readonly leaf: string }> {
    return [...this.moves.values()].sort((a, b) => a.seq - b.seq);
  }

  /**
   * The finished log (seed public) against everything proved in play: the record is the
   * table's, signed, and extends the latest checkpoint seen; every own move is in it as sent,
   * at the revision told, with the leaf proved (a move the seat took back is named as such).
   * Returns the own moves found; throws `MoveNotLogged`, `SplitView` or `BadCheckpoint`.
   */
  settle(finished: FinishedLogV1): { moves: number; takenBack: number } {
    if (!finished.record) throw new MoveNotLogged(`the finished log of ${this.tableId} carries no record of its entries`);
    if (finished.tableId !== this.tableId || finished.commitment !== this.commitment) {
      throw new MoveNotLogged(`the finished log is of table ${finished.tableId} under commitment ${finished.commitment.slice(0, 16)}…, not of ${this.tableId}`);
    }
    const log = GameLog.fromArray(finished.log);
    const { moves: recorded, record } = AuditedLog.readParts(finished);
    if (!recorded || !record) throw new MoveNotLogged(`the finished log of ${this.tableId} does not name each move's entry`);
    checkRecordCheckpoint({ ...record, tableId: this.tableId, checkpoint: finished.record.checkpoint }, this.commitment, this.key);
    const audited = new AuditedLog(log, recorded, record);
    audited.checkEntries();
    const latest = this.watch.latest;
    if (latest) audited.checkCheckpoints([latest]);
    let found = 0;
    let takenBack = 0;
    for (const move of this.moves.values()) {
      const at = `your move at revision ${move.revision} (entry ${move.seq})`;
      if (record.leaves[move.seq - 1] !== move.leaf) throw new MoveNotLogged(`${at}: the finished log's entry ${move.seq} is not the one proved in play`);
      const index = recorded.findIndex((r) => r.seq === move.seq);
      if (index < 0) {
        if (record.undos.some((u) => u.number === move.revision && u.seq > move.seq && u.seat === move.seat)) {
          takenBack += 1;
          continue;
        }
        throw new MoveNotLogged(`${at} is not a move of the finished log, and no undo of yours took it back`);
      }
      const logged = log.moves[index]!;
      if (logged.number !== move.revision || logged.seat !== move.seat || canonicalJson(logged.payload) !== canonicalJson(move.payload)) {
        throw new MoveNotLogged(`${at} is logged as move ${logged.number} of ${logged.seat ?? 'the table'}: ${canonicalJson(logged.payload)}, not what you sent`);
      }
      found += 1;
    }
    return { moves: found, takenBack };
  }

  toRecord(): OwnMovesRecord {
    return { tableId: this.tableId, commitment: this.commitment, latest: this.watch.latest?.note ?? null, moves: this.proved };
  }

  private read(note: string): SeenCheckpoint {
    const checkpoint = this.key ? openCheckpoint(note, this.key) : readCheckpoint(note);
    if (checkpoint.origin !== this.origin) throw new BadCheckpoint(`a checkpoint of ${checkpoint.origin} was shown for table ${this.tableId} (${this.origin})`);
    return { treeSize: checkpoint.treeSize, rootHash: checkpoint.rootHash, note };
  }
}
