/**
 * The legacy clock (§2) on epoch milliseconds. Days are UTC days: the legacy server's
 * local day is not part of the data, so the game's day boundary is midnight UTC.
 */
const MINUTE = 60_000;
const DAY = 86_400_000;
const HOUR = 3_600_000;

export function addTurn(time: number, termMinutes: number, n = 1): number {
  return time + n * termMinutes * MINUTE;
}

/** The start of the turn window holding `time`: windows are laid from 01:00 of the day before. */
export function cutTurn(time: number, termMinutes: number): number {
  const base = Math.floor(time / DAY) * DAY - DAY + HOUR;
  let minutes = Math.floor((time - base) / MINUTE);
  minutes -= minutes % termMinutes;
  return base + minutes * MINUTE;
}

/** The opening of the turn window after the one holding `time`. */
export function nextTurnWindow(time: number, termMinutes: number): number {
  return addTurn(cutTurn(time, termMinutes), termMinutes);
}

/** The game year and month of the turn window holding `time`. */
export function turnDate(time: number, startTime: number, startYear: number, termMinutes: number): { year: number; month: number } {
  const num = Math.floor((cutTurn(time, termMinutes) - startTime) / (termMinutes * MINUTE));
  const date = startYear * 12 + num;
  return { year: Math.floor(date / 12), month: (((date % 12) + 12) % 12) + 1 };
}

/** A year-month as one index: `y×12 + m − 1`. */
export function joinYearMonth(year: number, month: number): number {
  return year * 12 + month - 1;
}

/**
 * A stable offset inside the first turn window, in ms, for the scenario worlds and new
 * players: legacy `getRandTurn`'s second, but its fraction drawn in ms (legacy draws µs), as
 * the worlds already played were drawn. Generals the rules create use {@link legacyRandomTurnTime}.
 */
export function randomTurnTime(base: number, turnterm: number, rng: { nextRangeInt(a: number, b: number): number }): number {
  return base + rng.nextRangeInt(0, 60 * turnterm - 1) * 1000 + rng.nextRangeInt(0, 999);
}

/**
 * Legacy `getRandTurn` draw for draw: a second of the turn window, then a fraction in µs;
 * legacy adds them as one float and splits it again (`secondsToDateInterval`), which can lose
 * the last µs, and the world keeps the result to the ms.
 */
export function legacyRandomTurnTime(base: number, turnterm: number, rng: { nextRangeInt(a: number, b: number): number }): number {
  const seconds = rng.nextRangeInt(0, 60 * turnterm - 1) + rng.nextRangeInt(0, 999_999) / 1_000_000;
  const whole = Math.floor(seconds);
  const micro = Math.trunc((seconds - whole) * 1_000_000);
  return base + whole * 1000 + Math.floor(micro / 1000);
}
