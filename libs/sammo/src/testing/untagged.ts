import type { JsonObject } from '@chronicle/engine';
import { writeWorld } from '../state/serialize';
import type { LogEntry, World } from '../world/types';

/**
 * The world as written with its lines' move tags cleared: what must not depend on how the
 * time was split into moves (the tags say which move wrote each line, and so do depend on it).
 */
export function untaggedWorld(world: World): JsonObject {
  const out = writeWorld(world) as unknown as { logs: LogEntry[]; history: LogEntry[] };
  for (const e of out.logs) e.move = 0;
  for (const e of out.history) e.move = 0;
  return out as unknown as JsonObject;
}
