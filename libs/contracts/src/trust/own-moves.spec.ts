import {
  consistencyProof, engine, entryLeaf, GameLog, inclusionProof, rootOf, SplitView, stateHash, type Json,
} from '@chronicle/engine';
import { journal } from '@chronicle/engine/examples';
import type { ConsistencyProofV1, FinishedLogV1, InclusionProofV1 } from '../log/requests.v1';
import { BadCheckpoint, checkpointOrigin, signCheckpoint } from './checkpoint';
import { ed25519PrivateKey, ed25519PublicKey, publicKeyHex } from './ed25519';
import { MoveNotLogged, OwnMoves } from './own-moves';

const key = ed25519PrivateKey('33'.repeat(32));
const publicKey = ed25519PublicKey(publicKeyHex(key));

/** A journal table as the log service keeps it: moves (one entry each), their leaves, signed checkpoints and proofs at any size. */
class Store {
  readonly log: GameLog;
  private readonly state;
  constructor(seed?: string) {
    this.log = GameLog.open({ tableId: 'notes', gameId: journal.id, rulesVersion: journal.version, seats: ['ann', 'bob'], ...(seed ? { seed } : {}) });
    this.state = engine.setup(journal, this.log.header());
  }

  readonly hashes: string[] = [];
  leaves: Buffer[] = [];

  play(seat: string, text: string): { seq: number; revision: number; seat: string; payload: Json } {
    const { move } = engine.step(journal, this.log.header(), this.state, seat, { text });
    this.log.append(move);
    const hash = stateHash(journal, this.state);
    this.hashes.push(hash);
    this.leaves.push(entryLeaf('notes', this.log.seed, { seq: move.number, kind: 'move', number: move.number, seat, payload: move.payload, random: false, stateHash: hash }));
    return { seq: move.number, revision: move.number, seat, payload: move.payload };
  }

  get commitment(): string {
    return this.log.commitment();
  }

  checkpoint(size = this.leaves.length, leaves = this.leaves): string {
    return signCheckpoint({ origin: checkpointOrigin('notes', this.commitment), treeSize: size, rootHash: rootOf(leaves.slice(0, size)).toString('hex') }, key);
  }

  inclusion(seq: number, size = this.leaves.length, leaves = this.leaves): InclusionProofV1 {
    return {
      tableId: 'notes', seq, treeSize: size, leaf: leaves[seq - 1]!.toString('hex'), rootHash: rootOf(leaves.slice(0, size)).toString('hex'),
      proof: inclusionProof(leaves.slice(0, size), seq - 1).map((b) => b.toString('hex')),
    };
  }

  consistency(from: number, to: number, leaves = this.leaves): ConsistencyProofV1 {
    return {
      tableId: 'notes', from, to, fromRoot: rootOf(leaves.slice(0, from)).toString('hex'), toRoot: rootOf(leaves.slice(0, to)).toString('hex'),
      proof: consistencyProof(leaves.slice(0, to), from).map((b) => b.toString('hex')),
    };
  }

  finished(): FinishedLogV1 {
    const moves = this.log.moves.map((m, i) => ({ number: m.number, seat: m.seat, payload: m.payload, random: m.random, seq: m.number, stateHash: this.hashes[i]! }));
    return {
      tableId: 'notes', commitment: this.commitment, log: { ...this.log.toArray(), moves },
      record: {
        tableId: 'notes', treeSize: this.leaves.length, rootHash: rootOf(this.leaves).toString('hex'),
        leaves: this.leaves.map((l) => l.toString('hex')), undos: [], checkpoint: this.checkpoint(),
      },
    };
  }
}

/** Ann's client: plays a move, sees the new checkpoint (with the proof from the one it holds), proves the move in it. */
function annPlays(store: Store, own: OwnMoves, text: string) {
  const move = store.play('ann', text);
  const note = store.checkpoint();
  const needed = own.proofNeeded(note);
  own.see(note, needed ? store.consistency(needed.from, needed.to) : null);
  own.include(move, store.inclusion(move.seq));
  return move;
}

describe('a seat\'s own moves', () => {
  it('proves each own move in the signed tree, each checkpoint extending the last, and settles them against the finished log', () => {
    const store = new Store();
    const own = new OwnMoves('notes', store.commitment, publicKey);
    annPlays(store, own, 'one');
    store.play('bob', 'two');
    annPlays(store, own, 'three');
    store.play('bob', 'four');
    // Kept between runs as plain JSON, and read back.
    const again = new OwnMoves('notes', store.commitment, publicKey, JSON.parse(JSON.stringify(own.toRecord())));
    expect(again.latest?.treeSize).toBe(3);
    const note = store.checkpoint();
    again.see(note, store.consistency(3, 4));
    for (const move of again.proved) again.include(move, store.inclusion(move.seq));
    expect(again.settle(store.finished())).toEqual({ moves: 2, takenBack: 0 });
  });

  it('refuses a split history: a checkpoint that does not extend the one seen, with both signed notes', () => {
    const store = new Store();
    const own = new OwnMoves('notes', store.commitment, publicKey);
    annPlays(store, own, 'one');
    const seen = own.latest!;
    store.play('bob', 'two');
    // The log service shows another history from here: ann's entry replaced.
    const forged = [...store.leaves];
    forged[0] = Buffer.alloc(32, 7);
    const other = store.checkpoint(2, forged);
    let split: unknown;
    try {
      own.see(other, store.consistency(1, 2, forged));
    } catch (error) {
      split = error;
    }
    expect(split).toBeInstanceOf(SplitView);
    expect([(split as SplitView).earlier.note, (split as SplitView).later.note]).toEqual([seen.note, other]);
    // The same size with another root is a split view too; a checkpoint without a proof is not taken.
    expect(() => own.see(store.checkpoint(1, forged), store.consistency(1, 1, forged))).toThrow(SplitView);
    expect(() => own.see(store.checkpoint(), null)).toThrow(/no consistency proof between 1 and 2 entries/);
  });

  it('refuses an own move that is not the entry it was told, or not under the signed root', () => {
    const store = new Store();
    const own = new OwnMoves('notes', store.commitment, publicKey);
    const move = store.play('ann', 'one');
    store.play('bob', 'two');
    own.see(store.checkpoint(), null);
    // A proof for entry 2 (bob's) presented as ann's entry 1.
    expect(() => own.include(move, { ...store.inclusion(2), seq: 1 })).toThrow(MoveNotLogged);
    // A proof against a root of the service's own choosing rather than the checkpoint's.
    const forged = [Buffer.alloc(32, 9), store.leaves[1]!];
    expect(() => own.include(move, store.inclusion(1, 2, forged))).toThrow(/is not in the table's tree of 2 entries that the log service signed/);
    expect(() => own.include(move, store.inclusion(1, 1))).toThrow(/the proof is at 1 entries, the checkpoint seen at 2/);
    own.include(move, store.inclusion(1));
    expect(own.proved).toHaveLength(1);
  });

  it('refuses a checkpoint not signed by the log service, or of another table', () => {
    const store = new Store();
    store.play('ann', 'one');
    const own = new OwnMoves('notes', store.commitment, publicKey);
    const forger = ed25519PrivateKey('44'.repeat(32));
    const unsigned = signCheckpoint({ origin: checkpointOrigin('notes', store.commitment), treeSize: 1, rootHash: rootOf(store.leaves).toString('hex') }, forger);
    expect(() => own.see(unsigned, null)).toThrow(BadCheckpoint);
    const otherTable = signCheckpoint({ origin: checkpointOrigin('other', store.commitment), treeSize: 1, rootHash: rootOf(store.leaves).toString('hex') }, key);
    expect(() => own.see(otherTable, null)).toThrow(/a checkpoint of chronicle\/other\/.* was shown for table notes/);
  });

  it('refuses at the end a finished log in which an own move is not as sent, or whose history is not the one seen', () => {
    const store = new Store();
    const own = new OwnMoves('notes', store.commitment, publicKey);
    annPlays(store, own, 'one');
    store.play('bob', 'two');
    // The store's log says ann sent something else (leaves rebuilt and signed: only ann knows what she sent).
    const lying = new Store(store.log.seed);
    lying.play('ann', 'not one');
    lying.play('bob', 'two');
    const claimed = new OwnMoves('notes', store.commitment, publicKey, {
      tableId: 'notes', commitment: store.commitment, latest: lying.checkpoint(1), moves: [{ seq: 1, revision: 1, seat: 'ann', payload: { text: 'one' }, leaf: lying.leaves[0]!.toString('hex') }],
    });
    expect(() => claimed.settle(lying.finished())).toThrow(/your move at revision 1 \(entry 1\) is logged as move 1 of ann: \{"text":"not one"\}, not what you sent/);
    // The history seen in play (ann's true entry) is not the finished one's first entry.
    expect(() => own.settle(lying.finished())).toThrow(SplitView);
    expect(own.settle(store.finished())).toEqual({ moves: 1, takenBack: 0 });
  });
});
