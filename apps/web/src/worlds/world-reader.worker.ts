import { parentPort } from 'node:worker_threads';
import { readWorld } from './world-reading';

/** The worker side of `WorldReader`: one snapshot reply in, its reading (or why not) out. */
parentPort!.on('message', (request: { id: number; visibility: Parameters<typeof readWorld>[1] } & Parameters<typeof readWorld>[0]) => {
  try {
    parentPort!.postMessage({ id: request.id, reading: readWorld(request, request.visibility) });
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
