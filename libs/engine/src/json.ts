import { InvalidGame } from './errors';

/** A plain JSON value: what `toArray()` writes and `fromArray()` reads back. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const MAX_DEPTH = 64;

// Readers for `fromArray`: each one names the path of the field it refused, so that a
// person can find the bad value in a stored document.

export function asObject(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidGame(`${path} must be an object, got ${describe(value)}`);
  }
  return value as Record<string, unknown>;
}

export function asArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new InvalidGame(`${path} must be an array, got ${describe(value)}`);
  return value;
}

export function asString(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new InvalidGame(`${path} must be a string, got ${describe(value)}`);
  return value;
}

export function asBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw new InvalidGame(`${path} must be a boolean, got ${describe(value)}`);
  return value;
}

export function asInteger(value: unknown, path: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new InvalidGame(`${path} must be an integer, got ${describe(value)}`);
  }
  if (value < min || value > max) throw new InvalidGame(`${path} must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function asNullableString(value: unknown, path: string): string | null {
  return value === null ? null : asString(value, path);
}

export function asStringArray(value: unknown, path: string): string[] {
  return asArray(value, path).map((item, i) => asString(item, `${path}[${i}]`));
}

/** Checks that a value is plain JSON all the way down (no undefined, NaN, functions, cycles). */
export function asJson(value: unknown, path: string, depth = 0): Json {
  if (depth > MAX_DEPTH) throw new InvalidGame(`${path} is nested deeper than ${MAX_DEPTH} levels`);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidGame(`${path} must be a finite number, got ${value}`);
    return value;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) asJson(value[i], `${path}[${i}]`, depth + 1);
    return value as Json[];
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) asJson(item, `${path}.${key}`, depth + 1);
    return value as JsonObject;
  }
  throw new InvalidGame(`${path} must be a JSON value, got ${describe(value)}`);
}

export function asJsonObject(value: unknown, path: string): JsonObject {
  return asJson(asObject(value, path), path) as JsonObject;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value;
}
