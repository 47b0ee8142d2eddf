import { EventSubjects, StreamRoles, type PublicMoveEventV1, type Subjects } from '@chronicle/contracts';
import type { LineView } from '@chronicle/sammo';
import { DeliverPolicy, jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import type { WorldViews } from '../views/world-views';
import { feedEvent, type FeedEvent, type PublicFeeds } from './public-feed';
import type { WorldDirectory, WorldInPlay } from '../worlds/world-directory';
import type { WorldOutcome, WorldPlay } from '../worlds/world-play';

/** One Server-Sent Event: `id` (resumable events only), `event`, `data` (JSON; or `json`, already serialized). */
export interface LiveEvent {
  id?: string;
  event: 'hello' | 'move' | 'log' | 'outcome' | 'chapter';
  data?: unknown;
  json?: string;
}

/**
 * Where a stream stood: the chapter's table, the `<prefix>_PUBLIC` stream sequence of the
 * last public event sent and the table's revision up to which the seat's lines were sent
 * (they are asked for since then). Sent as the event id `<table>~<stream seq>~<revision>`; a client that
 * reconnects sends it back as `Last-Event-ID`.
 */
export interface Position {
  tableId: string;
  streamSeq: number;
  revision: number;
}

export const positionId = (p: Position): string => `${p.tableId}~${p.streamSeq}~${p.revision}`;

/** A `Last-Event-ID` read back, or undefined when it is not one of ours. */
export function readPosition(id: string | undefined): Position | undefined {
  const m = /^([A-Za-z0-9_-]{1,128})~(\d{1,15})~(\d{1,15})$/.exec(id ?? '');
  return m ? { tableId: m[1]!, streamSeq: Number(m[2]), revision: Number(m[3]) } : undefined;
}

/** Whether a public move event is the table's own (time passed: turns ran, lines were written). */
function timePassed(event: PublicMoveEventV1): boolean {
  if (event.visibility === 'full') return event.seat === null;
  return (event.told as { kind?: unknown } | undefined)?.kind === 'time';
}

/**
 * A signed-in player's live stream of a world: the world's public move events
 * (`public.moves.<table>`, as the snapshot service tells them), and for a seat its own
 * general's log lines and its nation's chronicle (read from the seat's view, since the last
 * revision sent, each time the table's clock moved or the seat's own move was accepted) and
 * the outcomes of its intents. It follows the world into its next chapter. The public events
 * come from the table's shared feed (`PublicFeeds`); a stream that starts behind it reads
 * what it missed with a consumer of its own, then joins the feed.
 */
export class SeatStream {
  /** Its own consumer while it catches up with the feed. */
  private messages: ConsumerMessages | undefined;
  private leaveFeed: (() => void) | undefined;
  private catchingUp = false;
  private position: Position;
  private readonly stops: Array<() => void> = [];
  private closed = false;
  /** The seat's lines are asked for by one request at a time; moves meanwhile ask once more. */
  private linesWanted = false;
  private linesInFlight: Promise<void> | undefined;
  /** False until a new stream knows the revision its lines start after (moves meanwhile only want lines). */
  private linesFrom = true;

  constructor(
    private readonly deps: { nc: NatsConnection; subjects: Subjects; directory: WorldDirectory; play: WorldPlay; views: WorldViews; feeds: PublicFeeds },
    private readonly world: WorldInPlay,
    private readonly who: { accountId: string; seat: string | undefined },
    private readonly send: (event: LiveEvent) => void,
    resumeFrom: Position | undefined,
  ) {
    this.position = resumeFrom?.tableId === world.tableId ? resumeFrom : { tableId: world.tableId, streamSeq: 0, revision: 0 };
  }

  async start(resumed: boolean): Promise<void> {
    this.stops.push(this.deps.play.onOutcome((accountId, outcome) => this.onOutcome(accountId, outcome)));
    this.stops.push(this.deps.directory.watch((world) => {
      if (world.worldId === this.world.worldId && world.tableId !== this.position.tableId) void this.nextChapter(world);
    }));
    if (resumed && this.position.streamSeq > 0) {
      // Back after a break: what was missed, then live.
      await this.follow(this.position.streamSeq + 1);
      this.wantLines();
      return;
    }
    if (resumed) {
      await this.follow('all');
      this.wantLines();
      return;
    }
    // A new stream: live from now on, and the seat's lines after where its view stands now
    // (the lines before are the log route's).
    this.linesFrom = false;
    await this.follow('new');
    const revision = this.who.seat === undefined
      ? (await this.deps.views.public(this.world)).revision
      : (await this.deps.views.seat(this.world, this.who.seat)).revision;
    this.position = { ...this.position, revision: Math.max(revision, this.position.revision) };
    this.send({ event: 'hello', data: { worldId: this.world.worldId, tableId: this.position.tableId, revision, seat: this.who.seat ?? null } });
    this.linesFrom = true;
    if (this.linesWanted) this.wantLines();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const stop of this.stops) stop();
    this.leaveFeed?.();
    await this.messages?.close();
    await this.linesInFlight;
  }

  /** Reads the table's public events from a stream sequence, the table's first, or only new ones. */
  private async follow(from: number | 'all' | 'new'): Promise<void> {
    const tableId = this.position.tableId;
    const leave = await this.deps.feeds.follow(tableId, (event) => !this.catchingUp && tableId === this.position.tableId && this.tell(event));
    if (this.closed || tableId !== this.position.tableId) {
      leave();
      return;
    }
    this.leaveFeed = leave;
    if (from === 'new') return;
    const start = from === 'all' ? 1 : from;
    if (this.deps.feeds.covers(tableId, start)) {
      for (const event of this.deps.feeds.since(tableId, start)) this.tell(event);
      return;
    }
    // Behind the feed: what was missed with a consumer of its own, until the feed covers the rest.
    this.catchingUp = true;
    const consumer = await jetstream(this.deps.nc).consumers.get(this.deps.subjects.stream(StreamRoles.publicMoves), {
      // One subject as a string: a list needs a 2.10 server.
      filter_subjects: this.deps.subjects.of(EventSubjects.publicMoves(tableId)),
      ...(typeof from === 'number' ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: from } : { deliver_policy: DeliverPolicy.All }),
    });
    if (this.closed || tableId !== this.position.tableId) return;
    // Its messages may come before `consume` is answered: the handle is looked up when one does.
    const own: { messages?: ConsumerMessages } = {};
    const messages = await consumer.consume({
      callback: (m) => {
        if (!this.catchingUp || this.closed || tableId !== this.position.tableId) return;
        this.tell(feedEvent(m));
        if (!this.deps.feeds.covers(tableId, m.seq + 1)) return;
        this.catchingUp = false;
        for (const event of this.deps.feeds.since(tableId, m.seq + 1)) this.tell(event);
        void own.messages?.close();
        if (this.messages === own.messages) this.messages = undefined;
      },
    });
    own.messages = messages;
    if (this.catchingUp && !this.closed && tableId === this.position.tableId) this.messages = messages;
    else await messages.close();
  }

  /** A public event, once, in stream order. */
  private tell({ seq, event, told }: FeedEvent): void {
    if (this.closed || seq <= this.position.streamSeq) return;
    this.position = { ...this.position, streamSeq: seq };
    this.send({ id: positionId(this.position), event: 'move', json: told });
    if (timePassed(event)) this.wantLines();
  }

  private onOutcome(accountId: string, outcome: WorldOutcome): void {
    if (accountId !== this.who.accountId || outcome.worldId !== this.world.worldId) return;
    this.send({ event: 'outcome', data: outcome });
    if (outcome.status === 'accepted') this.wantLines();
  }

  private async nextChapter(world: WorldInPlay): Promise<void> {
    this.leaveFeed?.();
    this.leaveFeed = undefined;
    this.catchingUp = false;
    await this.messages?.close();
    this.messages = undefined;
    if (this.closed) return;
    this.position = { tableId: world.tableId, streamSeq: 0, revision: 0 };
    this.send({ event: 'chapter', data: world });
    if (!world.finished) await this.follow('all');
  }

  /** The seat's new lines, since the revision last sent. */
  private wantLines(): void {
    if (this.who.seat === undefined || this.closed) return;
    this.linesWanted = true;
    if (!this.linesFrom) return;
    this.linesInFlight ??= this.readLines().finally(() => (this.linesInFlight = undefined));
  }

  private async readLines(): Promise<void> {
    while (this.linesWanted && !this.closed) {
      this.linesWanted = false;
      const since = this.position.revision;
      const tableId = this.position.tableId;
      let viewed;
      try {
        viewed = await this.deps.views.seat({ ...this.world, tableId }, this.who.seat!, since);
      } catch {
        return; // the next move asks again; a stream does not end because one read failed
      }
      if (this.closed || tableId !== this.position.tableId) return;
      const lines: Array<[scope: 'general' | 'nation', LineView[]]> = [['general', viewed.view.log], ['nation', viewed.view.nationLog]];
      if (viewed.revision > this.position.revision) this.position = { ...this.position, revision: viewed.revision };
      for (const [scope, found] of lines) {
        if (found.length > 0) this.send({ id: positionId(this.position), event: 'log', data: { tableId, revision: viewed.revision, scope, lines: found } });
      }
    }
  }
}
