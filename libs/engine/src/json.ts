import { CodedError, IllegalMove, InvalidGame } from './errors';

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
  // A hole is skipped by map and forEach, so it would surface later as a TypeError far from here.
  for (let i = 0; i < value.length; i++) {
    if (!(i in value)) throw new InvalidGame(`${path}[${i}] is missing: an array may not have holes`);
  }
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

/** Checks that a value is plain JSON all the way down (no undefined, NaN, functions, holes, cycles). */
export function asJson(value: unknown, path: string): Json {
  guarded(path, (reason) => new InvalidGame(reason), () => walkJson(value, path, (reason) => new InvalidGame(reason), 0, false));
  return value as Json;
}

/**
 * A move's payload at the door, as the frozen copy the engine plays and the log keeps: a
 * value that JSON cannot carry (NaN, Infinity, undefined, a hole, a Map) would be logged but
 * could never be read back, so it is refused as an illegal move rather than stored. Each
 * field is read once, so a getter cannot show the check one value and the log another.
 */
export function asPayload(value: unknown, path = 'payload'): Json {
  return frozenJson(value, path, (reason) => new IllegalMove(reason));
}

/** A checked, deep-frozen copy of a document's JSON value (options, a logged payload). */
export function asFrozenJson(value: unknown, path: string): Json {
  return frozenJson(value, path, (reason) => new InvalidGame(reason));
}

/** A move's payload as an object, for a game's `check`; anything else is an illegal move. */
export function asMoveObject(payload: Json, shape: string): JsonObject {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new IllegalMove(`${shape}, got ${describe(payload)}`);
  }
  return payload;
}

/**
 * Where a value sits, for the message of a refusal: the caller's path, or a child of a
 * place. Every payload passes here on every step and at the door, so the path text is built
 * only when something is refused.
 */
type Where = string | { parent: Where; key: string | number };

function pathText(where: Where): string {
  if (typeof where === 'string') return where;
  return typeof where.key === 'number' ? `${pathText(where.parent)}[${where.key}]` : `${pathText(where.parent)}.${where.key}`;
}

/** A string, boolean, null or finite number: nothing below it to check. */
function isPlainLeaf(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** A deep copy of a checked JSON value, sharing nothing with it. */
export function copyJson<T extends Json>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => copyJson(item)) as T;
  // fromEntries defines own properties, so a "__proto__" key stays a key.
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyJson(item)])) as T;
}

// The copies frozenJson made: checked and frozen all the way down, so they need no second pass.
const frozenCopies = new WeakSet<object>();

/** A deep, frozen copy: what a log keeps, so that nobody holding the original can change it. */
function frozenJson(value: unknown, path: string, refuse: (reason: string) => Error): Json {
  if (typeof value === 'object' && value !== null && frozenCopies.has(value)) return value as Json;
  const copy = guarded(path, refuse, () => walkJson(value, path, refuse, 0, true));
  if (typeof copy === 'object' && copy !== null) frozenCopies.add(copy);
  return copy;
}

/**
 * Checks that a value is plain JSON all the way down (no undefined, NaN, functions, holes,
 * cycles) and, with `copy`, returns a deep-frozen copy built from the one read of each field;
 * without it, returns the value itself (a large document read back needs no copy).
 */
function walkJson(value: unknown, where: Where, refuse: (reason: string) => Error, depth: number, copy: boolean): Json {
  if (depth > MAX_DEPTH) throw refuse(`${pathText(where)} is nested deeper than ${MAX_DEPTH} levels`);
  if (isPlainLeaf(value)) return value as Json;
  if (typeof value === 'number') throw refuse(`${pathText(where)} must be a finite number, got ${value}`);
  // Leaves are checked in the loops without a call (or a place) of their own, unless too deep.
  const leavesFine = depth < MAX_DEPTH;
  if (Array.isArray(value)) {
    const length = value.length;
    const items = copy ? new Array<Json>(length) : undefined;
    for (let i = 0; i < length; i++) {
      if (!(i in value)) throw refuse(`${pathText(where)}[${i}] is missing: an array may not have holes`);
      const item: unknown = value[i];
      const checked = leavesFine && isPlainLeaf(item) ? (item as Json) : walkJson(item, { parent: where, key: i }, refuse, depth + 1, copy);
      if (items) items[i] = checked;
    }
    return items ? (Object.freeze(items) as Json) : (value as Json[]);
  }
  if (typeof value === 'object' && value !== null && isPlainObject(value)) {
    const entries: Array<[string, Json]> | undefined = copy ? [] : undefined;
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      const checked = leavesFine && isPlainLeaf(item) ? (item as Json) : walkJson(item, { parent: where, key }, refuse, depth + 1, copy);
      entries?.push([key, checked]);
    }
    // fromEntries defines own properties, so a "__proto__" key stays a key.
    return entries ? (Object.freeze(Object.fromEntries(entries)) as Json) : (value as JsonObject);
  }
  throw refuse(`${pathText(where)} must be a JSON value, got ${describe(value)}`);
}

/**
 * Runs a check over a caller's value, turning what the value itself throws (a getter, a
 * proxy's trap) into the check's own refusal: the caller gets a typed error, never a TypeError.
 */
function guarded<T>(path: string, refuse: (reason: string) => Error, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof CodedError) throw error;
    throw refuse(`${path} could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A document's options: an object, checked and kept as a frozen copy. */
export function asJsonObject(value: unknown, path: string): JsonObject {
  return asFrozenJson(guarded(path, (reason) => new InvalidGame(reason), () => asObject(value, path)), path) as JsonObject;
}

// A null-prototype object (a dictionary) is plain data too; a Map, Date or class instance is not.
function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  if (typeof value === 'object') return `an object of type ${value.constructor?.name ?? 'null prototype'}`;
  return typeof value;
}
