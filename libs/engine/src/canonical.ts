import { createHash } from 'node:crypto';
import type { GameData } from './game';
import { stateToArray, type GameState } from './game-state';
import type { Json } from './json';

/** JSON with object keys sorted at every level, so that equal values give equal text. */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k]!)}`).join(',')}}`;
}

/** SHA-256 of the canonical JSON, in hex. */
export function hashJson(value: Json): string {
  return createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
}

/**
 * The state hash that determinism checks compare: the same seed and moves give the same
 * hash, byte for byte, whatever process or machine replayed them.
 */
export function stateHash<G>(game: GameData<G>, state: Readonly<GameState<G>>): string {
  return hashJson(stateToArray(game, state));
}
