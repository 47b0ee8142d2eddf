import { phpNumberFormat } from '../world/php-math';

/**
 * The legacy `Util::simpleSerialize`: the string a DRBG seed is made of.
 * Parts are joined by `|`; a string is `str(<code points>,<text>)`, an integer `int(<n>)`,
 * any other number `float(<n with 6 decimals>)` (PHP `number_format(v, 6, '.', '')`). PHP's
 * integers stop at 64 bits: an integral number outside them is a float there (1.5e21 is
 * `float(1500000000000000000000.000000)`).
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
  // Past 2^53 a double's shortest text is not its value; PHP prints every digit.
  if (Number.isInteger(part) && part >= PHP_INT_MIN && part < -PHP_INT_MIN) return `int(${Number.isSafeInteger(part) ? part : BigInt(part)})`;
  return `float(${phpNumberFormat(part, 6)})`;
}

/** PHP_INT_MIN, −2^63; PHP_INT_MAX is 2^63 − 1, and the next double up is 2^63 itself. */
const PHP_INT_MIN = -(2 ** 63);

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
