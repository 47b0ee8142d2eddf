import { gameTimeAt, readChapter, readGameClock, tickTimeOf, wallTimeOf, type GameClock, type JsonObject } from '@chronicle/engine';

/** Why a table gets no ticks (a frozen world is one whose last move said nothing is due). */
export type Stop = 'finished' | 'quarantined';

/**
 * An operator's pause or resume (the latest decision wins, by `at`, across replicas). A
 * paused table gets no ticks; its game clock is not touched, so once resumed the game's own
 * delay rule skips the months the pause missed instead of running them all at once.
 */
export interface Hold {
  paused: boolean;
  /** Wall ms of the decision. */
  at: number;
  by: string;
  reason: string;
}

/**
 * What the scheduler knows of one table; plain JSON, kept in its bucket. Game times are
 * epoch ms of the table's game clock, `tickedAt` and `progressAt` wall ms.
 */
export interface ScheduledTable {
  tableId: string;
  /** Null until the table's `opened` event has told its clock. */
  clock: GameClock | null;
  /** The last log entry seen (entries, undos included, are numbered in order). */
  seq: number;
  /** When the table next has work (its last move's `nextDueAt`), or null for nothing due. */
  dueAt: number | null;
  stop: Stop | null;
  /** When the stop was recorded (the event's time), wall ms; absent in entries written before quarantines could be lifted. */
  stoppedAt?: number;
  /** When an operator's lift of the table's quarantine took effect (the release notice's time), wall ms. */
  releasedAt?: number | null;
  /** The last tick: for which due time, when, and how many re-ticks followed it. */
  tick: { dueAt: number; gameAt: number; tickedAt: number; reticks: number } | null;
  /** Wall time of the last move seen (or of the opening). */
  progressAt: number;
  /** The operators' latest pause or resume, if any (absent in entries written before pauses existed). */
  hold?: Hold | null;
  /** The table's game and rules (from its `opened` event): what says how a move changes its turn. */
  game?: { id: string; rulesVersion: string };
  /**
   * The turn length (game ms) the table's latest move that changed it set (an operator's turn
   * term), by that move's entry: a clock coalescing ticks to one a turn follows it, not the
   * term the table opened with.
   */
  turn?: { seq: number; ms: number };
}

export interface Tick {
  tableId: string;
  dueAt: number;
  /** A repeat of a tick that brought no move within the re-tick delay. */
  retick: number;
  /** How long after its wall due time the tick leaves, ms. */
  lateMs: number;
}

/** When a tick that brought no move is repeated. */
export interface RetickPolicy {
  /** The first re-tick comes this long after the tick; each next one waits twice as long… */
  firstMs: number;
  /** …up to this. */
  maxMs: number;
  /** After this many re-ticks the table is left alone until an event says something new. */
  limit: number;
}

/**
 * The due-time index: each open table's next due time, fed by table and move events, and
 * the ticks that are due at a wall time. A table that does not move after a tick is ticked
 * again (a lost tick, a dead executor), with a growing but bounded delay, a bounded number
 * of times: a table whose game has no clock (nothing ever due) costs a few ticks, not a
 * tick a minute for ever. Pure: the caller passes the time.
 */
export class DueIndex {
  private readonly tables = new Map<string, ScheduledTable>();
  private readonly changed = new Set<string>();

  constructor(private readonly retick: RetickPolicy) {}

  /**
   * Takes in what the bucket holds (at start, and what other replicas write): the newer
   * log position, the clock once known, a stop, and the later tick win, so that an older
   * copy never takes the index back.
   */
  merge(stored: ScheduledTable): void {
    const entry = this.tables.get(stored.tableId);
    if (!entry) {
      this.tables.set(stored.tableId, { ...stored });
      return;
    }
    if (stored.seq > entry.seq) Object.assign(entry, { seq: stored.seq, dueAt: stored.dueAt, progressAt: stored.progressAt });
    entry.clock ??= stored.clock;
    entry.game ??= stored.game;
    if (stored.turn && (!entry.turn || stored.turn.seq > entry.turn.seq)) entry.turn = stored.turn;
    // A stop wins, but a quarantine lifted since it was recorded stays lifted, whichever copy comes last.
    if ((stored.releasedAt ?? 0) > (entry.releasedAt ?? 0)) entry.releasedAt = stored.releasedAt;
    if (entry.stop === null && stored.stop !== null) Object.assign(entry, { stop: stored.stop, stoppedAt: stored.stoppedAt });
    if (isLifted(entry)) entry.stop = null;
    if (stored.tick && (!entry.tick || stored.tick.tickedAt > entry.tick.tickedAt)) entry.tick = stored.tick;
    if (stored.hold && (!entry.hold || stored.hold.at > entry.hold.at)) entry.hold = stored.hold;
  }

  get size(): number {
    return this.tables.size;
  }

  /** Tables left alone after the last re-tick brought no move. */
  get stalled(): number {
    let n = 0;
    for (const t of this.tables.values()) if (this.isStalled(t)) n += 1;
    return n;
  }

  /** Tables that get ticks. */
  get scheduled(): number {
    let n = 0;
    for (const t of this.tables.values()) if (t.stop === null && t.clock !== null && !t.hold?.paused) n += 1;
    return n;
  }

  get(tableId: string): ScheduledTable | undefined {
    return this.tables.get(tableId);
  }

  /** The table's clock as it runs now: coalesced to its current turn length once a move changed it. */
  clockOf(tableId: string): GameClock | null {
    const entry = this.tables.get(tableId);
    return entry ? currentClock(entry) : null;
  }

  /**
   * A table opened: its clock comes from its options, and it is due at once (its game time
   * at the opening), since nothing has told its first due time yet. A world's next chapter
   * keeps the pause of the chapter before: a world paused as its chapter closed stays paused.
   */
  opened(tableId: string, options: Readonly<JsonObject>, now: number, game?: { id: string; rulesVersion: string }): void {
    const entry = this.entry(tableId, now);
    if (game && !entry.game) {
      entry.game = game;
      this.changed.add(tableId);
    }
    if (entry.clock !== null) return;
    entry.clock = readGameClock(options);
    if (entry.seq === 0 && entry.dueAt === null) entry.dueAt = gameTimeAt(entry.clock, now);
    const before = readChapter(options)?.previous?.tableId;
    const hold = before === undefined ? undefined : this.tables.get(before)?.hold;
    if (hold?.paused && (!entry.hold || entry.hold.at < hold.at)) entry.hold = { ...hold };
    this.changed.add(tableId);
  }

  /**
   * Log entry `seq` (a move or an undo) was recorded; `nextDueAt` (epoch ms, or null) is what
   * comes next; `turnLength` the turn length (game ms) the move set, if it changed it.
   */
  moved(tableId: string, seq: number, nextDueAt: number | null, now: number, turnLength?: number): void {
    const entry = this.entry(tableId, now);
    // Kept apart from the position: replicas share the events, so a later entry may have come first.
    if (turnLength !== undefined && (entry.turn?.seq ?? 0) < seq) {
      entry.turn = { seq, ms: turnLength };
      this.changed.add(tableId);
    }
    // Entries of one table arrive in order, but a redelivery may bring an older one back.
    if (seq <= entry.seq) return;
    entry.seq = seq;
    entry.dueAt = nextDueAt;
    entry.progressAt = now;
    this.changed.add(tableId);
  }

  /** The table finished or was quarantined at wall time `at` (its event's time). */
  stopped(tableId: string, stop: Stop, at: number, now: number): void {
    const entry = this.entry(tableId, now);
    if (entry.stop === 'finished') return;
    if (stop === 'quarantined' && (entry.releasedAt ?? 0) >= at) return;
    entry.stop = stop;
    entry.stoppedAt = at;
    this.changed.add(tableId);
  }

  /**
   * The table's quarantine was lifted at wall time `at` (the release notice's time): it is
   * ticked again at once, as after a resume. A quarantine recorded later than `at` stands.
   */
  released(tableId: string, at: number, now: number): void {
    const entry = this.entry(tableId, now);
    if ((entry.releasedAt ?? 0) >= at) return;
    entry.releasedAt = at;
    if (isLifted(entry)) {
      entry.stop = null;
      entry.tick = null;
    }
    this.changed.add(tableId);
  }

  /**
   * An operator paused or resumed the table. A resume forgets the last tick, so that the
   * table is ticked at once and a re-tick series that had given up starts again.
   */
  held(tableId: string, hold: Hold, now: number): void {
    const entry = this.entry(tableId, now);
    entry.hold = hold;
    if (!hold.paused) entry.tick = null;
    this.changed.add(tableId);
  }

  /** The tables the operators paused and have not resumed, with the pause (a closed chapter's pause is its next chapter's). */
  paused(): Array<{ tableId: string; hold: Hold }> {
    return [...this.tables.values()].filter((e) => e.hold?.paused && e.stop !== 'finished').map((e) => ({ tableId: e.tableId, hold: e.hold! }));
  }

  /** The ticks due at wall time `now`, marked as sent. */
  due(now: number): Tick[] {
    const ticks: Tick[] = [];
    for (const entry of this.tables.values()) {
      const tick = this.dueTick(entry, now);
      if (tick) ticks.push(tick);
    }
    return ticks;
  }

  /** The wall time of the next tick to send (for sleeping until then), or null. */
  nextWakeAt(now: number): number | null {
    let next: number | null = null;
    for (const entry of this.tables.values()) {
      const at = this.wakeAt(entry);
      if (at !== null && (next === null || at < next)) next = at;
    }
    return next === null ? null : Math.max(next, now);
  }

  /** Entries changed since the last call (to write to the bucket). */
  takeChanged(): ScheduledTable[] {
    const out = [...this.changed].map((id) => this.tables.get(id)!);
    this.changed.clear();
    return out;
  }

  private dueTick(entry: ScheduledTable, now: number): Tick | null {
    const at = this.wakeAt(entry);
    if (at === null || now < at) return null;
    const clock = currentClock(entry)!;
    const dueAt = entry.dueAt!;
    const repeat = entry.tick !== null && entry.tick.dueAt === dueAt && entry.tick.tickedAt >= entry.progressAt;
    const retick = repeat ? entry.tick!.reticks + 1 : 0;
    const gameAt = repeat ? entry.tick!.gameAt : tickTimeOf(clock, dueAt, entry.tick?.gameAt ?? null);
    entry.tick = { dueAt, gameAt, tickedAt: now, reticks: retick };
    this.changed.add(entry.tableId);
    return { tableId: entry.tableId, dueAt, retick, lateMs: retick > 0 ? 0 : Math.max(0, now - wallTimeOf(clock, gameAt)) };
  }

  /** When the entry's next tick (or re-tick) is due, wall ms; null when none is. */
  private wakeAt(entry: ScheduledTable): number | null {
    if (entry.stop !== null || entry.hold?.paused || entry.clock === null || entry.dueAt === null || this.isStalled(entry)) return null;
    const tick = entry.tick;
    if (tick !== null && tick.dueAt === entry.dueAt && tick.tickedAt >= entry.progressAt) {
      return tick.tickedAt + Math.min(this.retick.firstMs * 2 ** tick.reticks, this.retick.maxMs);
    }
    const clock = currentClock(entry)!;
    return wallTimeOf(clock, tickTimeOf(clock, entry.dueAt, tick?.gameAt ?? null));
  }

  private isStalled(entry: ScheduledTable): boolean {
    const tick = entry.tick;
    return tick !== null && tick.reticks >= this.retick.limit && tick.dueAt === entry.dueAt && tick.tickedAt >= entry.progressAt;
  }

  private entry(tableId: string, now: number): ScheduledTable {
    let entry = this.tables.get(tableId);
    if (!entry) {
      entry = { tableId, clock: null, seq: 0, dueAt: null, stop: null, tick: null, progressAt: now };
      this.tables.set(tableId, entry);
    }
    return entry;
  }
}

/** The entry's clock with its coalescing (if any) at the turn length a move set since the opening. */
function currentClock(entry: ScheduledTable): GameClock | null {
  const clock = entry.clock;
  if (clock === null || clock.minTickInterval === 0 || !entry.turn) return clock;
  return { ...clock, minTickInterval: entry.turn.ms };
}

/** A quarantine that an operator's lift, recorded after it, has taken back. */
function isLifted(entry: ScheduledTable): boolean {
  return entry.stop === 'quarantined' && (entry.releasedAt ?? 0) >= (entry.stoppedAt ?? 0) && (entry.releasedAt ?? 0) > 0;
}
