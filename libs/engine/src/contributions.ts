import { createHash, randomBytes } from 'node:crypto';
import { IllegalMove, InvalidGame } from './errors';
import type { LoggedMove, Seat } from './game';
import { asArray, asNullableString, asObject, asString, type Json, type JsonObject } from './json';
import { tableSeed, type TableSeed } from './randomness';
import { seedBytes } from './seed';

/**
 * Contributed randomness (commit-reveal, see the README's "Seeds that nobody chooses"): a
 * table opened with `options.randomness = 'contributed/v1'` draws from the operator's
 * committed seed and the contributions of every seat of the table together. The
 * contributions are moves of the log (so the log service stores them, the entry tree covers
 * them and verify replays them), played by the engine itself, never by the game:
 *
 *   { "$randomness": "commit", "hash": "<64 hex>" }   each seat, once
 *   { "$randomness": "reveal", "value": "<64 hex>" }   each seat, once every seat committed
 *
 * No game move is played until every seat revealed: a seat that withholds holds the table
 * still, by name, rather than choosing between two draws.
 */
export const CONTRIBUTED = 'contributed/v1';
export const RANDOMNESS_KEY = '$randomness';

export type EntropyPhase = 'commit' | 'reveal' | 'fixed';

export interface Contribution {
  readonly seat: string;
  /** Null until the seat committed. */
  hash: string | null;
  /** Null until the seat revealed it. */
  value: string | null;
}

/** Where a contributed table's randomness stands: kept in its state, public (it holds no secret). */
export interface Entropy {
  phase: EntropyPhase;
  /** One per seat of the table, in the header's order, which is the order the derivation hashes them in. */
  contributions: Contribution[];
}

const HEX64 = /^[0-9a-f]{64}$/;
const COMMIT_DOMAIN = Buffer.from('chronicle/contribution/v1\0', 'ascii');
const SEED_DOMAIN = Buffer.from('chronicle/contributed-seed/v1\0', 'ascii');

/** Whether a table's options open it with contributed randomness; any other value of `randomness` is refused. */
export function isContributed(options: Readonly<JsonObject>): boolean {
  const scheme = options['randomness'];
  if (scheme === undefined) return false;
  if (scheme !== CONTRIBUTED) {
    throw new InvalidGame(`options.randomness must be "${CONTRIBUTED}" (contributed randomness) or absent, got ${JSON.stringify(scheme)}`);
  }
  return true;
}

/** Every seat of the table is to contribute, in the header's order. */
export function openEntropy(tableId: string, seats: readonly string[]): Entropy {
  if (seats.length === 0) throw new InvalidGame(`table ${tableId} opens with contributed randomness but has no seat to contribute`);
  return { phase: 'commit', contributions: seats.map((seat) => ({ seat, hash: null, value: null })) };
}

/** A new contribution: 32 bytes from the OS's secure source, as 64 lowercase hex digits. Kept secret until the reveal. */
export function newContribution(): string {
  return randomBytes(32).toString('hex');
}

/** SHA-256("chronicle/contribution/v1\0" ‖ SHA-256(table id) ‖ SHA-256(seat) ‖ value): what a seat commits to. */
export function contributionHash(tableId: string, seat: string, value: string): string {
  return createHash('sha256')
    .update(COMMIT_DOMAIN).update(sha256(tableId)).update(sha256(seat)).update(valueBytes(value, 'value'))
    .digest('hex');
}

/**
 * The seed every draw of a fixed table comes from:
 * SHA-256("chronicle/contributed-seed/v1\0" ‖ seed ‖ for each seat in the header's order: SHA-256(seat) ‖ value).
 */
export function combinedSeed(seed: string, entropy: Readonly<Entropy>): string {
  const hash = createHash('sha256').update(SEED_DOMAIN).update(seedBytes(seed));
  for (const c of entropy.contributions) {
    if (c.value === null) throw new InvalidGame(`seat ${c.seat} has not revealed its contribution: the draws are not fixed`);
    hash.update(sha256(c.seat)).update(valueBytes(c.value, 'value'));
  }
  return hash.digest('hex');
}

/** The seed a step of this state draws from: the table's own, or the combined one once fixed. */
export function drawSeed(seed: string, entropy: Readonly<Entropy> | undefined): TableSeed {
  return tableSeed(entropy ? combinedSeed(seed, entropy) : seed);
}

/** Whether a payload is one of the engine's contribution moves (the engine plays it, not the game). */
export function isContributionPayload(payload: Json): boolean {
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload) && RANDOMNESS_KEY in payload;
}

export function isContributionMove(entropy: Entropy | undefined, move: Pick<LoggedMove, 'payload'>): boolean {
  return entropy !== undefined && isContributionPayload(move.payload);
}

/** Why no game move may be played yet, or null once the draws are fixed. */
export function waitingFor(tableId: string, entropy: Readonly<Entropy>): string | null {
  if (entropy.phase === 'fixed') return null;
  if (entropy.phase === 'commit') {
    const missing = entropy.contributions.filter((c) => c.hash === null).map((c) => c.seat);
    return `table ${tableId} waits for the commits of ${missing.join(', ')} to its randomness ({"$randomness":"commit","hash":…}); `
      + 'no move is played before the draws are fixed';
  }
  const missing = entropy.contributions.filter((c) => c.value === null).map((c) => c.seat);
  return `table ${tableId} waits for the contributions of ${missing.join(', ')} to be revealed ({"$randomness":"reveal","value":…}); `
    + 'no move is played before the draws are fixed';
}

/**
 * Plays a contribution move on the entropy, in place; refuses with `IllegalMove` (a reason the
 * seat can act on) and changes nothing when it does not apply.
 */
export function applyContribution(tableId: string, entropy: Entropy, seat: Seat, payload: Json): void {
  const move = asObject(payload, 'payload') as Record<string, unknown>;
  const kind = move[RANDOMNESS_KEY];
  if (kind !== 'commit' && kind !== 'reveal') {
    throw new IllegalMove(`payload.${RANDOMNESS_KEY} must be "commit" or "reveal", got ${JSON.stringify(kind)}`);
  }
  const own = entropy.contributions.find((c) => c.seat === seat);
  if (!own) {
    throw new IllegalMove(seat === null
      ? 'the table seat does not contribute: its seed is the one committed at the opening'
      : `seat ${seat} is not a seat of table ${tableId}: its seats (${entropy.contributions.map((c) => c.seat).join(', ')}) contribute`);
  }
  if (kind === 'commit') {
    const hash = move['hash'];
    if (typeof hash !== 'string' || !HEX64.test(hash)) throw new IllegalMove('payload.hash must be 64 lowercase hexadecimal digits: the contribution\'s hash (contributionHash)');
    if (own.hash !== null) throw new IllegalMove(`seat ${own.seat} has already committed a contribution`);
    own.hash = hash;
    if (entropy.contributions.every((c) => c.hash !== null)) entropy.phase = 'reveal';
    return;
  }
  const value = move['value'];
  if (typeof value !== 'string' || !HEX64.test(value)) throw new IllegalMove('payload.value must be the 64 lowercase hexadecimal digits the seat committed to');
  if (entropy.phase === 'commit') {
    throw new IllegalMove(`${waitingFor(tableId, entropy)}: reveal once every seat has committed`);
  }
  if (own.value !== null) throw new IllegalMove(`seat ${own.seat} has already revealed its contribution`);
  if (contributionHash(tableId, own.seat, value) !== own.hash) {
    throw new IllegalMove(`the value is not the one seat ${own.seat} committed to (hash ${own.hash})`);
  }
  own.value = value;
  if (entropy.contributions.every((c) => c.value !== null)) entropy.phase = 'fixed';
}

export function writeEntropy(entropy: Readonly<Entropy>): JsonObject {
  return { phase: entropy.phase, contributions: entropy.contributions.map((c) => ({ seat: c.seat, hash: c.hash, value: c.value })) };
}

export function readEntropy(value: unknown): Entropy {
  const o = asObject(value, 'state.entropy');
  const phase = asString(o['phase'], 'state.entropy.phase');
  if (phase !== 'commit' && phase !== 'reveal' && phase !== 'fixed') {
    throw new InvalidGame(`state.entropy.phase must be commit, reveal or fixed, got ${phase}`);
  }
  const contributions = asArray(o['contributions'], 'state.entropy.contributions').map((raw, i) => {
    const path = `state.entropy.contributions[${i}]`;
    const c = asObject(raw, path);
    const hash = asNullableString(c['hash'], `${path}.hash`);
    const revealed = asNullableString(c['value'], `${path}.value`);
    if ((hash !== null && !HEX64.test(hash)) || (revealed !== null && !HEX64.test(revealed))) {
      throw new InvalidGame(`${path}: hash and value are null or 64 lowercase hexadecimal digits`);
    }
    return { seat: asString(c['seat'], `${path}.seat`), hash, value: revealed };
  });
  return { phase, contributions };
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

function valueBytes(value: string, what: string): Buffer {
  if (!HEX64.test(value)) throw new InvalidGame(`a contribution's ${what} must be 64 lowercase hexadecimal digits`);
  return Buffer.from(value, 'hex');
}
