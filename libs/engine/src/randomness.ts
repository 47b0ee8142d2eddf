import { createHash } from 'node:crypto';
import { IllegalMove } from './errors';
import { RandomSource, type Draws } from './random-source';
import { seedBytes } from './seed';
import { Xoshiro256StarStar } from './xoshiro';

/** A part of a labelled stream's name: `('monthly', 190, 3)`. Numbers must be safe integers. */
export type Label = string | number;

/** The table seed in both forms a derivation may want. */
export interface TableSeed {
  readonly hex: string;
  readonly bytes: Buffer;
}

export function tableSeed(seed: string): TableSeed {
  return { hex: seed, bytes: seedBytes(seed) };
}

/**
 * How a game turns the table seed and a list of labels into an independent stream.
 * The engine's default is {@link xoshiroStreams}; a game may plug in its own (the strategy
 * game uses the legacy hash DRBG), and must then document it as the engine documents its own.
 */
export interface StreamDerivation<S> {
  derive(seed: TableSeed, labels: readonly Label[]): S;
}

const STREAM_DOMAIN = Buffer.from('chronicle:stream:', 'ascii');

/** xoshiro256** seeded with SHA-256(seed bytes ‖ "chronicle:stream:" ‖ UTF-8 JSON of the labels). */
export const xoshiroStreams: StreamDerivation<RandomSource> = {
  derive(seed, labels) {
    const digest = createHash('sha256').update(seed.bytes).update(STREAM_DOMAIN).update(labelsText(labels), 'utf8').digest();
    return new RandomSource(new Xoshiro256StarStar(digest));
  },
};

export function labelsText(labels: readonly Label[]): string {
  for (const label of labels) {
    if (typeof label === 'number' && !Number.isSafeInteger(label)) {
      throw new IllegalMove(`stream labels must be strings or safe integers, got ${label}`);
    }
  }
  return JSON.stringify(labels);
}

/** xoshiro256** state for a step: SHA-256(seed bytes ‖ place as a 64-bit big-endian integer). */
export function stepState(seed: TableSeed, place: number): Buffer {
  const placeBytes = Buffer.alloc(8);
  placeBytes.writeBigUInt64BE(BigInt(place));
  return createHash('sha256').update(seed.bytes).update(placeBytes).digest();
}

/**
 * The randomness of one step of a table: place 0 is the setup, place n is move n.
 * The generator is built on the first draw, so a step that draws nothing costs no hashing,
 * and the engine learns whether the step drew (the log records it).
 * Asking for a labelled stream counts as drawing: the stream is the seed's, exposed to this step.
 */
export class Randomness<S = RandomSource> implements Draws {
  private own: RandomSource | undefined;
  private streamsTaken = false;

  constructor(
    private readonly seed: TableSeed,
    readonly place: number,
    private readonly streams: StreamDerivation<S>,
  ) {}

  /** Whether this step has drawn anything so far. */
  get drew(): boolean {
    return this.own !== undefined || this.streamsTaken;
  }

  int(min: number, max: number): number {
    return this.source().int(min, max);
  }

  float(): number {
    return this.source().float();
  }

  pick<T>(list: readonly T[]): T {
    return this.source().pick(list);
  }

  shuffle<T>(list: readonly T[]): T[] {
    return this.source().shuffle(list);
  }

  generator(): () => number {
    return () => this.source().float();
  }

  /** The labelled stream `labels` of this table, independent of the step's place. */
  stream(...labels: Label[]): S {
    this.streamsTaken = true;
    return this.streams.derive(this.seed, labels);
  }

  private source(): RandomSource {
    this.own ??= new RandomSource(new Xoshiro256StarStar(stepState(this.seed, this.place)));
    return this.own;
  }
}
