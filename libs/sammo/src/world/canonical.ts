import { createHash } from 'node:crypto';
import type { Json } from '@chronicle/engine';

/** JSON with object keys sorted at every level: equal values give equal text. */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k]!)}`).join(',')}}`;
}

/** SHA-256 of the canonical JSON, in hex: the state hash determinism tests compare. */
export function hashJson(value: Json): string {
  return createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
}
