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

/** The first reason `value` cannot travel and be stored as it is, or undefined. Iterative: depth cannot overflow the stack. */
export function wireProblem(value: unknown): string | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '(message)', depth: 0 }];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const bad = stringProblem(v);
      if (bad) return `${path} ${bad}`;
    } else if (typeof v === 'number') {
      if (Number.isInteger(v) && !Number.isSafeInteger(v)) {
        return `${path} is an integer beyond ±2^53, which JSON readers round: send it as a string`;
      }
    } else if (typeof v === 'object' && v !== null) {
      if (depth >= MAX_WIRE_DEPTH) return `${path} is nested deeper than ${MAX_WIRE_DEPTH} levels`;
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: `${path}[${i}]`, depth: depth + 1 });
      } else {
        for (const key of Object.keys(v)) {
          const badKey = keyProblem(key);
          if (badKey) return `${path} has a key ${printable(key)} that ${badKey}`;
          stack.push({ value: (v as Record<string, unknown>)[key], path: path === '(message)' ? key : `${path}.${key}`, depth: depth + 1 });
        }
      }
    }
  }
  return undefined;
}

function stringProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains the NUL character (\\u0000), which PostgreSQL cannot store';
  if (LONE_SURROGATE.test(text)) return 'contains a lone UTF-16 surrogate, which is not Unicode text';
  return undefined;
}

function keyProblem(key: string): string | undefined {
  const bad = stringProblem(key);
  if (bad) return bad;
  // `__proto__`, `constructor`, `toString`, `hasOwnProperty`…: names every object already
  // has, which object mapping drops or confuses with the member.
  if (key in Object.prototype || key === 'prototype') return 'is reserved (an object member name); rename it';
  return undefined;
}

function printable(key: string): string {
  return JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);
}
