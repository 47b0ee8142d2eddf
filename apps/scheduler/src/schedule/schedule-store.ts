import { BucketNames, type Subjects } from '@chronicle/contracts';
import { Kvm, KvWatchInclude, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/nats-core';
import type { ScheduledTable } from './due-index';

/**
 * The scheduler's own bucket: one JSON entry per table, which the index is rebuilt from at
 * start and which replicas share (each watches what the others write).
 */
export class ScheduleStore {
  private constructor(private readonly kv: KV) {}

  static async open(nc: NatsConnection, subjects: Subjects): Promise<ScheduleStore> {
    return new ScheduleStore(await new Kvm(nc).open(subjects.name(BucketNames.schedule)));
  }

  async loadAll(): Promise<ScheduledTable[]> {
    const entries: ScheduledTable[] = [];
    for await (const key of await this.kv.keys()) {
      const entry = await this.kv.get(key);
      if (entry?.operation === 'PUT') entries.push(entry.json<ScheduledTable>());
    }
    return entries;
  }

  async save(entries: ScheduledTable[]): Promise<void> {
    await Promise.all(entries.map((entry) => this.kv.put(entry.tableId, JSON.stringify(entry))));
  }

  /** Calls `seen` with every entry written from now on (by this replica or another) until stopped. */
  async watch(seen: (entry: ScheduledTable) => void): Promise<() => void> {
    const iterator = await this.kv.watch({ include: KvWatchInclude.UpdatesOnly, ignoreDeletes: true });
    void (async () => {
      for await (const entry of iterator) if (entry.operation === 'PUT') seen(entry.json<ScheduledTable>());
    })();
    return () => iterator.stop();
  }
}
