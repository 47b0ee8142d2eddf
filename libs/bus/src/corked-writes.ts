/**
 * Holds writes to the NATS connection until the event loop's check phase, then makes them
 * all at once. The client sends what was queued in one socket write per microtask turn, but
 * replies finish one promise chain at a time, each in a later turn: at a few thousand
 * requests a second every reply became a write of its own — a third of the log service's
 * CPU went to socket writes. Written together they leave in one. The cost is the rest of
 * the current loop iteration (well under a millisecond).
 */
export class CorkedWrites {
  private queue: Array<() => void> = [];

  /** Runs `write` with the others of this loop iteration; `write` must not throw. */
  add(write: () => void): void {
    this.queue.push(write);
    if (this.queue.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const writes = this.queue;
    this.queue = [];
    for (const write of writes) write();
  }
}
