import { EventSubjects, tickMsgId, type Subjects, type TickV1 } from '@chronicle/contracts';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { DueIndex, Tick } from './due-index';
import type { ScheduleStore } from './schedule-store';
import type { TickerObserver } from './scheduler-metrics';

export interface TickerOptions {
  maxSleepMs: number;
  flushMs: number;
}

/**
 * Sends the index's due ticks when they come: it sleeps until the next due time (at most
 * `maxSleepMs`), wakes early when an event may have brought one closer, and writes changed
 * entries to the bucket every `flushMs`. A tick that cannot be published is re-ticked.
 */
export class Ticker {
  private timer?: NodeJS.Timeout;
  private flushTimer?: NodeJS.Timeout;
  private running = false;
  private checking = false;
  private stopWatch?: () => void;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly index: DueIndex,
    private readonly store: ScheduleStore,
    private readonly js: JetStreamClient,
    private readonly subjects: Subjects,
    private readonly observer: TickerObserver,
    private readonly options: TickerOptions,
  ) {}

  /** Rebuilds the index from the bucket, follows what other replicas write, and starts ticking. */
  async start(): Promise<void> {
    for (const entry of await this.store.loadAll()) this.index.merge(entry);
    this.stopWatch = await this.store.watch((entry) => this.index.merge(entry));
    this.running = true;
    this.flushTimer = setInterval(() => void this.flush(), this.options.flushMs);
    this.poke();
  }

  /** Something changed: look at the index again soon. */
  poke(): void {
    if (!this.running || this.checking) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.check(), 1);
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    clearInterval(this.flushTimer);
    this.stopWatch?.();
    await this.flush();
  }

  /** Writes the entries changed since the last flush. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const changed = this.index.takeChanged();
      if (changed.length > 0) await this.store.save(changed);
    }).catch(() => undefined);
    return this.flushing;
  }

  private async check(): Promise<void> {
    this.checking = true;
    try {
      await Promise.all(this.index.due(Date.now()).map((tick) => this.publish(tick)));
    } finally {
      this.checking = false;
    }
    if (!this.running) return;
    const now = Date.now();
    const wake = this.index.nextWakeAt(now);
    const delay = wake === null ? this.options.maxSleepMs : Math.min(Math.max(wake - now, 1), this.options.maxSleepMs);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.check(), delay);
  }

  private async publish(tick: Tick): Promise<void> {
    const dueAt = new Date(tick.dueAt).toISOString();
    const message: TickV1 = { v: 1, tableId: tick.tableId, dueAt };
    // A re-tick must get past the stream's duplicate window, which would drop the first tick's id.
    const msgID = tick.retick === 0 ? tickMsgId(tick.tableId, dueAt) : `${tickMsgId(tick.tableId, dueAt)}:retick-${tick.retick}`;
    try {
      await this.js.publish(this.subjects.of(EventSubjects.ticks(tick.tableId)), JSON.stringify(message), { msgID });
      this.observer.sent(tick);
    } catch (error) {
      this.observer.failed(tick, error);
    }
  }
}
