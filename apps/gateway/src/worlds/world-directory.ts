import { StreamRoles, validate, WorldEventV1, type Subjects } from '@chronicle/contracts';
import { DeliverPolicy, jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';

export interface WorldInPlay {
  worldId: string;
  chapter: number;
  tableId: string;
  /** True once the world's game is over (its last chapter finished). */
  finished: boolean;
}

/**
 * The worlds and the chapter each has in play, from `worlds.>` (the scheduler's
 * `chapter-opened` and `finished`), read from the start of the stream and followed: an intent
 * addressed to a world goes to the table this names at the time.
 */
export class WorldDirectory {
  private readonly worlds = new Map<string, WorldInPlay>();
  private readonly waiting = new Set<() => void>();
  private readonly watchers = new Set<(world: WorldInPlay) => void>();
  private messages: ConsumerMessages | undefined;
  private caughtUp!: Promise<void>;

  constructor(private readonly nc: NatsConnection, private readonly subjects: Subjects) {}

  async start(): Promise<void> {
    const js = jetstream(this.nc);
    const stream = this.subjects.stream(StreamRoles.worlds);
    const jsm = await js.jetstreamManager();
    const last = (await jsm.streams.info(stream).catch(() => undefined))?.state.last_seq ?? 0;
    // The stream holds worlds.> only (no filter: NATS 2.9 has no filter_subjects).
    const consumer = await js.consumers.get(stream, { deliver_policy: DeliverPolicy.All });
    let resolveCaughtUp!: () => void;
    this.caughtUp = last === 0 ? Promise.resolve() : new Promise((resolve) => (resolveCaughtUp = resolve));
    this.messages = await consumer.consume({
      callback: (m) => {
        this.onEvent(m.json());
        if (m.seq >= last) resolveCaughtUp?.();
      },
    });
  }

  /** Every world event up to the stream's end at start has been read. */
  ready(): Promise<void> {
    return this.caughtUp;
  }

  async stop(): Promise<void> {
    await this.messages?.close();
  }

  list(): WorldInPlay[] {
    return [...this.worlds.values()].sort((a, b) => a.worldId.localeCompare(b.worldId));
  }

  get(worldId: string): WorldInPlay | undefined {
    return this.worlds.get(worldId);
  }

  /** Hears each world's change of chapter (or its end); returns how to stop. */
  watch(listener: (world: WorldInPlay) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  /** The world's chapter in play once it is past `tableId` (the next chapter opened), or undefined after `timeoutMs`. */
  async after(worldId: string, tableId: string, timeoutMs: number): Promise<WorldInPlay | undefined> {
    const moved = () => {
      const world = this.worlds.get(worldId);
      return world && world.tableId !== tableId && !world.finished ? world : undefined;
    };
    const deadline = Date.now() + timeoutMs;
    for (let found = moved(); ; found = moved()) {
      if (found || Date.now() >= deadline) return found;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.max(0, deadline - Date.now()));
        this.waiting.add(wake);
      });
    }
  }

  private onEvent(raw: unknown): void {
    const checked = validate(WorldEventV1, raw);
    if (!checked.ok) return; // not a world event of this version: the scheduler's business
    const event = checked.value;
    const known = this.worlds.get(event.worldId);
    if (known && known.chapter > event.chapter) return;
    const world = { worldId: event.worldId, chapter: event.chapter, tableId: event.tableId, finished: event.kind === 'finished' };
    this.worlds.set(event.worldId, world);
    for (const wake of [...this.waiting]) wake();
    for (const watcher of this.watchers) watcher(world);
  }
}
