import type { HeaderV1, LogRecordV1, MoveEventV1, NoticeV1, SnapshotV1, TableEventV1 } from '@chronicle/contracts';
import { readChapter, readGameClock, REAL_TIME, UnknownTable, type AnyGame, type GameClock, type JsonObject } from '@chronicle/engine';
import type { GameRegistry } from '@chronicle/games';
import { sammo } from '@chronicle/sammo';
import type { FeedItem, FeedLine, FinishedLog, LiveEvent, PublicMove, TableDetail, TableStatus, TableSummary } from '../view/api';
import type { CityDetails, GeneralDetails, HistoryLine, Visibility, WorldView } from '../view/world-view';
import type { WorldReading } from './world-reading';

/** What the board reads from the rest of the system (the log and snapshot services). */
export interface WorldSource {
  header(tableId: string): Promise<HeaderV1>;
  /** The snapshot service's state of the table at `minRevision` or later. */
  snapshot(tableId: string, minRevision: number): Promise<SnapshotV1>;
  /** A finished log, and the record of its table's entries (its checkpoint checked against the log service's key). */
  finishedLog(tableId: string): Promise<{ log: JsonObject; record: LogRecordV1 | null }>;
  /** A strategy world's state read into its view and details, public or full (`WorldReader`, off this thread). */
  read(reply: SnapshotV1, visibility: Visibility): Promise<WorldReading>;
  /** The operators' notices in force, by world (the scheduler's). */
  notices(): Promise<NoticeV1[]>;
}

export interface BoardOptions {
  /** A table's state is read from the snapshot service at most this often. */
  refreshMs: number;
  /** Lines of live feed kept per table. */
  feedSize: number;
  /** The worlds list is sent to live watchers at most this often. */
  summaryMs: number;
}

/** The window over which moves per second are counted. */
const RATE_WINDOW_MS = 10_000;

interface Board {
  game: AnyGame | null;
  summary: TableSummary;
  feed: FeedItem[];
  arrivals: number[];
  reading: WorldReading | null;
  viewRevision: number;
  refresh: { running: boolean; again: boolean; last: number; timer?: NodeJS.Timeout };
}

/**
 * The web service's read model: every table it has heard of, with what a person sees of it.
 * Move and table events (as any outside subscriber gets them) move its revision, status and
 * feed at once; a strategy world's state comes from the snapshot service — an outsider holds
 * no seed, so it cannot replay a table in play — read again at most every `refreshMs`, and
 * its months, notable events and nations founded or fallen join the feed.
 */
export class WorldBoard {
  private readonly boards = new Map<string, Board>();
  private readonly listeners = new Set<(event: LiveEvent) => void>();
  private summaryTimer?: NodeJS.Timeout;
  private stopped = false;
  /** The operators' notices in force by world, as last read (every `summaryMs`). */
  private notices = new Map<string, string>();
  private noticesFailing = false;

  constructor(
    private readonly source: WorldSource,
    private readonly games: GameRegistry,
    private readonly options: BoardOptions,
    private readonly onError: (tableId: string, error: unknown) => void,
  ) {}

  /** At start: each table named by the tables stream, from its header (a quarantine comes with its first state read). */
  async load(tableIds: string[]): Promise<void> {
    for (const tableId of tableIds) await this.board(tableId);
  }

  /** After a forged event: the table as its log says, since the forgery may have hidden a real entry. */
  resync(tableId: string): Promise<void> {
    return this.withBoard(tableId, async (board) => {
      const header = await this.source.header(tableId);
      const s = board.summary;
      if (header.seq > s.seq) {
        s.seq = header.seq;
        s.revision = header.revision;
      }
      if (header.status === 'finished' && s.status === 'open') {
        s.status = 'finished';
        s.outcome = header.outcome;
      }
      this.scheduleRefresh(board);
    });
  }

  onMove(event: MoveEventV1): Promise<void> {
    return this.withBoard(event.tableId, (board) => {
      const s = board.summary;
      if (event.seq <= s.seq) return;
      s.seq = event.seq;
      s.revision = event.revision;
      const now = Date.now();
      board.arrivals.push(now);
      while (board.arrivals[0]! < now - RATE_WINDOW_MS) board.arrivals.shift();
      const feed: FeedItem = { seq: event.seq, recordedAt: event.recordedAt, ...describeMove(event) };
      this.push(board, feed);
      const move: PublicMove = {
        tableId: event.tableId, kind: event.kind, seq: event.seq, revision: event.revision, number: event.number, recordedAt: event.recordedAt, nextDueAt: event.nextDueAt,
      };
      this.emit({ kind: 'move', tableId: event.tableId, move, feed });
      this.scheduleRefresh(board);
    });
  }

  onTable(event: TableEventV1): Promise<void> {
    return this.withBoard(event.tableId, (board) => {
      const s = board.summary;
      let line: FeedLine;
      if (event.kind === 'finished') {
        s.status = 'finished';
        s.outcome = event.outcome ?? null;
        line = { kind: 'table', change: 'finished', detail: event.outcome?.result ?? null };
      } else if (event.kind === 'quarantined') {
        // The snapshot service's reply carries the reason, and the state it stopped at.
        this.scheduleRefresh(board);
        return;
      } else if (event.kind === 'opened') {
        line = { kind: 'table', change: 'opened', detail: event.commitment };
      } else {
        return;
      }
      const feed: FeedItem = { seq: event.seq, recordedAt: event.recordedAt, ...line };
      this.push(board, feed);
      this.emit({ kind: 'table', summary: this.summaryOf(board), feed });
      this.scheduleRefresh(board);
    });
  }

  list(): TableSummary[] {
    return [...this.boards.values()].map((b) => this.summaryOf(b)).sort((a, b) => a.tableId.localeCompare(b.tableId));
  }

  detail(tableId: string): TableDetail {
    const board = this.known(tableId);
    return { summary: this.summaryOf(board), view: board.reading?.view ?? null, viewRevision: board.viewRevision, feed: board.feed };
  }

  city(tableId: string, cityId: number): CityDetails {
    const details = this.readingOf(tableId).cities.get(cityId);
    if (!details) throw new UnknownTable(`table ${tableId} has no city ${cityId}`);
    return details;
  }

  general(tableId: string, generalId: number): GeneralDetails {
    const details = this.readingOf(tableId).generals.get(generalId);
    if (!details) throw new UnknownTable(`table ${tableId} has no general ${generalId}`);
    return details;
  }

  /** A finished table's log, with the commitment published at its opening and the record of what the log service stored. */
  async finishedLog(tableId: string): Promise<FinishedLog> {
    const board = this.known(tableId);
    const { log, record } = await this.source.finishedLog(tableId);
    return { tableId, commitment: board.summary.commitment, log, record };
  }

  /** Live events for a watcher, until the returned function is called. */
  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    void this.readNotices();
    this.summaryTimer = setInterval(() => {
      void this.readNotices().then(() => {
        if (this.listeners.size > 0 && !this.stopped) this.emit({ kind: 'tables', tables: this.list() });
      });
    }, this.options.summaryMs);
  }

  /** The notices as the scheduler holds them now; while it does not answer, the last ones read stand. */
  private async readNotices(): Promise<void> {
    try {
      this.notices = new Map((await this.source.notices()).map((n) => [n.world, n.text]));
      this.noticesFailing = false;
    } catch (error) {
      // Said once a failure begins, not every few seconds while the scheduler is away.
      if (!this.noticesFailing) this.onError('(operators\' notices)', error);
      this.noticesFailing = true;
    }
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.summaryTimer);
    for (const board of this.boards.values()) clearTimeout(board.refresh.timer);
    this.listeners.clear();
  }

  private quarantine(board: Board, reason: string): void {
    board.summary.status = 'quarantined';
    board.summary.reason = reason;
  }

  private summaryOf(board: Board): TableSummary {
    const cutoff = Date.now() - RATE_WINDOW_MS;
    const recent = board.arrivals.filter((t) => t >= cutoff).length;
    const notice = this.notices.get(board.summary.chapter?.world ?? board.summary.tableId) ?? null;
    return { ...board.summary, movesPerSecond: Math.round((recent / (RATE_WINDOW_MS / 1_000)) * 10) / 10, notice };
  }

  private known(tableId: string): Board {
    const board = this.boards.get(tableId);
    if (!board) throw new UnknownTable(`no table ${tableId} is known here`);
    return board;
  }

  private readingOf(tableId: string): WorldReading {
    const reading = this.known(tableId).reading;
    if (!reading) throw new UnknownTable(`table ${tableId} is not a strategy world, or its state has not been read yet`);
    return reading;
  }

  private async withBoard(tableId: string, handle: (board: Board) => void | Promise<void>): Promise<void> {
    await handle(await this.board(tableId));
  }

  /** The table's board, from its header the first time it is met. */
  private async board(tableId: string): Promise<Board> {
    const held = this.boards.get(tableId);
    if (held) return held;
    const header = await this.source.header(tableId);
    const again = this.boards.get(tableId);
    if (again) return again;
    let game: AnyGame | null = null;
    try {
      game = this.games.forTable(tableId, header.gameId, header.rulesVersion);
    } catch (error) {
      this.onError(tableId, error);
    }
    const chapter = readChapter(header.options);
    let clock: GameClock = REAL_TIME;
    try {
      clock = readGameClock(header.options);
    } catch (error) {
      this.onError(tableId, error);
    }
    const status: TableStatus = header.status;
    const board: Board = {
      game,
      summary: {
        tableId, gameId: header.gameId, rulesVersion: header.rulesVersion, status, reason: null, commitment: header.commitment,
        revision: header.revision, seq: header.seq, chapter: chapter ? { world: chapter.world, number: chapter.number } : null,
        date: null, movesPerSecond: 0, outcome: header.outcome, clock, notice: null,
      },
      feed: [],
      arrivals: [],
      reading: null,
      viewRevision: -1,
      refresh: { running: false, again: false, last: 0 },
    };
    this.boards.set(tableId, board);
    this.scheduleRefresh(board);
    return board;
  }

  /** Reads the state again now, or once `refreshMs` has passed since the last read. */
  private scheduleRefresh(board: Board): void {
    if (!board.game || this.stopped) return;
    const r = board.refresh;
    if (r.running) {
      r.again = true;
      return;
    }
    if (r.timer) return;
    r.timer = setTimeout(() => {
      r.timer = undefined;
      void this.refresh(board);
    }, Math.max(0, r.last + this.options.refreshMs - Date.now()));
  }

  private async refresh(board: Board): Promise<void> {
    const r = board.refresh;
    r.running = true;
    r.again = false;
    r.last = Date.now();
    const tableId = board.summary.tableId;
    try {
      const reply = await this.source.snapshot(tableId, board.summary.revision);
      if (reply.quarantined && board.summary.status !== 'quarantined') {
        this.quarantine(board, reply.quarantined);
        const feed: FeedItem = { seq: reply.seq, recordedAt: new Date().toISOString(), kind: 'table', change: 'quarantined', detail: reply.quarantined };
        this.push(board, feed);
        this.emit({ kind: 'table', summary: this.summaryOf(board), feed });
      }
      // A chapter in play is read into its public view; once finished, into the whole world (read again then).
      const visibility: Visibility = board.summary.status === 'finished' ? 'full' : 'public';
      if (board.game!.id === sammo.id && (reply.revision > board.viewRevision || board.reading?.view.visibility !== visibility)) {
        const reading = await this.source.read(reply, visibility);
        const view = reading.view;
        const feed = changes(board.reading?.view ?? null, view).map((c): FeedItem => ({ seq: reply.seq, recordedAt: new Date().toISOString(), ...c }));
        for (const item of feed) this.push(board, item);
        board.reading = reading;
        board.viewRevision = reply.revision;
        board.summary.date = view.date;
        this.emit({ kind: 'view', tableId, revision: reply.revision, view, feed });
      }
    } catch (error) {
      this.onError(tableId, error);
    } finally {
      r.running = false;
      if (r.again) this.scheduleRefresh(board);
    }
  }

  private push(board: Board, item: FeedItem): void {
    board.feed.push(item);
    if (board.feed.length > this.options.feedSize) board.feed.splice(0, board.feed.length - this.options.feedSize);
  }

  private emit(event: LiveEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

/** What changed between two views of a world that a person would want to hear of. */
export function changes(before: WorldView | null, after: WorldView): FeedLine[] {
  if (!before) return [];
  const out: FeedLine[] = [];
  if (before.year !== after.year || before.month !== after.month) out.push({ kind: 'month', year: after.year, month: after.month });
  for (const line of newLines(before.history, after.history)) out.push({ kind: 'event', year: line.year, month: line.month, text: line.text });
  for (const line of newLines(before.actions, after.actions)) out.push({ kind: 'action', year: line.year, month: line.month, text: line.text });
  const had = new Map(before.nations.map((n) => [n.id, n.name]));
  const has = new Set(after.nations.map((n) => n.id));
  for (const n of after.nations) if (!had.has(n.id)) out.push({ kind: 'nation', change: 'founded', name: n.name });
  for (const [id, name] of had) if (!has.has(id)) out.push({ kind: 'nation', change: 'fallen', name });
  return out;
}

/** The lines of `after` past the last line of `before` (both the newest window of one log, oldest first). */
function newLines(before: HistoryLine[], after: HistoryLine[]): HistoryLine[] {
  const last = before.at(-1);
  const lastKey = last ? lineKey(last) : null;
  return after.slice(lastKey === null ? 0 : after.map(lineKey).lastIndexOf(lastKey) + 1);
}

function lineKey(line: HistoryLine): string {
  return `${line.move ?? ''}-${line.year}-${line.month}-${line.text}`;
}

/**
 * A move in the feed: its number and whether time passed (the table's own move), a player
 * acted or a move was taken back. Never its seat or payload: while the chapter is in play
 * those are the player's (and once it is finished, the log holds them all).
 */
export function describeMove(event: MoveEventV1): Extract<FeedLine, { kind: 'move' }> {
  return { kind: 'move', number: event.number, by: event.kind === 'undo' ? 'undo' : event.seat === null ? 'time' : 'player' };
}
