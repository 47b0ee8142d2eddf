import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical';
import type { Json } from '../json';
import { seedBytes } from '../seed';
import { leafHash } from './merkle';

/**
 * A log entry as its table's Merkle tree hashes it. Entries are what the log service
 * stores, in `seq` order from 1: a `move` appends move `number`, an `undo` takes move
 * `number` back; the game log is their fold.
 */
export interface TreeEntry {
  readonly seq: number;
  readonly kind: 'move' | 'undo';
  readonly number: number;
  readonly seat: string | null;
  /** The move's payload; null for an undo. */
  readonly payload: Json;
  readonly random: boolean;
  /** The state hash recorded with the entry, when the executor computed one. */
  readonly stateHash: string | null;
}

const SALT_DOMAIN = Buffer.from('chronicle/entry-salt/v1\0', 'ascii');

/**
 * A secret of each entry, derived from the table's seed: SHA-256 of a fixed-length input
 * (domain, seed, SHA-256 of the table id, seq as 4 bytes big-endian), so that one salt says
 * nothing of another. It keeps a leaf hash from telling what the entry holds — a move's
 * payload is often one of a few commands, which a hash of the entry alone would give away to
 * anyone trying them all — until the seed is public with the finished log, when anyone
 * recomputes it.
 */
export function entrySalt(seed: string, tableId: string, seq: number): string {
  const at = Buffer.alloc(4);
  at.writeUInt32BE(seq);
  return createHash('sha256')
    .update(SALT_DOMAIN).update(seedBytes(seed)).update(createHash('sha256').update(tableId, 'utf8').digest()).update(at)
    .digest('hex');
}

/**
 * The canonical bytes of an entry: the UTF-8 of the canonical JSON (keys sorted) of
 * `{ v: 1, table, seq, kind, number, seat, payload, random, stateHash, salt }`. Everything the
 * replay depends on and the executor's recorded state hash; not the times (metadata).
 */
export function entryBytes(tableId: string, entry: TreeEntry, salt: string): Buffer {
  const { seq, kind, number, seat, payload, random, stateHash } = entry;
  return Buffer.from(canonicalJson({ v: 1, table: tableId, seq, kind, number, seat, payload, random, stateHash, salt }), 'utf8');
}

/** The entry's leaf hash in its table's tree: `SHA-256(0x00 || entryBytes)`. */
export function entryLeaf(tableId: string, seed: string, entry: TreeEntry): Buffer {
  return leafHash(entryBytes(tableId, entry, entrySalt(seed, tableId, entry.seq)));
}
