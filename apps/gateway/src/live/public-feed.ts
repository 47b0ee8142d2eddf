import { EventSubjects, StreamRoles, type PublicMoveEventV1, type Subjects } from '@chronicle/contracts';
import { DeliverPolicy, jetstream, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';

/** A table's public move event as every live stream sends it: read and serialized once. */
export interface FeedEvent {
  /** Its `<prefix>_PUBLIC` stream sequence. */
  seq: number;
  event: PublicMoveEventV1;
  /**
   * What a stream sends of it, as JSON: the move's seat and payload left out — a game
   * without views tells every move whole, and a player still never reads another's command
   * on a live stream (the legacy shows none).
   */
  told: string;
}

type Listener = (event: FeedEvent) => void;

/** A public move event as read from the stream. */
export function feedEvent(m: JsMsg): FeedEvent {
  const event = m.json<PublicMoveEventV1>();
  const { seat: _seat, payload: _payload, ...told } = event;
  return { seq: m.seq, event, told: JSON.stringify(told) };
}

/** The latest events a feed keeps, so that a stream that joins a little behind catches up from memory. */
const KEPT = 1_000;

/** One table's events, read once for every live stream of it in this gateway. */
class TableFeed {
  readonly listeners = new Set<Listener>();
  /** The events read since the feed started, the latest `KEPT` of them. */
  private readonly kept: FeedEvent[] = [];
  /** The sequence of the first event read (all after it were read), and of the last one dropped from `kept`. */
  private first: number | undefined;
  private dropped = 0;
  messages: ConsumerMessages | undefined;

  /** Whether every event from sequence `from` on was read here (the older ones given back by `since`). */
  covers(from: number): boolean {
    return this.first !== undefined && from >= this.first && from > this.dropped;
  }

  since(from: number): FeedEvent[] {
    return this.kept.filter((e) => e.seq >= from);
  }

  read(m: JsMsg): void {
    const read = feedEvent(m);
    this.first ??= m.seq;
    this.kept.push(read);
    if (this.kept.length > KEPT) this.dropped = this.kept.shift()!.seq;
    for (const listener of this.listeners) listener(read);
  }
}

/**
 * The world's public move events (`public.moves.<table>`) for every live stream of this
 * gateway: one ordered consumer per table, each event parsed and serialized once, and handed
 * to each stream that follows the table. A thousand streams had each read every event with
 * a consumer of their own — a thousand deliveries, parses and serializations of each move,
 * which saturated the gateway under `npm run bench -- gateway`. A stream that starts behind
 * (resumed with `Last-Event-ID`, or a new chapter from its first event) reads what it missed
 * with its own consumer until the feed covers it (`covers`), then joins it.
 */
export class PublicFeeds {
  private readonly feeds = new Map<string, { feed: TableFeed; started: Promise<void> }>();

  constructor(private readonly nc: NatsConnection, private readonly subjects: Subjects) {}

  /** Whether the table's feed read every event from sequence `from` on. */
  covers(tableId: string, from: number): boolean {
    return this.feeds.get(tableId)?.feed.covers(from) ?? false;
  }

  /** The events the table's feed keeps from sequence `from` on (all of them when it `covers` it). */
  since(tableId: string, from: number): FeedEvent[] {
    return this.feeds.get(tableId)?.feed.since(from) ?? [];
  }

  /**
   * Follows the table's events: with `from`, those from that sequence on (the feed must cover
   * it: `covers`) and then the new ones; without, only the new ones. Returns how to stop.
   */
  async follow(tableId: string, listener: Listener, from?: number): Promise<() => void> {
    let entry = this.feeds.get(tableId);
    if (!entry) {
      const feed = new TableFeed();
      entry = { feed, started: this.start(tableId, feed) };
      this.feeds.set(tableId, entry);
      entry.started.catch(() => this.feeds.get(tableId)?.feed === feed && this.feeds.delete(tableId));
    }
    const { feed, started } = entry;
    // Listening at once keeps the feed open; what arrives before the catch-up is handed on after it.
    let caughtUp = false;
    const early: FeedEvent[] = [];
    const listening: Listener = (event) => (caughtUp ? listener(event) : early.push(event));
    feed.listeners.add(listening);
    const stop = () => {
      feed.listeners.delete(listening);
      if (feed.listeners.size > 0 || this.feeds.get(tableId)?.feed !== feed) return;
      this.feeds.delete(tableId);
      void started.then(() => feed.messages?.close(), () => undefined);
    };
    try {
      await started;
    } catch (error) {
      stop();
      throw error;
    }
    const missed = from === undefined ? [] : feed.since(from);
    for (const event of missed) listener(event);
    for (const event of early) if (event.seq > (missed.at(-1)?.seq ?? 0)) listener(event);
    caughtUp = true;
    return stop;
  }

  async close(): Promise<void> {
    const feeds = [...this.feeds.values()];
    this.feeds.clear();
    await Promise.all(feeds.map(async ({ feed, started }) => {
      await started.catch(() => undefined);
      await feed.messages?.close();
    }));
  }

  private async start(tableId: string, feed: TableFeed): Promise<void> {
    const consumer = await jetstream(this.nc).consumers.get(this.subjects.stream(StreamRoles.publicMoves), {
      // One subject as a string: a list needs a 2.10 server.
      filter_subjects: this.subjects.of(EventSubjects.publicMoves(tableId)),
      deliver_policy: DeliverPolicy.New,
    });
    feed.messages = await consumer.consume({ callback: (m) => feed.read(m) });
  }
}
