import {
  BucketNames, intentOutcomeKey, IntentOutcomeV1, validate, type Subjects,
} from '@chronicle/contracts';
import { Kvm, KvWatchInclude, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/nats-core';
import { Logger } from '@nestjs/common';

/**
 * Intent outcomes by `<table>.<intentKey>` in a KV bucket: durable, readable by every
 * replica, kept for the bucket's age limit. Each replica watches the bucket once, so a
 * request waiting for an outcome learns of it whichever replica decided it.
 */
export class OutcomeBook {
  private readonly log = new Logger('OutcomeBook');
  private readonly waiters = new Map<string, Set<(outcome: IntentOutcomeV1) => void>>();
  private stopWatch?: () => void;
  private watching = false;

  private constructor(private readonly kv: KV) {}

  static async open(nc: NatsConnection, subjects: Subjects): Promise<OutcomeBook> {
    return new OutcomeBook(await new Kvm(nc).open(subjects.name(BucketNames.intentOutcomes)));
  }

  async start(): Promise<void> {
    const watch = await this.kv.watch({ key: '>', include: KvWatchInclude.UpdatesOnly });
    this.stopWatch = () => watch.stop();
    this.watching = true;
    void (async () => {
      try {
        for await (const entry of watch) {
          // Every replica sees every outcome: read only those a request here waits for.
          if (entry.operation !== 'PUT' || !this.waiters.has(entry.key)) continue;
          const outcome = this.read(entry.key, entry.json());
          if (outcome) this.notify(entry.key, outcome);
        }
      } finally {
        this.watching = false;
      }
    })();
  }

  get ready(): boolean {
    return this.watching;
  }

  stop(): void {
    this.stopWatch?.();
  }

  /** The recorded outcome, or undefined when none is (yet). */
  async get(tableId: string, intentKey: string): Promise<IntentOutcomeV1 | undefined> {
    const key = intentOutcomeKey(tableId, intentKey);
    const entry = await this.kv.get(key);
    if (!entry || entry.operation !== 'PUT') return undefined;
    return this.read(key, entry.json());
  }

  async record(outcome: IntentOutcomeV1): Promise<void> {
    const key = intentOutcomeKey(outcome.tableId, outcome.intentKey);
    await this.kv.put(key, JSON.stringify(outcome));
    this.notify(key, outcome);
  }

  /**
   * Resolves with the outcome once it is recorded, or undefined after `waitMs`. Register
   * before the intent can be decided (or check `get` after registering), or it may be missed.
   */
  waitFor(tableId: string, intentKey: string, waitMs: number): { outcome: Promise<IntentOutcomeV1 | undefined>; cancel: () => void } {
    const key = intentOutcomeKey(tableId, intentKey);
    let cancel = () => undefined as void;
    const outcome = new Promise<IntentOutcomeV1 | undefined>((resolve) => {
      const set = this.waiters.get(key) ?? new Set();
      this.waiters.set(key, set);
      const done = (value: IntentOutcomeV1 | undefined) => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && this.waiters.get(key) === set) this.waiters.delete(key);
        resolve(value);
      };
      const timer = setTimeout(() => done(undefined), waitMs);
      set.add(done);
      cancel = () => done(undefined);
    });
    return { outcome, cancel };
  }

  private notify(key: string, outcome: IntentOutcomeV1): void {
    for (const done of [...(this.waiters.get(key) ?? [])]) done(outcome);
  }

  private read(key: string, raw: unknown): IntentOutcomeV1 | undefined {
    const checked = validate(IntentOutcomeV1, raw);
    if (checked.ok) return checked.value;
    this.log.error(`the outcome under ${key} is malformed and is ignored: ${checked.reasons.join('; ')}`);
    return undefined;
  }
}
