import type { SnapshotV1 } from '@chronicle/contracts';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Visibility } from '../view/world-view';
import type { WorldReading } from './world-reading';

type Reply = { id: number; reading: WorldReading } | { id: number; error: string };

/**
 * Reads worlds' states in a worker thread, so that the service's own thread stays free for
 * the events and the live feed. Run from TypeScript (`scripts/run-ts.cjs`, jest), the worker
 * compiles its file the same way; from the build, it loads the compiled one.
 */
export class WorldReader {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (reading: WorldReading) => void; reject: (error: Error) => void }>();
  private next = 0;
  private stopped: Error | null = null;

  constructor() {
    const file = path.join(__dirname, `world-reader.worker${path.extname(__filename)}`);
    const fromSource = file.endsWith('.ts');
    this.worker = new Worker(file, {
      execArgv: fromSource ? ['--require', '@swc-node/register'] : [],
      // As scripts/run-ts.cjs sets them: the @chronicle/* aliases of the workspace's tsconfig.
      env: fromSource ? { ...process.env, SWC_NODE_PROJECT: process.env.SWC_NODE_PROJECT ?? path.resolve(__dirname, '../../../../tsconfig.base.json'), SWC_NODE_IGNORE_DYNAMIC: 'true' } : process.env,
    });
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.reading);
    });
    this.worker.on('error', (error) => this.stop(error));
    this.worker.on('exit', (code) => this.stop(new Error(`the world reader stopped (exit code ${code})`)));
  }

  read(reply: Pick<SnapshotV1, 'tableId' | 'gameId' | 'rulesVersion' | 'snapshot'>, visibility: Visibility): Promise<WorldReading> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, tableId: reply.tableId, gameId: reply.gameId, rulesVersion: reply.rulesVersion, snapshot: reply.snapshot, visibility });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
