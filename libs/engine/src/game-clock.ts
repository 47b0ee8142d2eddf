import { InvalidGame } from './errors';
import { asInteger, asObject, type JsonObject } from './json';

/**
 * How a table's game time follows the wall clock, from `options.clock` (set when the table
 * opens): game time = `gameStart` + (wall time − `openedAt`) × `speed`. Without it game time
 * is wall time, the legacy's way (a turn lasts `turnterm` real minutes). The rules never
 * read a clock: the executor turns "now" into the game time it advances to, and the
 * scheduler turns a game due time into the wall time it ticks at.
 */
export interface GameClock {
  /** Wall time (epoch ms) when the table, or its world's first chapter, opened. */
  readonly openedAt: number;
  /** Game time (epoch ms of the game's calendar) at `openedAt`. */
  readonly gameStart: number;
  /** Game milliseconds per wall millisecond; 1 keeps the legacy's real-time turns. */
  readonly speed: number;
  /**
   * Ticks coalesced: at least this many game milliseconds between two ticks of the table
   * (0 ticks at every due time, the legacy's per-general timing). Fewer, larger moves.
   */
  readonly minTickInterval: number;
}

export const REAL_TIME: GameClock = { openedAt: 0, gameStart: 0, speed: 1, minTickInterval: 0 };

/** The `options.clock` entry of a table opening now. */
export function clockOptions(clock: GameClock): { clock: JsonObject } {
  return { clock: { ...clock } };
}

export function readGameClock(options: Readonly<JsonObject>): GameClock {
  if (options.clock === undefined) return REAL_TIME;
  const o = asObject(options.clock, 'options.clock');
  const speed = o.speed;
  if (typeof speed !== 'number' || !Number.isFinite(speed) || speed <= 0 || speed > 1e7) {
    throw new InvalidGame('options.clock.speed must be a number above 0 and at most 10,000,000');
  }
  return {
    openedAt: asInteger(o.openedAt, 'options.clock.openedAt', 0),
    gameStart: asInteger(o.gameStart, 'options.clock.gameStart', 0),
    speed,
    minTickInterval: o.minTickInterval === undefined ? 0 : asInteger(o.minTickInterval, 'options.clock.minTickInterval', 0),
  };
}

/** The game time at wall time `wall` (rounded down: a move never runs ahead of its time). */
export function gameTimeAt(clock: GameClock, wall: number): number {
  return clock.gameStart + Math.floor((wall - clock.openedAt) * clock.speed);
}

/** The first wall time at which the game time reaches `game`. */
export function wallTimeOf(clock: GameClock, game: number): number {
  // The division is in floats, so its ceiling can land one wall tick either side of the first.
  const wall = clock.openedAt + Math.ceil((game - clock.gameStart) / clock.speed);
  if (gameTimeAt(clock, wall - 1) >= game) return wall - 1;
  return gameTimeAt(clock, wall) >= game ? wall : wall + 1;
}

/**
 * The game time a table due at `due` is ticked at: the due time itself, or with coalescing
 * no sooner than `minTickInterval` after the previous tick.
 */
export function tickTimeOf(clock: GameClock, due: number, previousTick: number | null): number {
  if (previousTick === null || clock.minTickInterval === 0) return due;
  return Math.max(due, previousTick + clock.minTickInterval);
}
