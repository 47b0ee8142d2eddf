import { createHash } from 'node:crypto';
import { InvalidGame } from '../errors';

/**
 * A Merkle tree over a table's log entries, hashed as RFC 6962 / RFC 9162 (§2.1) say, so that
 * any standard transparency-log library can check what this one computes: SHA-256, a leaf
 * is `SHA-256(0x00 || entry bytes)`, an inner node `SHA-256(0x01 || left || right)`, a tree
 * of n leaves splits at the largest power of two below n. Hashes are 32-byte buffers.
 */

const LEAF_PREFIX = Buffer.from([0]);
const NODE_PREFIX = Buffer.from([1]);

export function leafHash(entry: Uint8Array): Buffer {
  return createHash('sha256').update(LEAF_PREFIX).update(entry).digest();
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Buffer {
  return createHash('sha256').update(NODE_PREFIX).update(left).update(right).digest();
}

/** The root of the empty tree: SHA-256 of nothing. */
export const EMPTY_ROOT: Buffer = createHash('sha256').digest();

/** The largest power of two smaller than n (n ≥ 2). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH(D[n]): the root of the tree whose leaf hashes are `leaves`. */
export function rootOf(leaves: readonly Uint8Array[]): Buffer {
  if (leaves.length === 0) return EMPTY_ROOT;
  const range = new MerkleRange();
  for (const leaf of leaves) range.push(leaf);
  return range.root();
}

function subtreeRoot(leaves: readonly Uint8Array[], from: number, to: number): Buffer {
  if (to - from === 1) return Buffer.from(leaves[from]!);
  const k = split(to - from);
  return nodeHash(subtreeRoot(leaves, from, from + k), subtreeRoot(leaves, from + k, to));
}

/** PATH(index, D[n]) of RFC 9162 §2.1.3.1: the audit path of leaf `index` in the tree of `leaves`. */
export function inclusionProof(leaves: readonly Uint8Array[], index: number): Buffer[] {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length) {
    throw new InvalidGame(`leaf ${index} is not in a tree of ${leaves.length} leaves`);
  }
  const path: Buffer[] = [];
  const walk = (m: number, from: number, to: number): void => {
    if (to - from === 1) return;
    const k = split(to - from);
    if (m < k) {
      walk(m, from, from + k);
      path.push(subtreeRoot(leaves, from + k, to));
    } else {
      walk(m - k, from + k, to);
      path.push(subtreeRoot(leaves, from, from + k));
    }
  };
  walk(index, 0, leaves.length);
  return path;
}

/** PROOF(m, D[n]) of RFC 9162 §2.1.4.1: that the tree of the first `size` leaves is a prefix of the tree of all `leaves`. */
export function consistencyProof(leaves: readonly Uint8Array[], size: number): Buffer[] {
  if (!Number.isInteger(size) || size < 0 || size > leaves.length) {
    throw new InvalidGame(`a tree of ${leaves.length} leaves has no prefix of ${size}`);
  }
  if (size === 0 || size === leaves.length) return [];
  const path: Buffer[] = [];
  const sub = (m: number, from: number, to: number, whole: boolean): void => {
    if (m === to - from) {
      if (!whole) path.push(subtreeRoot(leaves, from, to));
      return;
    }
    const k = split(to - from);
    if (m <= k) {
      sub(m, from, from + k, whole);
      path.push(subtreeRoot(leaves, from + k, to));
    } else {
      sub(m - k, from + k, to, false);
      path.push(subtreeRoot(leaves, from, from + k));
    }
  };
  sub(size, 0, leaves.length, true);
  return path;
}

const lsb = (n: number): boolean => (n & 1) === 1;
const half = (n: number): number => Math.floor(n / 2);

/**
 * The walk both checks share (RFC 9162 §2.1.3.2 and §2.1.4.2): `fn` is the node's index
 * and `sn` the last index at each level; each proof hash joins on the left (`join(p, true)`)
 * or on the right. Returns the last `sn` (0 for a path as long as the tree is deep), or null
 * for a path longer than the tree.
 */
function walk(fn: number, sn: number, path: readonly Uint8Array[], join: (p: Uint8Array, onLeft: boolean) => void): number | null {
  for (const p of path) {
    if (sn === 0) return null;
    if (lsb(fn) || fn === sn) {
      join(p, true);
      while (!lsb(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      join(p, false);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn;
}

/** RFC 9162 §2.1.3.2: true when `proof` shows leaf hash `leaf` at `index` of the tree of `size` leaves with root `root`. */
export function verifyInclusion(leaf: Uint8Array, index: number, size: number, proof: readonly Uint8Array[], root: Uint8Array): boolean {
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) return false;
  let r: Buffer = Buffer.from(leaf);
  const sn = walk(index, size - 1, proof, (p, onLeft) => {
    r = onLeft ? nodeHash(p, r) : nodeHash(r, p);
  });
  return sn === 0 && r.equals(root);
}

/**
 * RFC 9162 §2.1.4.2: true when `proof` shows that the tree of `first` leaves with root
 * `firstRoot` is a prefix of the tree of `second` leaves with root `secondRoot` — the later
 * checkpoint extends the earlier one rather than replacing its history. An empty tree is a
 * prefix of any; equal sizes need equal roots and an empty proof.
 */
export function verifyConsistency(
  first: number, second: number, firstRoot: Uint8Array, secondRoot: Uint8Array, proof: readonly Uint8Array[],
): boolean {
  if (!Number.isInteger(first) || !Number.isInteger(second) || first < 0 || first > second) return false;
  if (first === 0) return proof.length === 0 && Buffer.from(firstRoot).equals(EMPTY_ROOT);
  if (first === second) return proof.length === 0 && Buffer.from(firstRoot).equals(secondRoot);
  if (proof.length === 0) return false;
  const path = (first & (first - 1)) === 0 ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (lsb(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr: Buffer = Buffer.from(path[0]!);
  let sr: Buffer = Buffer.from(path[0]!);
  const last = walk(fn, sn, path.slice(1), (c, onLeft) => {
    if (onLeft) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
    } else {
      sr = nodeHash(sr, c);
    }
  });
  return last === 0 && fr.equals(firstRoot) && sr.equals(secondRoot);
}

/**
 * The right edge of a growing tree: the roots of its perfect subtrees, largest first. An
 * append costs amortized one node hash and the root at most log2(n) — what the log service
 * keeps per table to sign a checkpoint with every entry without reading the others.
 */
export class MerkleRange {
  private readonly hashes: Buffer[] = [];
  private readonly sizes: number[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(leaf: Uint8Array): void {
    let hash: Buffer = Buffer.from(leaf);
    let size = 1;
    while (this.sizes.length > 0 && this.sizes[this.sizes.length - 1] === size) {
      hash = nodeHash(this.hashes.pop()!, hash);
      size += this.sizes.pop()!;
    }
    this.hashes.push(hash);
    this.sizes.push(size);
    this.count += 1;
  }

  root(): Buffer {
    if (this.hashes.length === 0) return EMPTY_ROOT;
    let root = this.hashes[this.hashes.length - 1]!;
    for (let i = this.hashes.length - 2; i >= 0; i--) root = nodeHash(this.hashes[i]!, root);
    return root;
  }

  copy(): MerkleRange {
    const copy = new MerkleRange();
    copy.hashes.push(...this.hashes);
    copy.sizes.push(...this.sizes);
    copy.count = this.count;
    return copy;
  }
}
