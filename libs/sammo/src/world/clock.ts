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
