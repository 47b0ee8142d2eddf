// What the verifiable log costs, in this process: the work the log service adds to each
// append (the entry's salted leaf, the table's tree extended and its root, the checkpoint
// signed), an inclusion and a consistency proof from a 100,000-entry table's stored leaves,
// and the size of a signed checkpoint. The end-to-end cost on appends per second is
// `npm run bench -- log`, run on main and on the change back to back.
import { checkpointOrigin, ed25519PrivateKey, ed25519PublicKey, openCheckpoint, publicKeyHex, signCheckpoint } from '@chronicle/contracts';
import {
  consistencyProof, entryLeaf, inclusionProof, MerkleRange, newSeed, rootOf, verifyConsistency, verifyInclusion,
} from '@chronicle/engine';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { median, timed } from './machine';

const RUNS = 5;
const APPENDS = 20_000;
const ENTRIES = 100_000;

export async function main(): Promise<void> {
  const key = ed25519PrivateKey(randomBytes(32).toString('hex'));
  const seed = newSeed();
  const commitment = 'c'.repeat(64);
  const tableId = 'sample-world-c12';
  // A typical move of the strategy world (a reservation), as the executors append it.
  const payload = { type: 'reserve', generalId: 1_024, command: 'che_상업투자', arg: null, slots: [0, 1, 2] };
  // The table already holds 50,000 entries: its right edge is as long as a large table's.
  const base = new MerkleRange();
  for (let i = 1; i <= 50_000; i++) base.push(entryLeaf(tableId, seed, { seq: i, kind: 'move', number: i, seat: 'player-1', payload, random: true, stateHash: null }));

  const perAppend = (sign: boolean) => median(Array.from({ length: RUNS }, () => {
    let tree = base;
    const { ms } = timed(() => {
      for (let i = 0; i < APPENDS; i++) {
        const seq = tree.size + 1;
        const leaf = entryLeaf(tableId, seed, { seq, kind: 'move', number: seq, seat: 'player-1', payload, random: true, stateHash: 'ab'.repeat(32) });
        const next = tree.copy();
        next.push(leaf);
        const checkpoint = { origin: checkpointOrigin(tableId, commitment), treeSize: next.size, rootHash: next.root().toString('hex') };
        signCheckpoint(checkpoint, sign ? key : undefined);
        tree = next;
      }
    });
    return (ms * 1_000) / APPENDS;
  }));
  const signedUs = perAppend(true);
  const unsignedUs = perAppend(false);

  const leaves = Array.from({ length: ENTRIES }, (_, i) => entryLeaf(tableId, seed, { seq: i + 1, kind: 'move', number: i + 1, seat: null, payload, random: true, stateHash: null }));
  const root = rootOf(leaves);
  const inclusionMs = median(Array.from({ length: RUNS }, () => timed(() => {
    const proof = inclusionProof(leaves, 31_337);
    if (!verifyInclusion(leaves[31_337]!, 31_337, ENTRIES, proof, root)) throw new Error('inclusion proof did not verify');
  }).ms));
  const consistencyMs = median(Array.from({ length: RUNS }, () => timed(() => {
    const proof = consistencyProof(leaves, 77_777);
    if (!verifyConsistency(77_777, ENTRIES, rootOf(leaves.slice(0, 77_777)), root, proof)) throw new Error('consistency proof did not verify');
  }).ms));
  const note = signCheckpoint({ origin: checkpointOrigin(tableId, commitment), treeSize: ENTRIES, rootHash: root.toString('hex') }, key);
  openCheckpoint(note, ed25519PublicKey(publicKeyHex(key)));
  const bytes = Buffer.byteLength(note);
  console.log(`per append: ${signedUs.toFixed(1)} µs with the Ed25519 signature, ${unsignedUs.toFixed(1)} µs without (leaf, tree, root, note)`);
  console.log(`proofs from ${ENTRIES} stored leaves (compute and check, not the read from PostgreSQL): inclusion ${inclusionMs.toFixed(1)} ms, consistency ${consistencyMs.toFixed(1)} ms`);
  console.log(`RESULT trust append_overhead_us=${signedUs.toFixed(1)} append_overhead_unsigned_us=${unsignedUs.toFixed(1)} proof_ms=${Math.max(inclusionMs, consistencyMs).toFixed(1)} `
    + `inclusion_ms=${inclusionMs.toFixed(1)} consistency_ms=${consistencyMs.toFixed(1)} checkpoint_bytes=${bytes} entries=${ENTRIES} runs=${RUNS} loadavg_1m=${os.loadavg()[0]!.toFixed(1)}`);
}
