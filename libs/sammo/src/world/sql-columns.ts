/**
 * How the legacy's MariaDB columns change the numbers written through them (the legacy keeps
 * its world in SQL rows; libs/sammo keeps doubles and applies these where the legacy's SQL
 * does).
 */

/** A PHP float as MeekroDB prints it into SQL: PHP's `precision` of 14 significant digits. */
export function sqlNumber(value: number): number {
  return Number(value.toPrecision(14));
}

/**
 * A FLOAT column's value inside SQL arithmetic (`trust * 0.9`): the float32 it holds, as a
 * double; the row keeps what PHP reads back ({@link floatColumn}).
 */
export function floatInSql(value: number): number {
  return Math.fround(value);
}

/**
 * What a FLOAT column (`tech`, `trust`) hands back: the value stored as float32 and read by
 * mysqlnd with FLT_DIG (6) significant digits (`MYSQLI_OPT_INT_AND_FLOAT_NATIVE`).
 */
export function floatColumn(value: number): number {
  const stored = Math.fround(value);
  // PHP's zend_gcvt rounds an exact tie to even (9156.625 → 9156.62); toPrecision rounds it
  // away from zero, so a tie with an even sixth digit is cut instead.
  const exact = Math.abs(stored).toPrecision(40);
  if (!exact.includes('e')) {
    let digits = 0;
    let cut = -1;
    for (let i = 0; i < exact.length && cut < 0; i++) {
      if (exact[i] === '.' || (digits === 0 && exact[i] === '0')) continue;
      if (++digits === 6) cut = i;
    }
    if (cut >= 0 && /^5\.?0*$/.test(exact.slice(cut + 1).replace('.', '')) && Number(exact[cut]) % 2 === 0) {
      const dot = exact.indexOf('.');
      const kept = exact.slice(0, cut + 1) + (dot > cut ? '0'.repeat(dot - cut - 1) : '');
      return Math.sign(stored) * Number(kept);
    }
  }
  return Number(stored.toPrecision(6));
}
