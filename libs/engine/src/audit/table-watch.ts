import { InvalidGame } from '../errors';
import { verifyConsistency, verifyInclusion } from './merkle';

/** A checkpoint as a client or witness keeps it: what it says, and the note that said it (signed: the evidence). */
export interface SeenCheckpoint {
  readonly treeSize: number;
  /** Hex root. */
  readonly rootHash: string;
  /** The checkpoint's text as it was published (the signed note). */
  readonly note: string;
}

/**
 * Two checkpoints of one table that no single history can both have: the log was shown
 * one way to some and another way to others (or rewritten). Both notes are kept: signed by
 * the log service, together they prove it to anyone.
 */
export class SplitView extends InvalidGame {
  constructor(readonly earlier: SeenCheckpoint, readonly later: SeenCheckpoint, reason: string) {
    super(`split view: the checkpoint at ${later.treeSize} entries (root ${later.rootHash.slice(0, 16)}…) does not extend the one at ${earlier.treeSize} (root ${earlier.rootHash.slice(0, 16)}…): ${reason}`);
  }
}

const bytes = (hex: string): Buffer => Buffer.from(hex, 'hex');

/**
 * What a player's client or an outside witness checks of one table while it is in play,
 * without its seed: every checkpoint it is shown extends the last one it holds (a
 * consistency proof), and an entry it knows — its own move — is in the tree at the place it
 * was told (an inclusion proof). It checks hashes only; whether a checkpoint's signature is
 * the log service's is its caller's check (`openCheckpoint` of contracts), done before.
 */
export class TableWatch {
  private held: SeenCheckpoint | null = null;

  /** The largest checkpoint seen so far. */
  get latest(): SeenCheckpoint | null {
    return this.held;
  }

  /**
   * A checkpoint shown now, with the consistency proof between it and {@link latest}
   * (from the smaller size to the larger). Throws {@link SplitView} when they cannot be one history.
   */
  see(checkpoint: SeenCheckpoint, proof: readonly string[]): void {
    const held = this.held;
    if (!held) {
      this.held = checkpoint;
      return;
    }
    const [small, large] = checkpoint.treeSize < held.treeSize ? [checkpoint, held] : [held, checkpoint];
    if (!verifyConsistency(small.treeSize, large.treeSize, bytes(small.rootHash), bytes(large.rootHash), proof.map(bytes))) {
      throw new SplitView(small, large, small.treeSize === large.treeSize ? 'the same size with two roots' : 'the consistency proof does not hold');
    }
    if (checkpoint.treeSize > held.treeSize) this.held = checkpoint;
  }

  /** True when `leaf` (hex) is entry `seq` of the checkpoint's tree by the inclusion proof. */
  static includes(leaf: string, seq: number, checkpoint: Pick<SeenCheckpoint, 'treeSize' | 'rootHash'>, proof: readonly string[]): boolean {
    return verifyInclusion(bytes(leaf), seq - 1, checkpoint.treeSize, proof.map(bytes), bytes(checkpoint.rootHash));
  }
}
