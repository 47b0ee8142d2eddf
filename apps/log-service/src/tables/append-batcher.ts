import type { DataSource } from 'typeorm';
import type { LogRepository, PendingAppend } from './log.repository';

interface Waiting {
  append: PendingAppend;
  resolve: (written: boolean) => void;
  reject: (error: unknown) => void;
}

export interface AppendBatcherOptions {
  /** Most appends in one statement. */
  maxBatch: number;
  /** Statements under way at once (each holds a database connection). */
  concurrency: number;
}

/**
 * Writes the appends of many tables together: one statement and one commit (one disk flush)
 * for a batch instead of one per append. A write starts at the end of the event-loop turn in
 * which appends arrived (a `log.v1.append-many` request brings dozens in one turn: one
 * statement for them all, not one for the first and one for the rest), and appends that
 * arrive while batches are being written form the next one. If a batch fails (a reused idempotency key fails the whole statement), its appends are
 * written one by one, so each caller gets its own answer.
 */
export class AppendBatcher {
  private readonly queue: Waiting[] = [];
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly db: DataSource,
    private readonly repository: LogRepository,
    private readonly options: AppendBatcherOptions,
  ) {}

  /** Resolves to whether the append was written (false: the table moved on meanwhile). */
  append(append: PendingAppend): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ append, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.next();
      });
    });
  }

  private next(): void {
    while (this.running < this.options.concurrency && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.running++;
      void this.write(batch).finally(() => {
        this.running--;
        this.next();
      });
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    if (batch.length > 1) {
      try {
        const written = await this.repository.appendManyIfLast(this.db.manager, batch.map((w) => w.append));
        for (const w of batch) w.resolve(written.has(w.append.tableId));
        return;
      } catch {
        // One of them is at fault; each is told its own outcome below.
      }
    }
    for (const w of batch) {
      try {
        const { tableId, entry, change, events } = w.append;
        w.resolve(await this.repository.appendIfLast(this.db.manager, tableId, entry, change, events));
      } catch (error) {
        w.reject(error);
      }
    }
  }
}
