import type { LoggedMoveV1, MoveEventV1, PublicMoveEventV1, SnapshotV1, TableEventV1, ViewV1 } from '@chronicle/contracts';
import { BadRequest, encodeSnapshot, Forbidden, type RecheckedV1 } from '@chronicle/contracts';
import {
  InvalidGame, PUBLIC, readChapter, Snapshot, stateHash, stateToArray, viewMove, viewState,
  type AnyGame, type GameHeader, type GameState, type JsonObject, type LoggedMove, type Viewer,
} from '@chronicle/engine';
import { KeyedMutex } from '@chronicle/service-kit';
import { ForgerySuspects, playMoves, type ChapterOpenings, type Followed, type LoggedTable, type TableReplayer } from '@chronicle/bus';
import type { SnapshotStore, StoredSnapshot } from './snapshot-store';

/** One table as this process holds it. */
interface Kept {
  readonly tableId: string;
  readonly game: AnyGame;
  /** The seed included (`moves` 0: each move is played at its own number). */
  readonly header: GameHeader;
  commitment: string;
  state: GameState<unknown>;
  seq: number;
  lastMoveSeq: number;
  /** The highest entry told on `public.moves.<table>`: a rebuild replays entries without telling them again. */
  told: number;
  quarantined: string | null;
  dirty: boolean;
}

/** Who asks for a view: the public, a seat (already proven by its token), or someone wanting the whole state. */
export type ViewRequest = { viewer: Viewer; whole?: false; since?: number } | { whole: true };

export type RebuildReason = 'missing' | 'unreadable' | 'rejected' | 'gap' | 'undo' | 'diverged' | 'forged' | 'recheck';

/** What the keeper reports, for logs and metrics. */
export interface KeeperObserver {
  entry(kind: 'move' | 'undo' | 'duplicate'): void;
  rebuilt(tableId: string, reason: RebuildReason, moves: number, seconds: number, detail?: string): void;
  caughtUp(tableId: string, moves: number): void;
  progress(tableId: string, done: number, total: number): void;
  quarantined(tableId: string, reason: string): void;
  forged(tableId: string, reason: string): void;
  saved(tableId: string, bytes: number): void;
}

export interface KeeperOptions {
  cacheSize: number;
  progressEvery: number;
  /** Publishes a quarantine or release notice (kind `quarantined`/`released` on `tables.<table>`, signed when the service has its key). */
  publish(event: TableEventV1): Promise<void>;
  /** Publishes what anyone may know of an entry (`public.moves.<table>`, message id `<table>:<seq>`). */
  tell(event: PublicMoveEventV1): Promise<void>;
}

/**
 * Keeps every table's snapshot: advances it with each log entry, stores it in the shared
 * bucket, and rebuilds it by replay from the log (`TableReplayer`) whenever what it holds
 * cannot be trusted (missing, unreadable, of another history, a gap in the entries, an undo).
 * A rebuilt state that disagrees with a state hash recorded in the log quarantines the table.
 */
export class SnapshotKeeper {
  private readonly tables = new Map<string, Kept>();
  private readonly locks = new KeyedMutex();
  private readonly waiters = new Map<string, Set<() => void>>();
  /** Tables that met a forged entry, until the stream's duplicate window has passed. */
  private readonly suspects = new ForgerySuspects();

  constructor(
    private readonly replayer: TableReplayer,
    private readonly store: SnapshotStore,
    private readonly observer: KeeperObserver,
    private readonly options: KeeperOptions,
  ) {}

  /** One entry of `moves.<table>`, in log order (the consumer delivers one at a time). */
  onEntry(event: MoveEventV1): Promise<void> {
    return this.locks.run(event.tableId, async () => {
      const kept = await this.kept(event.tableId);
      if (event.seq <= kept.seq) {
        this.observer.entry('duplicate');
        return;
      }
      this.observer.entry(event.kind);
      if (kept.quarantined) return;
      if (event.seq > kept.seq + 1) {
        await this.catchUp(event.tableId, kept, 'gap');
      } else if (event.kind === 'undo') {
        await this.replayToUndo(event.tableId, kept, event);
      } else if (event.number !== kept.state.revision + 1) {
        await this.rebuild(event.tableId, kept, 'diverged', `entry ${event.seq} appends move ${event.number} to a state at revision ${kept.state.revision}`);
      } else {
        await this.advance(event.tableId, kept, event, event.seq);
      }
      this.notify(event.tableId);
    });
  }

  /**
   * An entry that is not the log service's (see `EventAuthenticity`) is never applied. It may
   * have taken the message id of a real entry, which the stream then drops as a duplicate: so
   * the table is brought up to the log now, and again every second while the stream's
   * duplicate window could still be hiding real entries behind forged ids. Bringing it up is
   * the moves since (a replay only when the held state's history is no longer the log's,
   * nothing when it is already there): a burst of forgeries costs header reads, not replays.
   */
  onForged(tableId: string, reason: string): Promise<void> {
    this.observer.forged(tableId, reason);
    this.suspects.mark(tableId, Date.now());
    return this.bringToLog(tableId);
  }

  /** Brings each table that met a forgery lately up to the log, each at most once a second. */
  async resyncSuspects(now = Date.now()): Promise<void> {
    for (const tableId of this.suspects.due(now)) await this.bringToLog(tableId);
  }

  private bringToLog(tableId: string): Promise<void> {
    return this.locks.run(tableId, async () => {
      const kept = await this.kept(tableId);
      if (kept.quarantined) return;
      if ((await this.replayer.log.header({ tableId })).seq > kept.seq) await this.catchUp(tableId, kept, 'forged');
      this.notify(tableId);
    });
  }

  /**
   * An operator's lift of a quarantine: the whole log replayed again from the table's opening,
   * every recorded state hash checked, as if this service met the table for the first time.
   * What quarantined it may have been this service's own doubt (a lagging check, a bug fixed
   * since); if the log agrees all through, the table goes on (stored at once, so a restart does
   * not bring the quarantine back, and a signed `released` notice tells the executors and the
   * scheduler), else it stays quarantined with the entry that still disagrees.
   */
  recheck(tableId: string): Promise<RecheckedV1> {
    return this.locks.run(tableId, async () => {
      const kept = await this.kept(tableId);
      const was = kept.quarantined;
      if (!was) throw new BadRequest(`table ${tableId} is not quarantined: there is nothing to lift`);
      kept.quarantined = null;
      await this.rebuild(tableId, kept, 'recheck', `an operator asked to lift its quarantine (${was})`);
      const verdict = { tableId, was, revision: kept.state.revision, seq: kept.seq };
      if (kept.quarantined) return { ...verdict, lifted: false, quarantined: kept.quarantined };
      this.observer.saved(tableId, await this.store.save(tableId, stored(kept)));
      kept.dirty = false;
      await this.options.publish({
        v: 1, kind: 'released', tableId, gameId: kept.game.id, rulesVersion: kept.game.version, seats: [...kept.header.seats],
        options: { ...kept.header.options }, reason: `its whole log replays to every recorded state hash (it was quarantined because ${was})`.slice(0, 4_000),
        commitment: kept.commitment, seq: kept.seq, revision: kept.state.revision, outcome: null, recordedAt: new Date().toISOString(),
      });
      this.notify(tableId);
      return { ...verdict, lifted: true, quarantined: null };
    });
  }

  /** The table's snapshot, waiting up to `waitMs` for it to reach `minRevision`. */
  async get(tableId: string, minRevision = 0, waitMs = 0): Promise<SnapshotV1> {
    const kept = await this.reached(tableId, minRevision, waitMs);
    return { ...standing(tableId, kept), snapshot: encodeSnapshot(Snapshot.of(kept.game, kept.state, kept.commitment).toArray()) };
  }

  /**
   * The table's state as the request may see it (the engine's views; see `ViewRequest`),
   * waiting as `get` does. The whole state of a table in play is `FORBIDDEN` when its game
   * hides anything.
   */
  async view(tableId: string, request: ViewRequest, minRevision = 0, waitMs = 0): Promise<ViewV1> {
    const kept = await this.reached(tableId, minRevision, waitMs);
    const view = request.whole
      ? viewState(kept.game, kept.state, PUBLIC)
      : viewState(kept.game, kept.state, request.viewer, request.since);
    if (request.whole && view.visibility !== 'full') {
      throw new Forbidden(`table ${tableId} is in play and its game hides what each seat may see: its whole state is public once it ends; ask for the public view, or a seat's view with its seat token`);
    }
    return { ...standing(tableId, kept), visibility: view.visibility, view: encodeSnapshot(view as unknown as JsonObject) };
  }

  /** The world a table belongs to (a chapter names it; a table outside any world is its own): seat proofs are for a world. */
  async worldOf(tableId: string): Promise<string> {
    const kept = await this.locks.run(tableId, () => this.kept(tableId));
    return readChapter(kept.header.options)?.world ?? tableId;
  }

  private async reached(tableId: string, minRevision: number, waitMs: number): Promise<Kept> {
    const kept = await this.locks.run(tableId, () => this.kept(tableId));
    if (kept.state.revision >= minRevision || waitMs <= 0) return kept;
    await this.waitFor(tableId, minRevision, waitMs);
    return this.locks.run(tableId, () => this.kept(tableId));
  }

  /** Writes every changed snapshot to the bucket. Safe to lose: the log rebuilds what was not written. */
  async flush(): Promise<void> {
    // A copy: reading a table moves it to the end of the map while this loop awaits.
    for (const [tableId, kept] of [...this.tables]) {
      if (!kept.dirty) continue;
      await this.locks.run(tableId, async () => {
        if (!kept.dirty) return;
        kept.dirty = false;
        try {
          this.observer.saved(tableId, await this.store.save(tableId, stored(kept)));
        } catch (error) {
          kept.dirty = true;
          throw error;
        }
      });
    }
  }

  get quarantinedTables(): string[] {
    return [...this.tables].filter(([, k]) => k.quarantined !== null).map(([id]) => id);
  }

  get cachedTables(): number {
    return this.tables.size;
  }

  /** The table in memory, else from the bucket (checked, then brought up to the log), else replayed. */
  private async kept(tableId: string): Promise<Kept> {
    const held = this.tables.get(tableId);
    if (held) {
      this.tables.delete(tableId);
      this.tables.set(tableId, held);
      return held;
    }
    const table = await this.replayer.table(tableId);
    const restored = await this.fromStore(table);
    const kept = 'kept' in restored ? restored.kept : await this.replayed(table, restored.reason, restored.detail);
    this.tables.set(tableId, kept);
    await this.evict();
    return kept;
  }

  private async fromStore(table: LoggedTable): Promise<{ kept: Kept } | { reason: RebuildReason; detail?: string }> {
    const { tableId, game, log: header } = table;
    const loaded = await this.store.load(tableId);
    if (!loaded.found) return { reason: 'missing' };
    if ('unreadable' in loaded) return { reason: 'unreadable', detail: loaded.unreadable.message };
    if ('forged' in loaded) return { reason: 'forged', detail: loaded.forged.message };
    const s = loaded.stored;
    try {
      if (s.gameId !== header.gameId || s.rulesVersion !== header.rulesVersion) {
        throw new InvalidGame(`the cached snapshot of table ${tableId} is of ${s.gameId} ${s.rulesVersion}, the log of ${header.gameId} ${header.rulesVersion}`);
      }
      if (s.seq > header.seq) throw new InvalidGame(`the cached snapshot of table ${tableId} includes entry ${s.seq}; the log ends at ${header.seq}`);
      const snapshot = Snapshot.fromArray(s.snapshot, { tableId, commitment: header.commitment, maxRevision: header.revision });
      const kept: Kept = {
        tableId,
        game,
        header: table.header,
        commitment: header.commitment,
        state: snapshot.restore(game),
        seq: s.seq,
        lastMoveSeq: s.lastMoveSeq,
        // What a stored snapshot includes was told before it was stored (see `advance`).
        told: s.seq,
        quarantined: s.quarantined,
        dirty: false,
      };
      if (kept.seq < header.seq && !kept.quarantined) await this.catchUp(tableId, kept, 'gap');
      return { kept };
    } catch (error) {
      if (!(error instanceof InvalidGame)) throw error;
      return { reason: 'rejected', detail: error.message };
    }
  }

  private async replayed(table: LoggedTable, reason: RebuildReason, detail?: string): Promise<Kept> {
    const { tableId, game, header, log } = table;
    const started = process.hrtime.bigint();
    const kept: Kept = {
      tableId, game, header, commitment: log.commitment, state: await this.replayer.opening(table, this.openings),
      seq: 0, lastMoveSeq: 0, told: 0, quarantined: null, dirty: true,
    };
    await this.replayAll(tableId, kept, started, reason, detail);
    return kept;
  }

  /** Replays the whole log into `kept`. */
  private async rebuild(tableId: string, kept: Kept, reason: RebuildReason, detail?: string): Promise<void> {
    const started = process.hrtime.bigint();
    await this.reset(kept);
    await this.replayAll(tableId, kept, started, reason, detail);
  }

  /**
   * An undo's recorded hash is of the state it left: the log's moves up to its revision as
   * they stood at that entry. When the entry reaches this keeper the log may already hold
   * later moves (the executors do not wait for snapshots), so the replay stops at the
   * undo's revision and is checked there, and the entries after it then follow as usual.
   * Only when a later undo has taken those moves back (the move at that revision is now a
   * later entry's) is that state gone from the log: nothing is left to check against, and
   * the whole log is replayed.
   */
  private async replayToUndo(tableId: string, kept: Kept, undo: MoveEventV1): Promise<void> {
    const started = process.hrtime.bigint();
    await this.reset(kept);
    const moves = await this.follow(kept, { through: undo.revision });
    if (kept.quarantined) return;
    if (kept.state.revision !== undo.revision || kept.lastMoveSeq > undo.seq) {
      await this.rebuild(tableId, kept, 'undo', `the log no longer holds the state entry ${undo.seq} left`);
      return;
    }
    kept.seq = undo.seq;
    this.observer.rebuilt(tableId, 'undo', moves, Number(process.hrtime.bigint() - started) / 1e9);
    await this.checkHash(tableId, kept, undo, undo.seq);
    if (kept.quarantined || undo.seq <= kept.told) return;
    await this.told(tableId, kept, {
      v: 1, kind: 'undo', tableId, seq: undo.seq, revision: undo.revision, number: undo.number, visibility: 'public', recordedAt: undo.recordedAt,
    });
  }

  private async reset(kept: Kept): Promise<void> {
    kept.state = await this.replayer.opening(kept, this.openings);
    kept.seq = 0;
    kept.lastMoveSeq = 0;
  }

  private async replayAll(tableId: string, kept: Kept, started: bigint, reason: RebuildReason, detail?: string): Promise<void> {
    const moves = await this.follow(kept);
    this.observer.rebuilt(tableId, reason, moves, Number(process.hrtime.bigint() - started) / 1e9, detail);
  }

  /**
   * Where a later chapter of a world starts: the previous chapter's final state. This keeper
   * holds that table too (brought to the log's end) and gives its own state rather than asking
   * the snapshot service, which is itself: its entries are handled one at a time, so waiting
   * for its own view of the previous chapter could wait behind the very entry being handled.
   */
  private readonly openings: ChapterOpenings = (link) => this.locks.run(link.tableId, async () => {
    const previous = await this.kept(link.tableId);
    if (previous.state.revision < link.revision && !previous.quarantined) await this.catchUp(link.tableId, previous, 'gap');
    return stateToArray(previous.game, previous.state);
  });

  /**
   * Brings `kept` up to the log's end with only the moves since, when the log still holds
   * the state's history (its last move is the entry it was); otherwise replays it all.
   */
  private async catchUp(tableId: string, kept: Kept, reason: RebuildReason): Promise<void> {
    const revision = kept.state.revision;
    const lastMoveSeq = kept.lastMoveSeq;
    const followed = await this.replay(kept, { same: (move) => move.seq === lastMoveSeq });
    if (followed.diverged) {
      await this.rebuild(tableId, kept, reason, `the log no longer holds move ${revision} as entry ${lastMoveSeq}`);
      return;
    }
    this.observer.caughtUp(tableId, followed.played);
  }

  /** Applies the log's moves above the state's revision (through `through`, else to the log's end); the number applied. */
  private async follow(kept: Kept, options: { through?: number } = {}): Promise<number> {
    return (await this.replay(kept, options)).played;
  }

  /**
   * The replay of the log into `kept`: each move applied as an entry is (its recorded hash
   * checked, told), the entries it read counted as held when it reads to the log's end, with
   * progress for long replays. `played` counts the moves applied without a quarantine.
   */
  private async replay(kept: Kept, options: { through?: number; same?: (move: LoggedMoveV1) => boolean }): Promise<Followed> {
    const { tableId } = kept;
    let applied = 0;
    let nextProgress = this.options.progressEvery;
    const followed = await this.replayer.follow(kept, kept.state, {
      ...options,
      played: async (move) => {
        await this.applied(kept, move, move.seq);
        if (kept.quarantined) return false;
        applied++;
        return true;
      },
      refused: (move, error) => this.quarantine(tableId, kept, move.seq, `the log does not replay: ${error.message}`),
      paged: (page) => {
        if (options.through === undefined) kept.seq = Math.max(kept.seq, page.seq);
        if (applied >= nextProgress) {
          this.observer.progress(tableId, kept.state.revision, page.revision);
          nextProgress += this.options.progressEvery;
        }
      },
    });
    return { ...followed, played: applied };
  }

  /**
   * Plays one entry's move on the state and compares the state hash the log recorded with
   * it, if any. A move that no longer replays, or a different hash, quarantines the table.
   */
  private async advance(tableId: string, kept: Kept, move: MoveEventV1, seq: number): Promise<void> {
    try {
      playMoves(kept, kept.state, [logged(move)]);
    } catch (error) {
      if (!(error instanceof InvalidGame)) throw error;
      await this.quarantine(tableId, kept, seq, `the log does not replay: ${error.message}`);
      return;
    }
    await this.applied(kept, move, seq);
  }

  /** A move the state now holds: the entry is held, its recorded hash checked, and told when not yet. */
  private async applied(kept: Kept, move: MoveEventV1 | LoggedMoveV1, seq: number): Promise<void> {
    kept.seq = seq;
    kept.lastMoveSeq = seq;
    kept.dirty = true;
    await this.checkHash(kept.tableId, kept, move, seq);
    if (!kept.quarantined && seq > kept.told) await this.tell(kept.tableId, kept, move, seq);
  }

  /**
   * Tells anyone what they may know of a move just applied (the game's public move view),
   * before the snapshot holding it can be stored: a restored snapshot's entries were told.
   */
  private async tell(tableId: string, kept: Kept, move: MoveEventV1 | LoggedMoveV1, seq: number): Promise<void> {
    // The view of a move reads the state right after it: the state now, before the next move.
    const seen = viewMove(kept.game, kept.state, logged(move), PUBLIC);
    const told = seen.visibility === 'full'
      ? { visibility: 'full' as const, seat: seen.seat, payload: seen.payload, random: seen.random }
      : { visibility: 'public' as const, told: seen.told };
    await this.told(tableId, kept, {
      v: 1, kind: 'move', tableId, seq, revision: kept.state.revision, number: move.number, ...told,
      ...('recordedAt' in move ? { recordedAt: move.recordedAt } : {}),
    });
  }

  /**
   * Publishes a public event. When that fails, the table leaves memory before any snapshot
   * holding the untold entry can be stored: the entry comes again (the consumer redelivers
   * it), the table is restored from its last stored snapshot, whose entries were all told,
   * and the entries since are applied and told again.
   */
  private async told(tableId: string, kept: Kept, event: PublicMoveEventV1): Promise<void> {
    try {
      await this.options.tell(event);
    } catch (error) {
      this.tables.delete(tableId);
      throw error;
    }
    kept.told = event.seq;
  }

  /** Compares the state hash an entry recorded (a move's, or an undo's of the state it left), if any, with the replayed state's. */
  private async checkHash(tableId: string, kept: Kept, entry: { stateHash: string | null }, seq: number): Promise<void> {
    if (!entry.stateHash) return;
    const rebuilt = stateHash(kept.game, kept.state);
    if (rebuilt !== entry.stateHash) {
      await this.quarantine(tableId, kept, seq, `entry ${seq} recorded state hash ${entry.stateHash}, but replaying the log gives ${rebuilt}`);
    }
  }

  private async quarantine(tableId: string, kept: Kept, seq: number, reason: string): Promise<void> {
    kept.quarantined = reason;
    kept.seq = Math.max(kept.seq, seq);
    kept.dirty = true;
    this.observer.quarantined(tableId, reason);
    await this.options.publish({
      v: 1, kind: 'quarantined', tableId, gameId: kept.game.id, rulesVersion: kept.game.version, seats: [...kept.header.seats],
      options: { ...kept.header.options }, reason, commitment: kept.commitment, seq: kept.seq, revision: kept.state.revision,
      outcome: null, recordedAt: new Date().toISOString(),
    });
  }

  private async evict(): Promise<void> {
    while (this.tables.size > this.options.cacheSize) {
      const [oldest, kept] = this.tables.entries().next().value as [string, Kept];
      this.tables.delete(oldest);
      if (kept.dirty) this.observer.saved(oldest, await this.store.save(oldest, stored(kept)));
    }
  }

  private waitFor(tableId: string, minRevision: number, waitMs: number): Promise<void> {
    return new Promise((resolve) => {
      const set = this.waiters.get(tableId) ?? new Set<() => void>();
      this.waiters.set(tableId, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(check);
        resolve();
      };
      const check = () => {
        if ((this.tables.get(tableId)?.state.revision ?? -1) >= minRevision) done();
      };
      const timer = setTimeout(done, waitMs);
      set.add(check);
      check();
    });
  }

  private notify(tableId: string): void {
    for (const check of this.waiters.get(tableId) ?? []) check();
  }
}

/** Where a kept table stands, as every reply about it says. */
function standing(tableId: string, kept: Kept): Omit<SnapshotV1, 'snapshot'> {
  return {
    tableId, gameId: kept.game.id, rulesVersion: kept.game.version, commitment: kept.commitment, revision: kept.state.revision,
    seq: kept.seq, quarantined: kept.quarantined,
  };
}

function stored(kept: Kept): StoredSnapshot {
  return {
    v: 1, gameId: kept.game.id, rulesVersion: kept.game.version, seq: kept.seq, lastMoveSeq: kept.lastMoveSeq,
    quarantined: kept.quarantined, snapshot: Snapshot.of(kept.game, kept.state, kept.commitment).toArray(),
  };
}

function logged({ number, seat, payload, random }: MoveEventV1 | LoggedMoveV1): LoggedMove {
  return { number, seat, payload, random };
}
