import { stateHash } from '../canonical';
import { InvalidGame } from '../errors';
import type { GameData, LoggedMove } from '../game';
import type { GameLog } from '../game-log';
import type { GameState } from '../game-state';
import { asArray, asInteger, asNullableString, asObject, asString } from '../json';
import { entryLeaf } from './entries';
import { MerkleRange, rootOf } from './merkle';
import { SplitView, type SeenCheckpoint } from './table-watch';

const HEX_64 = /^[0-9a-f]{64}$/;

/** An undo entry as the log service stored it (its leaf is recomputed from these). */
export interface RecordedUndo {
  readonly seq: number;
  /** The move it took back. */
  readonly number: number;
  readonly seat: string | null;
  readonly stateHash: string | null;
}

/**
 * What the log service stored of a table beside its moves: the leaf hash of every entry in
 * `seq` order (moves, moves taken back, undos), the tree they build, and the undo entries.
 * With the seed, each move of a log is hashed again and compared with its leaf.
 */
export interface LogRecord {
  readonly tableId: string;
  readonly treeSize: number;
  /** Hex SHA-256 root of the entries' tree (RFC 9162). */
  readonly rootHash: string;
  /** Hex leaf hashes, entry `seq` at index `seq - 1`. */
  readonly leaves: readonly string[];
  readonly undos: readonly RecordedUndo[];
}

/** What the log service stored beside move `number` of the game log. */
export interface RecordedMove {
  /** The entry that recorded it. */
  readonly seq: number;
  /** The state hash the executor recorded with it, if any. */
  readonly stateHash: string | null;
}

/**
 * A game log checked against the log service's record of its table, so that no change to
 * a stored log passes: every move is hashed again (with the entry salt of the seed) and
 * must be the leaf stored for its entry; the entries fold to exactly the log's moves (none
 * missing at the end, none added, none moved); and, during the replay, the state after each
 * move that recorded a state hash must be that one — the last move's is the final state's.
 * A refusal (`InvalidGame`) names the first move that is not as stored.
 */
export class AuditedLog {
  private readonly bySeq = new Map<number, number>();

  /**
   * `moves` names each move's entry and recorded state hash: from the log file itself, or —
   * to check a file against the service's word — from the log service's own copy (a file
   * shorter than those is refused as cut short).
   */
  constructor(readonly log: GameLog, readonly moves: readonly RecordedMove[], readonly record: LogRecord) {}

  /** Everything but the replay; call before replaying. */
  checkEntries(): void {
    const { log, record, moves } = this;
    if (record.tableId !== log.tableId) {
      throw new InvalidGame(`this is a log of table ${log.tableId}, but the record is of table ${record.tableId}: a log of another table or chapter`);
    }
    if (record.leaves.length !== record.treeSize || rootOf(record.leaves.map(fromHex)).toString('hex') !== record.rootHash) {
      throw new InvalidGame(`the record's ${record.leaves.length} entry hashes do not build its tree head (${record.treeSize} entries, root ${record.rootHash.slice(0, 16)}…)`);
    }
    if (log.revision > moves.length) {
      throw new InvalidGame(`move ${moves.length + 1} is not a move the log service stored: it stored ${moves.length}, this log has ${log.revision}`);
    }
    let previous = 0;
    for (const [i, move] of log.moves.entries()) {
      const { seq, stateHash } = moves[i]!;
      if (seq <= previous || seq > record.treeSize) {
        throw new InvalidGame(`move ${move.number} is not where the log service stored it (entry ${seq} after entry ${previous}, of ${record.treeSize})`);
      }
      previous = seq;
      const leaf = entryLeaf(log.tableId, log.seed, { seq, kind: 'move', number: move.number, seat: move.seat, payload: move.payload, random: move.random, stateHash });
      if (leaf.toString('hex') !== record.leaves[seq - 1]) {
        throw new InvalidGame(`move ${move.number} is not the move the log service stored (entry ${seq}): the log was changed there`);
      }
      this.bySeq.set(seq, move.number);
    }
    this.checkFold();
  }

  /**
   * Checkpoints seen while the table was in play (a player's or a witness's) against its
   * finished tree: each must be the tree of the first entries of this record, so that the
   * history shown then is the one published now. Refuses with {@link SplitView}.
   */
  checkCheckpoints(seen: readonly SeenCheckpoint[]): void {
    const { record } = this;
    const whole = { treeSize: record.treeSize, rootHash: record.rootHash, note: '' };
    const tree = new MerkleRange();
    for (const checkpoint of [...seen].sort((a, b) => a.treeSize - b.treeSize)) {
      if (checkpoint.treeSize > record.treeSize) throw new SplitView(whole, checkpoint, `a checkpoint of ${checkpoint.treeSize} entries was shown, the finished log has ${record.treeSize}`);
      while (tree.size < checkpoint.treeSize) tree.push(Buffer.from(record.leaves[tree.size]!, 'hex'));
      if (tree.root().toString('hex') !== checkpoint.rootHash) {
        throw new SplitView(checkpoint, whole, `the checkpoint shown at ${checkpoint.treeSize} entries is not the tree of the finished log's first ${checkpoint.treeSize}`);
      }
    }
  }

  /** The state hash recorded with move `number`, if any. */
  recordedHash(number: number): string | null {
    return this.moves[number - 1]?.stateHash ?? null;
  }

  /** During the replay: the state reached after move `number` (its hash) must be the one recorded with it. */
  checkState(number: number, reached: string): void {
    const recorded = this.recordedHash(number);
    if (recorded !== null && recorded !== reached) {
      throw new InvalidGame(`move ${number} replays to the state ${reached.slice(0, 16)}…, but its entry recorded ${recorded.slice(0, 16)}…: the log was changed at or before move ${number}`);
    }
  }

  /**
   * The moves to replay, for `engine.advance` on `state`: once the replay applied a move, the
   * state it reached is checked against the hash its entry recorded (as the next move is
   * asked for, and after the last) — so the replay stops at the first move that does not
   * reach what was stored.
   */
  *checked<G>(game: GameData<G>, state: Readonly<GameState<G>>, moves: Iterable<LoggedMove>): Generator<LoggedMove> {
    let last = 0;
    for (const move of moves) {
      if (last > 0 && this.recordedHash(last) !== null) this.checkState(last, stateHash(game, state));
      yield move;
      last = move.number;
    }
    if (last > 0 && this.recordedHash(last) !== null) this.checkState(last, stateHash(game, state));
  }

  /**
   * The entries in `seq` order must fold to exactly the log's moves: a move entry not in the
   * log must have been taken back by an undo entry (whose leaf is checked too), and every
   * stored move still standing must be in the log — a log cut short or missing a move is
   * refused at the first move it lacks.
   */
  private checkFold(): void {
    const { log, record } = this;
    const undos = new Map(record.undos.map((u) => [u.seq, u]));
    const stack: Array<{ seq: number; inLog: boolean }> = [];
    for (let seq = 1; seq <= record.treeSize; seq++) {
      const number = this.bySeq.get(seq);
      const undo = undos.get(seq);
      if (undo) {
        const leaf = entryLeaf(log.tableId, log.seed, { seq, kind: 'undo', number: undo.number, seat: undo.seat, payload: null, random: false, stateHash: undo.stateHash });
        if (leaf.toString('hex') !== record.leaves[seq - 1]) throw new InvalidGame(`the undo at entry ${seq} is not the one the log service stored`);
        const top = stack.pop();
        if (!top || undo.number !== stack.length + 1) throw new InvalidGame(`the undo at entry ${seq} takes back move ${undo.number}, which is not the last move`);
        if (top.inLog) throw new InvalidGame(`move ${undo.number} (entry ${top.seq}) was taken back at entry ${seq}, but the log still has it`);
      } else if (number !== undefined) {
        if (number !== stack.length + 1) throw new InvalidGame(`move ${number} is stored as entry ${seq}, which is move ${stack.length + 1}: moves were removed or reordered before it`);
        stack.push({ seq, inLog: true });
      } else {
        stack.push({ seq, inLog: false });
      }
    }
    const missing = stack.find((e) => !e.inLog);
    if (missing) {
      const number = stack.indexOf(missing) + 1;
      throw new InvalidGame(`move ${number} (entry ${missing.seq}) is stored by the log service but missing from this log${number > log.revision ? `, which stops at move ${log.revision}: it was cut short` : ''}`);
    }
  }

  /** Reads a log file that carries its record: a finished-log reply (`{ tableId, commitment, log, record }`). Null parts when absent. */
  static readParts(raw: unknown): { moves: RecordedMove[] | null; record: LogRecord | null } {
    const file = asObject(raw, 'file');
    const log = asObject(file.log ?? file, 'log');
    const rawMoves = asArray(log.moves, 'log.moves');
    const moves = rawMoves.every((m) => typeof m === 'object' && m !== null && 'seq' in m)
      ? rawMoves.map((m, i) => readRecordedMove(m, i))
      : null;
    return { moves, record: file.record === undefined || file.record === null ? null : readRecord(file.record) };
  }
}

function readRecordedMove(value: unknown, index: number): RecordedMove {
  const o = asObject(value, `log.moves[${index}]`);
  return { seq: asInteger(o.seq, `log.moves[${index}].seq`, 1), stateHash: readHash(o.stateHash, `log.moves[${index}].stateHash`) };
}

/** A log record as plain values (a file, a reply), checked field by field. */
export function readRecord(value: unknown): LogRecord {
  const o = asObject(value, 'record');
  const rootHash = readHash(o.rootHash, 'record.rootHash');
  if (rootHash === null) throw new InvalidGame('record.rootHash is required');
  const leaves = asArray(o.leaves, 'record.leaves').map((l, i) => {
    const hex = asString(l, `record.leaves[${i}]`);
    if (!HEX_64.test(hex)) throw new InvalidGame(`record.leaves[${i}] must be 64 lowercase hex digits`);
    return hex;
  });
  const undos = asArray(o.undos, 'record.undos').map((u, i) => {
    const p = `record.undos[${i}]`;
    const r = asObject(u, p);
    return { seq: asInteger(r.seq, `${p}.seq`, 1), number: asInteger(r.number, `${p}.number`, 1), seat: asNullableString(r.seat, `${p}.seat`), stateHash: readHash(r.stateHash, `${p}.stateHash`) };
  });
  return { tableId: asString(o.tableId, 'record.tableId'), treeSize: asInteger(o.treeSize, 'record.treeSize', 0), rootHash, leaves, undos };
}

function readHash(value: unknown, path: string): string | null {
  const hash = asNullableString(value, path);
  if (hash !== null && !HEX_64.test(hash)) throw new InvalidGame(`${path} must be 64 lowercase hex digits or null`);
  return hash;
}

function fromHex(hex: string): Buffer {
  return Buffer.from(hex, 'hex');
}
