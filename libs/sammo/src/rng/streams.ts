import type { Label, StreamDerivation } from '@chronicle/engine';
import { LiteHashDRBG } from './lite-hash-drbg';
import { RandUtil } from './rand-util';
import { simpleSerialize } from './simple-serialize';

/**
 * The strategy game's labelled streams: the seed string of stream `labels` is
 * `simpleSerialize(tableSeedHex, ...labels)`, exactly as the legacy engine serialises
 * `(hiddenSeed, ...labels)`, with the table's 64 hex digits standing for the hidden seed.
 */
export const legacyStreams: StreamDerivation<RandUtil> = {
  derive(seed, labels: readonly Label[]) {
    // Serialised on the first draw: many turns take a command's stream and never draw from it.
    return new RandUtil(new LiteHashDRBG(() => simpleSerialize(seed.hex, ...labels)));
  },
};

/** The same stream from a plain seed string, for code that runs outside a move (tests, tools). */
export function streamFromSeed(seedHex: string, ...labels: Label[]): RandUtil {
  return new RandUtil(new LiteHashDRBG(simpleSerialize(seedHex, ...labels)));
}
