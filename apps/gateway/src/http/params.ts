import { badInput } from './refusals';

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const WORLD_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The `:world` of a route: a world id as the scheduler names worlds. */
export function worldParam(id: string): string {
  if (!WORLD_PATTERN.test(id)) throw badInput('world', 'a world id is 1 to 64 letters, digits, "_" or "-"');
  return id;
}

/** A write's `Idempotency-Key` (or the fallback a route makes when none is sent). */
export function idempotencyKey(value: string | undefined, fallback?: string): string {
  const key = value ?? fallback;
  if (key === undefined) throw badInput('Idempotency-Key', 'every write needs an Idempotency-Key header (1 to 64 letters, digits, "_" or "-"): sent again, it is the same write');
  if (!KEY_PATTERN.test(key)) throw badInput('Idempotency-Key', 'Idempotency-Key: 1 to 64 letters, digits, "_" or "-"');
  return key;
}

/** An optional whole number query parameter within [min, max]; absent is undefined. */
export function intQuery(field: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max) throw badInput(field, `${field}: a whole number from ${min} to ${max}`);
  return n;
}

/** An optional query parameter that must be one of `allowed`; absent is the first. */
export function oneOf<T extends string>(field: string, value: string | undefined, allowed: readonly T[]): T {
  if (value === undefined) return allowed[0]!;
  if (!(allowed as readonly string[]).includes(value)) throw badInput(field, `${field} must be one of ${allowed.map((a) => `"${a}"`).join(', ')}`);
  return value as T;
}
