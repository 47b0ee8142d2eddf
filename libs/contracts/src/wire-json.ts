/**
 * What every message must be before anything else reads it: well-formed UTF-8 JSON whose
 * strings and keys PostgreSQL and `jsonb` can store as sent, whose keys no object member
 * shadows (class-transformer and plain objects would drop or misread them), nested no
 * deeper than the engine reads, with integers that survive the trip through a double.
 * A message that is not is refused whole, with the path of the first bad place: a payload
 * is stored exactly as sent or not at all.
 */

/** Deepest nesting of a whole message (the engine reads payloads up to 64 levels). */
export const MAX_WIRE_DEPTH = 64;

const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Parses the bytes; returns the value, or the reason it is refused. */
export function parseWireJson(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false; reason: string } {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, reason: 'not JSON: the bytes are not valid UTF-8' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not JSON: ${(error as Error).message}` };
  }
  const problem = wireProblem(value);
  return problem ? { ok: false, reason: problem } : { ok: true, value };
}

/** Where a value sits in the message: its parent's place and its key; the path text is built only for a refusal. */
interface Place {
  parent: Place | undefined;
  key: string | number;
}

function pathOf(place: Place | undefined): string {
  if (!place) return '(message)';
  if (typeof place.key === 'number') return `${pathOf(place.parent)}[${place.key}]`;
  return place.parent ? `${pathOf(place.parent)}.${place.key}` : place.key;
}

/**
 * The first reason `value` cannot travel and be stored as it is, or undefined. Iterative:
 * depth cannot overflow the stack. Every message passes here (payloads of up to 64 KiB), so
 * strings and numbers are checked where they are met, only objects and arrays wait on the
 * stack, and no path text is built until something is refused.
 */
export function wireProblem(value: unknown): string | undefined {
  const leaf = leafProblem(value);
  if (leaf) return `(message) ${leaf}`;
  const stack: Array<{ value: object; place: Place | undefined; depth: number }> = [];
  if (typeof value === 'object' && value !== null) stack.push({ value, place: undefined, depth: 0 });
  while (stack.length > 0) {
    const { value: v, place, depth } = stack.pop()!;
    if (depth >= MAX_WIRE_DEPTH) return `${pathOf(place)} is nested deeper than ${MAX_WIRE_DEPTH} levels`;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item: unknown = v[i];
        if (typeof item === 'object' && item !== null) {
          stack.push({ value: item, place: { parent: place, key: i }, depth: depth + 1 });
        } else {
          const bad = leafProblem(item);
          if (bad) return `${pathOf({ parent: place, key: i })} ${bad}`;
        }
      }
    } else {
      for (const key of Object.keys(v)) {
        const badKey = keyProblem(key);
        if (badKey) return `${pathOf(place)} has a key ${printable(key)} that ${badKey}`;
        const item: unknown = (v as Record<string, unknown>)[key];
        if (typeof item === 'object' && item !== null) {
          stack.push({ value: item, place: { parent: place, key }, depth: depth + 1 });
        } else {
          const bad = leafProblem(item);
          if (bad) return `${pathOf({ parent: place, key })} ${bad}`;
        }
      }
    }
  }
  return undefined;
}

/** What is wrong with a string or number (anything else that JSON holds is fine), or undefined. */
function leafProblem(value: unknown): string | undefined {
  if (typeof value === 'string') return stringProblem(value);
  if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) {
    return 'is an integer beyond ±2^53, which JSON readers round: send it as a string';
  }
  return undefined;
}

function stringProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains the NUL character (\\u0000), which PostgreSQL cannot store';
  // The plain class first: most text has no surrogate at all, and the lookarounds cost more.
  if (SURROGATE.test(text) && LONE_SURROGATE.test(text)) return 'contains a lone UTF-16 surrogate, which is not Unicode text';
  return undefined;
}

/** `__proto__`, `constructor`, `toString`, `hasOwnProperty`…: names every object already has. */
const RESERVED_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export function isReservedKey(key: string): boolean {
  return RESERVED_KEYS.has(key);
}
/** Keys already found fine: payloads repeat a small vocabulary of keys thousands of times. */
const GOOD_KEYS = new Set<string>();
const GOOD_KEYS_MAX = 10_000;

function keyProblem(key: string): string | undefined {
  if (GOOD_KEYS.has(key)) return undefined;
  const bad = stringProblem(key);
  if (bad) return bad;
  // Object mapping drops these or confuses them with the member.
  if (RESERVED_KEYS.has(key)) return 'is reserved (an object member name); rename it';
  if (GOOD_KEYS.size < GOOD_KEYS_MAX && key.length <= 64) GOOD_KEYS.add(key);
  return undefined;
}

function printable(key: string): string {
  return JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);
}
