import {
  BadRequest, sealSeed, type AppendedV1, type CommitmentV1, type FinishedLogV1, type HeaderV1, type KeyedEntryV1,
  type MovesPageV1,
  type OpenedV1, type SealedSeedV1, type UndoneV1,
} from '@chronicle/contracts';
import {
  ConcurrentMove, engine, GameInProgress, GameLog, IllegalMove, type Json, type JsonObject, type Outcome,
} from '@chronicle/engine';
import { isDeepStrictEqual } from 'node:util';
import type { GameRegistry } from '@chronicle/games';
import { AppendBatcher, type AppendBatcherOptions } from './append-batcher';
import { KeyedMutex } from '@chronicle/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { factsOf, loggedMove, moveEvent, tableEvent } from './events';
import { isDuplicateKey, type EntryRecord, type HeaderRecord, type LogRepository } from './log.repository';
import { TableCache, type CachedTable } from './table-cache';

export interface OpenRequest {
  tableId: string;
  gameId: string;
  seats: string[];
  options?: JsonObject;
}

export interface AppendRequest {
  tableId: string;
  seat: string | null;
  payload: Json;
  expectedRevision: number;
  idempotencyKey: string;
  stateHash?: string;
  nextDueAt?: string;
  random: boolean;
  outcome?: Outcome | null;
}

export interface TableStoreOptions {
  /** Called after each commit that queued events (the outbox relay publishes them). */
  onCommitted: () => void;
  cacheSize: number;
  /** Appends of different tables written together (see {@link AppendBatcher}). */
  batching: AppendBatcherOptions;
  /** AES-256 key shared with the trusted services, for {@link TableStore.sealedSeed}. */
  seedKey: Buffer;
}

export interface UndoRequest {
  tableId: string;
  seat: string | null;
  expectedRevision?: number;
}

/**
 * Tables in PostgreSQL with the engine's rules: the storage counterpart of the engine's
 * `InMemoryTables`. The rules (step, undo, limits, game over) are the engine's; this class
 * adds what storage needs: the expected revision (conditional writes; undo takes the header
 * row lock), exactly-once keys, the append-only entries, the outbox, and a state cache
 * rebuilt from the entries when missing. Operations on one table run one at a time in this
 * process (a `KeyedMutex`), so the cache never races itself.
 */
export class TableStore {
  private readonly locks = new KeyedMutex();
  private readonly cache: TableCache;
  private readonly appends: AppendBatcher;

  constructor(
    private readonly db: DataSource,
    private readonly repository: LogRepository,
    private readonly games: GameRegistry,
    private readonly options: TableStoreOptions,
  ) {
    this.cache = new TableCache(options.cacheSize);
    this.appends = new AppendBatcher(db, repository, options.batching);
  }

  async open(request: OpenRequest): Promise<OpenedV1> {
    // An unknown game is a mistake in the request, not a move the rules refused.
    if (!this.games.ids.includes(request.gameId)) {
      throw new BadRequest(`no game "${request.gameId}" here; this build runs: ${this.games.ids.join(', ')}`);
    }
    const game = this.games.forNewTable(request.gameId);
    // The seed comes from the OS's secure source (GameLog.open).
    const log = GameLog.open({ tableId: request.tableId, gameId: game.id, rulesVersion: game.version, seats: request.seats, options: request.options ?? {} });
    const state = engine.setup(game, log.header());
    const header: HeaderRecord = {
      tableId: log.tableId, gameId: log.gameId, rulesVersion: log.rulesVersion, seed: log.seed, commitment: log.commitment(),
      seats: [...log.seats], options: log.options as JsonObject, status: 'open', outcome: null, revision: 0, lastSeq: 0,
    };
    const openedAt = new Date();
    return this.locks.run(request.tableId, async () => {
      const inserted = await this.db.transaction((em) =>
        this.repository.insertTable(em, header, openedAt, [tableEvent('opened', header, 0, 0, null, openedAt)]));
      if (!inserted) throw new ConcurrentMove(`table ${request.tableId} already exists; open the new table under another id`);
      this.cache.set(request.tableId, { game, log, state, seq: 0, extras: [] });
      this.options.onCommitted();
      return { tableId: request.tableId, commitment: header.commitment, revision: 0 };
    });
  }

  /**
   * Plays a move on the cached state and writes it with one conditional statement. The
   * cache may be behind the database (another replica appended): the write then fails
   * without writing, and the move is tried once more on the state rebuilt from the log.
   * A retried request (same idempotency key) gets the first result back.
   */
  async append(request: AppendRequest): Promise<AppendedV1> {
    return this.locks.run(request.tableId, async () => {
      for (let attempt = 0; ; attempt++) {
        const table = await this.current(request.tableId, attempt > 0);
        if (request.expectedRevision !== table.log.revision) {
          const duplicate = await this.repository.entryByKey(this.db.manager, request.tableId, request.idempotencyKey);
          if (duplicate) return this.duplicateReply(request, duplicate);
          if (attempt === 0) continue;
          throw new ConcurrentMove(
            `table ${request.tableId} is at revision ${table.log.revision}, not ${request.expectedRevision}: reload and retry`);
        }
        let step;
        try {
          step = engine.step(table.game, table.log.header(), table.state, request.seat, request.payload);
        } catch (error) {
          // A refused move changed nothing; anything else (a game bug) may have half-changed the state.
          if (!(error instanceof IllegalMove)) {
            this.cache.delete(request.tableId);
            throw error;
          }
          // Refused by a cache that is behind? Then judge it again on the table as it is now.
          if (attempt === 0 && (await this.repository.header(this.db.manager, request.tableId)).lastSeq !== table.seq) continue;
          throw error;
        }
        const { move, state } = step;
        // From here the cached state holds the move: unless it is written, drop the cache.
        const recordedAt = new Date();
        const entry: EntryRecord = {
          seq: table.seq + 1, kind: 'move', number: move.number, revision: move.number, seat: move.seat,
          payload: move.payload, random: move.random, stateHash: request.stateHash ?? null,
          nextDueAt: request.nextDueAt ? new Date(request.nextDueAt).toISOString() : null,
          idempotencyKey: request.idempotencyKey, recordedAt,
        };
        const events = [moveEvent(request.tableId, entry)];
        if (state.outcome) events.push(tableEvent('finished', factsOf(table.log), entry.seq, entry.revision, state.outcome, recordedAt));
        let written: boolean;
        try {
          written = await this.appends.append({
            tableId: request.tableId, entry, change: { status: state.outcome ? 'finished' : 'open', outcome: state.outcome }, events,
          });
        } catch (error) {
          this.cache.delete(request.tableId);
          if (!isDuplicateKey(error)) throw error;
          // The key was used at an earlier revision (since taken back by an undo): the first result stands.
          const duplicate = await this.repository.entryByKey(this.db.manager, request.tableId, request.idempotencyKey);
          return this.duplicateReply(request, duplicate!);
        }
        if (!written) {
          this.cache.delete(request.tableId);
          if (attempt > 0) throw new ConcurrentMove(`table ${request.tableId} moved on while this move was written: reload and retry`);
          continue;
        }
        table.log.append(move);
        table.seq = entry.seq;
        table.extras.push({ seq: entry.seq, stateHash: entry.stateHash, nextDueAt: entry.nextDueAt });
        this.options.onCommitted();
        return { tableId: request.tableId, revision: entry.revision, seq: entry.seq, move: loggedMove(entry), duplicate: false, outcome: state.outcome };
      }
    });
  }

  async undo(request: UndoRequest): Promise<UndoneV1> {
    return this.locks.run(request.tableId, async () => {
      const result = await this.db.transaction(async (em) => {
        const header = await this.repository.lockHeader(em, request.tableId);
        if (request.expectedRevision !== undefined && request.expectedRevision !== header.revision) {
          throw new ConcurrentMove(`table ${request.tableId} is at revision ${header.revision}, not ${request.expectedRevision}: reload and retry`);
        }
        const table = await this.cached(em, header);
        const undone = engine.undo(table.game, table, request.seat);
        const last = table.log.lastMove!;
        const entry: EntryRecord = {
          seq: header.lastSeq + 1, kind: 'undo', number: last.number, revision: undone.log.revision, seat: request.seat,
          payload: null, random: false, stateHash: null, nextDueAt: null, idempotencyKey: null, recordedAt: new Date(),
        };
        await this.repository.appendEntry(em, request.tableId, entry, { status: 'open', outcome: null }, [moveEvent(request.tableId, entry)]);
        return { table, undone, entry };
      });
      const { table, undone, entry } = result;
      this.cache.set(request.tableId, { game: table.game, log: undone.log, state: undone.state, seq: entry.seq, extras: table.extras.slice(0, -1) });
      this.options.onCommitted();
      return { tableId: request.tableId, revision: entry.revision, seq: entry.seq, undone: entry.number, duplicate: false };
    });
  }

  /** Moves of the current game log numbered above `fromRevision`. */
  async readMoves(tableId: string, fromRevision: number, limit = 1_000): Promise<MovesPageV1> {
    return this.locks.run(tableId, () => this.db.transaction(async (em) => {
      const header = await this.repository.header(em, tableId);
      const table = await this.cached(em, header);
      const moves = table.log.moves.slice(fromRevision, fromRevision + limit).map((move) => {
        const extras = table.extras[move.number - 1]!;
        return loggedMove({ ...move, ...extras });
      });
      return { tableId, revision: header.revision, seq: header.lastSeq, moves };
    }));
  }

  async header(tableId: string): Promise<HeaderV1> {
    const h = await this.repository.header(this.db.manager, tableId);
    return {
      tableId: h.tableId, gameId: h.gameId, rulesVersion: h.rulesVersion, seats: h.seats, options: h.options,
      commitment: h.commitment, status: h.status, outcome: h.outcome, revision: h.revision, seq: h.lastSeq,
    };
  }

  /** What an idempotency key recorded, if anything (a retried intent's executor asks before refusing it). */
  async entryByKey(tableId: string, idempotencyKey: string): Promise<KeyedEntryV1 | null> {
    await this.repository.header(this.db.manager, tableId);
    const entry = await this.repository.entryByKey(this.db.manager, tableId, idempotencyKey);
    return entry ? { tableId, kind: entry.kind, seq: entry.seq, number: entry.number, revision: entry.revision } : null;
  }

  async commitment(tableId: string): Promise<CommitmentV1> {
    const h = await this.repository.header(this.db.manager, tableId);
    return { tableId, commitment: h.commitment };
  }

  /**
   * The seed for a trusted service (the snapshot service replays with it), sealed with the
   * shared key: the reply crosses NATS, where any `>` subscriber could read a clear seed.
   */
  async sealedSeed(tableId: string): Promise<SealedSeedV1> {
    const h = await this.repository.header(this.db.manager, tableId);
    return { tableId, commitment: h.commitment, sealedSeed: sealSeed(this.options.seedKey, tableId, h.seed) };
  }

  /** The log with its seed, only once the game is over (the engine's `finishedLog` rules). */
  async finishedLog(tableId: string): Promise<FinishedLogV1> {
    return this.db.transaction('REPEATABLE READ', async (em) => {
      const header = await this.repository.header(em, tableId);
      if (header.status !== 'finished') {
        throw new GameInProgress(`table ${tableId} is still in play: its log (and seed) stays hidden until the end`);
      }
      const log = foldLog(header, await this.repository.entries(em, tableId));
      if (log.commitment() !== header.commitment || log.revision !== header.revision) {
        throw new ConcurrentMove(`table ${tableId} changed between reading its header and its log; ask again`);
      }
      return { tableId, commitment: header.commitment, log: log.toArray() };
    });
  }

  /**
   * The table as this process last saw it, or (`fresh`, or not cached) as the database has
   * it now. Appends check freshness by their conditional write instead of a read.
   */
  private async current(tableId: string, fresh: boolean): Promise<CachedTable> {
    const hit = fresh ? undefined : this.cache.get(tableId);
    if (hit) return hit;
    return this.db.transaction('REPEATABLE READ', async (em) => this.cached(em, await this.repository.header(em, tableId)));
  }

  /** The first result again, for a retried append; a key reused for another move is refused. */
  private async duplicateReply(request: AppendRequest, entry: EntryRecord): Promise<AppendedV1> {
    if (entry.seat !== request.seat || !isDeepStrictEqual(entry.payload, request.payload)) {
      throw new BadRequest(
        `idempotency key ${request.idempotencyKey} of table ${request.tableId} was used for move ${entry.number} with another seat or payload`);
    }
    const header = await this.repository.header(this.db.manager, request.tableId);
    const finishedByIt = header.status === 'finished' && header.lastSeq === entry.seq;
    return {
      tableId: request.tableId, revision: entry.revision, seq: entry.seq, move: loggedMove(entry), duplicate: true,
      outcome: finishedByIt ? header.outcome : null,
    };
  }

  /** The cached table when it is at the header's last entry, else rebuilt from the entries. */
  private async cached(em: EntityManager, header: HeaderRecord): Promise<CachedTable> {
    const hit = this.cache.get(header.tableId);
    if (hit && hit.seq === header.lastSeq) return hit;
    const game = this.games.forTable(header.tableId, header.gameId, header.rulesVersion);
    const entries = await this.repository.entries(em, header.tableId);
    const log = foldLog(header, entries);
    const extras = foldExtras(entries);
    const table: CachedTable = { game, log, state: engine.replay(game, log), seq: header.lastSeq, extras };
    this.cache.set(header.tableId, table);
    return table;
  }
}

/** The game log the entries say: a move appends, an undo takes the last move back. */
function foldLog(header: HeaderRecord, entries: EntryRecord[]): GameLog {
  const moves: Array<{ number: number; seat: string | null; payload: Json; random: boolean }> = [];
  for (const entry of entries) {
    if (entry.kind === 'move') moves.push({ number: entry.number, seat: entry.seat, payload: entry.payload, random: entry.random });
    else moves.pop();
  }
  return GameLog.fromArray({
    tableId: header.tableId, gameId: header.gameId, rulesVersion: header.rulesVersion, seed: header.seed,
    seats: header.seats, options: header.options, moves,
  });
}

function foldExtras(entries: EntryRecord[]): CachedTable['extras'] {
  const extras: CachedTable['extras'] = [];
  for (const entry of entries) {
    if (entry.kind === 'move') extras.push({ seq: entry.seq, stateHash: entry.stateHash, nextDueAt: entry.nextDueAt });
    else extras.pop();
  }
  return extras;
}
