import { phpNumberFormat } from '../world/php-math';

/**
 * The legacy `Util::simpleSerialize`: the string a DRBG seed is made of.
 * Parts are joined by `|`; a string is `str(<code points>,<text>)`, an integer `int(<n>)`,
 * any other number `float(<n with 6 decimals>)` (PHP `number_format(v, 6, '.', '')`).
 */
export function simpleSerialize(...parts: readonly (string | number)[]): string {
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) out += '|';
    out += serializePart(parts[i]!);
  }
  return out;
}

function serializePart(part: string | number): string {
  if (typeof part === 'string') return `str(${codePointLength(part)},${part})`;
  if (Number.isInteger(part)) return `int(${part})`;
  return `float(${phpNumberFormat(part, 6)})`;
}

const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

function codePointLength(text: string): number {
  // Most parts (the table seed's hex digits, command keys) hold no surrogate pair.
  if (!HIGH_SURROGATE.test(text)) return text.length;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A surrogate pair is one code point, as PHP's mb_strlen counts it.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) i++;
    n++;
  }
  return n;
}
