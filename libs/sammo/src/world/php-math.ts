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
