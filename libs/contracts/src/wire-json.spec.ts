import fc from 'fast-check';
import { AppendMoveV1 } from './log/requests.v1';
import { decodeAndValidate } from './validate';
import { MAX_WIRE_DEPTH, parseWireJson } from './wire-json';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const append = (payload: string) => bytes(`{"v":1,"tableId":"t","seat":"ann","expectedRevision":0,"idempotencyKey":"k","random":false,"payload":${payload}}`);
const reasons = (payload: string) => {
  const result = decodeAndValidate(AppendMoveV1, append(payload));
  return result.ok ? [] : result.reasons;
};

describe('messages are refused before anything reads them, or kept exactly as sent', () => {
  it('refuses NUL and lone surrogates in values and keys, naming where', () => {
    expect(reasons('{"a":"x\\u0000y"}')).toEqual([expect.stringMatching(/^payload\.a contains the NUL/)]);
    expect(reasons('{"a\\u0000":1}')).toEqual([expect.stringMatching(/payload has a key .* NUL/)]);
    expect(reasons('["\\ud800"]')).toEqual([expect.stringMatching(/payload\[0\] contains a lone UTF-16 surrogate/)]);
    expect(reasons('["\\udc00x"]')).toEqual([expect.stringMatching(/lone UTF-16 surrogate/)]);
    expect(reasons('["\\ud83d\\ude00"]')).toEqual([]);
  });

  it('refuses keys that name object members instead of dropping them', () => {
    for (const key of ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'prototype', 'valueOf']) {
      expect(reasons(`{"ok":1,"${key}":{"x":1}}`)).toEqual([expect.stringMatching(new RegExp(`key "${key}" that is reserved`))]);
    }
    expect(reasons('{"construct":1,"proto":2}')).toEqual([]);
  });

  it('refuses nesting past the limit without overflowing the stack, and unsafe integers', () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(reasons(deep(MAX_WIRE_DEPTH - 2))).toEqual([]);
    expect(reasons(deep(MAX_WIRE_DEPTH))).toEqual([expect.stringMatching(/nested deeper than 64 levels/)]);
    expect(reasons(deep(200_000))).toEqual([expect.stringMatching(/nested deeper/)]);
    expect(reasons('{"n":12345678901234567890}')).toEqual([expect.stringMatching(/payload\.n is an integer beyond/)]);
    expect(reasons('{"n":9007199254740991}')).toEqual([]);
    expect(reasons('1e999')).toEqual([expect.stringMatching(/payload must be a JSON value/)]);
  });

  it('refuses bytes that are not UTF-8 rather than replacing them', () => {
    const raw = Buffer.concat([bytes('{"a":"'), Buffer.from([0xff, 0xfe]), bytes('"}')]);
    expect(parseWireJson(raw)).toEqual({ ok: false, reason: expect.stringMatching(/not valid UTF-8/) });
  });

  it('accepts every plain JSON value it does not refuse, unchanged (property)', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
      const parsed = parseWireJson(bytes(JSON.stringify(value)));
      if (parsed.ok) expect(JSON.stringify(parsed.value)).toBe(JSON.stringify(value));
      else expect(parsed.reason).toMatch(/NUL|surrogate|reserved|integer beyond/);
    }), { numRuns: 2_000 });
  });
});
