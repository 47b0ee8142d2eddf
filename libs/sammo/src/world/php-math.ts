/**
 * PHP 8.2's `round($value, $places)` (ext/standard/math.c `_php_math_round`): half away from
 * zero, after pre-rounding the value to the 15 significant digits a double guarantees. The
 * legacy rounds this way everywhere; `Math.round` differs on negative halves (−2.5 → −2,
 * PHP −3) and on near-halves (775.4999999999999 → 775, PHP 776).
 */
export function phpRound(value: number, places = 0): number {
  if (!Number.isInteger(places) || Math.abs(places) > 22) throw new RangeError(`phpRound supports 0 to ±22 places, not ${places}`);
  if (!Number.isFinite(value) || value === 0) return value;
  // Most calls round a whole number or a quarter (stats / 4): such a value below 1e13 is its
  // own 15-digit pre-rounding, so it rounds as it is.
  if (places === 0 && Number.isInteger(value * 4) && Math.abs(value) < 1e13) return halfAwayFromZero(value);
  const precisionPlaces = 14 - Math.floor(Math.log10(Math.abs(value)));
  const f1 = pow10(Math.abs(places));
  let tmp: number;
  if (precisionPlaces > places && precisionPlaces - 15 < places) {
    const usePrecision = Math.max(-60, precisionPlaces);
    tmp = halfAwayFromZero(scale(value, usePrecision));
    tmp = tmp / pow10(Math.abs(Math.max(-60, places - usePrecision)));
  } else {
    tmp = places >= 0 ? value * f1 : value / f1;
    // Beyond a double's precision rounding cannot change anything.
    if (Math.abs(tmp) >= 1e15) return value;
  }
  tmp = halfAwayFromZero(tmp);
  return places > 0 ? tmp / f1 : tmp * f1;
}

/**
 * PHP's `number_format($value, $decimals, '.', $thousands)`: rounded as {@link phpRound};
 * `number_format($v, $d)` is `thousands = ','`, `simpleSerialize` uses `''`.
 */
export function phpNumberFormat(value: number, decimals: number, thousands = ''): string {
  const rounded = phpRound(value, decimals);
  const [whole, fraction] = fixed(Math.abs(rounded), decimals).split('.') as [string, string | undefined];
  const grouped = thousands === '' ? whole : whole.replace(/\B(?=(\d{3})+$)/g, thousands);
  const text = fraction === undefined ? grouped : `${grouped}.${fraction}`;
  // PHP writes a negative value that rounds to zero without its sign.
  return rounded < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/**
 * C's `%.*F`, which PHP formats with: every digit of the double. `toFixed` gives them below
 * 1e21 and an exponent from there; a double that large is a whole number, written out.
 */
function fixed(abs: number, decimals: number): string {
  if (abs < 1e21) return abs.toFixed(decimals);
  return decimals > 0 ? `${BigInt(abs)}.${'0'.repeat(decimals)}` : `${BigInt(abs)}`;
}

/** PHP's `number_format($value)`: a whole number with thousands separators, as log lines print amounts. */
export function grouped(value: number): string {
  return phpNumberFormat(value, 0, ',');
}

function halfAwayFromZero(value: number): number {
  return value >= 0 ? Math.floor(value + 0.5) : Math.ceil(value - 0.5);
}

function scale(value: number, places: number): number {
  const f = pow10(Math.abs(places));
  return places >= 0 ? value * f : value / f;
}

// php_intpow10: exact table powers up to 1e22, pow() beyond.
function pow10(power: number): number {
  return power > 22 ? Math.pow(10, power) : POWERS[power]!;
}

const POWERS = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/**
 * The code points PHP 8.2's `mb_strwidth` counts as 2 columns (mbstring's East Asian wide and
 * fullwidth table: Hangul, CJK, kana, fullwidth forms, emoji, …), as inclusive ranges read
 * from `mb_strwidth(mb_chr($c))` over every code point: first, last, first, last, ….
 */
const WIDE: readonly number[] = [
  0x1100, 0x115f, 0x231a, 0x231b, 0x2329, 0x232a, 0x23e9, 0x23ec, 0x23f0, 0x23f0, 0x23f3, 0x23f3, 0x25fd, 0x25fe,
  0x2614, 0x2615, 0x2648, 0x2653, 0x267f, 0x267f, 0x2693, 0x2693, 0x26a1, 0x26a1, 0x26aa, 0x26ab, 0x26bd, 0x26be,
  0x26c4, 0x26c5, 0x26ce, 0x26ce, 0x26d4, 0x26d4, 0x26ea, 0x26ea, 0x26f2, 0x26f3, 0x26f5, 0x26f5, 0x26fa, 0x26fa,
  0x26fd, 0x26fd, 0x2705, 0x2705, 0x270a, 0x270b, 0x2728, 0x2728, 0x274c, 0x274c, 0x274e, 0x274e, 0x2753, 0x2755,
  0x2757, 0x2757, 0x2795, 0x2797, 0x27b0, 0x27b0, 0x27bf, 0x27bf, 0x2b1b, 0x2b1c, 0x2b50, 0x2b50, 0x2b55, 0x2b55,
  0x2e80, 0x2e99, 0x2e9b, 0x2ef3, 0x2f00, 0x2fd5, 0x2ff0, 0x2ffb, 0x3000, 0x303e, 0x3041, 0x3096, 0x3099, 0x30ff,
  0x3105, 0x312f, 0x3131, 0x318e, 0x3190, 0x31e3, 0x31f0, 0x321e, 0x3220, 0x3247, 0x3250, 0x4dbf, 0x4e00, 0xa48c,
  0xa490, 0xa4c6, 0xa960, 0xa97c, 0xac00, 0xd7a3, 0xf900, 0xfaff, 0xfe10, 0xfe19, 0xfe30, 0xfe52, 0xfe54, 0xfe66,
  0xfe68, 0xfe6b, 0xff01, 0xff60, 0xffe0, 0xffe6, 0x16fe0, 0x16fe4, 0x16ff0, 0x16ff1, 0x17000, 0x187f7,
  0x18800, 0x18cd5, 0x18d00, 0x18d08, 0x1aff0, 0x1aff3, 0x1aff5, 0x1affb, 0x1affd, 0x1affe, 0x1b000, 0x1b122,
  0x1b150, 0x1b152, 0x1b164, 0x1b167, 0x1b170, 0x1b2fb, 0x1f004, 0x1f004, 0x1f0cf, 0x1f0cf, 0x1f18e, 0x1f18e,
  0x1f191, 0x1f19a, 0x1f200, 0x1f202, 0x1f210, 0x1f23b, 0x1f240, 0x1f248, 0x1f250, 0x1f251, 0x1f260, 0x1f265,
  0x1f300, 0x1f320, 0x1f32d, 0x1f335, 0x1f337, 0x1f37c, 0x1f37e, 0x1f393, 0x1f3a0, 0x1f3ca, 0x1f3cf, 0x1f3d3,
  0x1f3e0, 0x1f3f0, 0x1f3f4, 0x1f3f4, 0x1f3f8, 0x1f43e, 0x1f440, 0x1f440, 0x1f442, 0x1f4fc, 0x1f4ff, 0x1f53d,
  0x1f54b, 0x1f54e, 0x1f550, 0x1f567, 0x1f57a, 0x1f57a, 0x1f595, 0x1f596, 0x1f5a4, 0x1f5a4, 0x1f5fb, 0x1f64f,
  0x1f680, 0x1f6c5, 0x1f6cc, 0x1f6cc, 0x1f6d0, 0x1f6d2, 0x1f6d5, 0x1f6d7, 0x1f6dd, 0x1f6df, 0x1f6eb, 0x1f6ec,
  0x1f6f4, 0x1f6fc, 0x1f7e0, 0x1f7eb, 0x1f7f0, 0x1f7f0, 0x1f90c, 0x1f93a, 0x1f93c, 0x1f945, 0x1f947, 0x1f9ff,
  0x1fa70, 0x1fa74, 0x1fa78, 0x1fa7c, 0x1fa80, 0x1fa86, 0x1fa90, 0x1faac, 0x1fab0, 0x1faba, 0x1fac0, 0x1fac5,
  0x1fad0, 0x1fad9, 0x1fae0, 0x1fae7, 0x1faf0, 0x1faf6, 0x20000, 0x2fffd, 0x30000, 0x3fffd,
];

/** PHP `mb_strwidth` for names: 2 columns for a wide character, 1 otherwise. */
export function phpStrWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    width += isWide(cp) ? 2 : 1;
  }
  return width;
}

/**
 * PHP `mb_strimwidth($text, 0, $width)` without a trim marker: the longest head of the text
 * at most `$width` columns wide (a wide character that would cross the edge is left out whole).
 */
export function phpStrimWidth(text: string, width: number): string {
  let used = 0;
  let head = '';
  for (const ch of text) {
    used += isWide(ch.codePointAt(0)!) ? 2 : 1;
    if (used > width) break;
    head += ch;
  }
  return head;
}

function isWide(cp: number): boolean {
  for (let i = 0; i < WIDE.length; i += 2) if (cp >= WIDE[i]! && cp <= WIDE[i + 1]!) return true;
  return false;
}
