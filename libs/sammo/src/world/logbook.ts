import type { LogScope, World } from './types';

/** How many log entries a world keeps; older ones are dropped in batches. */
export const LOG_CAPACITY = 2000;
export const HISTORY_CAPACITY = 500;

/**
 * The move each world is being changed by. Not part of the world: an advance that writes
 * nothing leaves the state as it was, however the advances are split.
 */
const movesWriting = new WeakMap<World, number>();

/** Lines written to `world` from now on are move `move`'s (the table's revision after it). */
export function writingMove(world: World, move: number): void {
  movesWriting.set(world, move);
}

/** Records what happened, in the game's language, dated with the world's current month and tagged with the move writing it. */
export function log(world: World, scope: LogScope, subject: number, text: string): void {
  world.logs.push({ year: world.env.year, month: world.env.month, scope, subject, text, move: movesWriting.get(world) ?? 0 });
  // Trimming in batches keeps pushes cheap; the kept window is still a pure function of the pushes.
  if (world.logs.length > LOG_CAPACITY + LOG_CAPACITY / 4) world.logs.splice(0, world.logs.length - LOG_CAPACITY);
}

/** A notable event for the world's chronicle (중원정세). */
export function chronicle(world: World, text: string): void {
  world.history.push({ year: world.env.year, month: world.env.month, scope: 'world', subject: 0, text, move: movesWriting.get(world) ?? 0 });
  if (world.history.length > HISTORY_CAPACITY + HISTORY_CAPACITY / 4) world.history.splice(0, world.history.length - HISTORY_CAPACITY);
}

export function generalLog(world: World, generalId: number, text: string): void {
  log(world, 'general', generalId, text);
}

export function nationLog(world: World, nationId: number, text: string): void {
  log(world, 'nation', nationId, text);
}
