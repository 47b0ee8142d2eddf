/**
 * PHP 8.2's `round($value, $places)` (ext/standard/math.c `_php_math_round`): half away from
 * zero, after pre-rounding the value to the 15 significant digits a double guarantees. The
 * legacy rounds this way everywhere; `Math.round` differs on negative halves (−2.5 → −2,
 * PHP −3) and on near-halves (775.4999999999999 → 775, PHP 776).
 */
export function phpRound(value: number, places = 0): number {
  if (!Number.isInteger(places) || Math.abs(places) > 22) throw new RangeError(`phpRound supports 0 to ±22 places, not ${places}`);
  if (!Number.isFinite(value) || value === 0) return value;
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
  const [whole, fraction] = Math.abs(rounded).toFixed(decimals).split('.') as [string, string | undefined];
  const grouped = thousands === '' ? whole : whole.replace(/\B(?=(\d{3})+$)/g, thousands);
  const text = fraction === undefined ? grouped : `${grouped}.${fraction}`;
  // PHP writes a negative value that rounds to zero without its sign.
  return rounded < 0 && /[1-9]/.test(text) ? `-${text}` : text;
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
 * The East Asian wide and fullwidth blocks PHP's `mb_strwidth` counts as 2 columns (Hangul
 * Jamo and syllables, CJK, kana, fullwidth forms, the common emoji blocks); the rarer wide
 * symbols of PHP 8's full Unicode table count 1 here.
 */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], [0x2e80, 0x303e], [0x3041, 0x33ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xa000, 0xa4cf],
  [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe30, 0xfe4f], [0xff00, 0xff60], [0xffe0, 0xffe6], [0x1f300, 0x1f64f], [0x1f900, 0x1f9ff],
  [0x20000, 0x2fffd], [0x30000, 0x3fffd],
];

/** PHP `mb_strwidth` for names: 2 columns for a wide character, 1 otherwise. */
export function phpStrWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    width += WIDE.some(([lo, hi]) => cp >= lo && cp <= hi) ? 2 : 1;
  }
  return width;
}
