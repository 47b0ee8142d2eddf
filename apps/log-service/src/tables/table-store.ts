import {
  BadRequest, checkpointOrigin, Forbidden, readCheckpoint, sealSeed, signCheckpoint, type AppendedV1, type ConsistencyProofV1, type InclusionProofV1,
  type TreePageV1, type CommitmentV1, type FinishedHeaderV1, type FinishedLogV1, type HeaderV1,
  type KeyedEntryV1, type LoggedMoveV1, type MovesPageV1, type OpenedV1, type SealedSeedV1, type UndoneV1,
} from '@chronicle/contracts';
import {
  ConcurrentMove, consistencyProof, documentRefs, engine, withDocuments, entryLeaf, GameInProgress, GameLog, GameOver, IllegalMove, inclusionProof, MerkleRange, readChapter, rootOf,
  type Json, type JsonObject, type Outcome,
} from '@chronicle/engine';
import type { KeyObject } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { GameRegistry } from '@chronicle/games';
import { AppendBatcher, type AppendBatcherOptions } from './append-batcher';
import { KeyedMutex } from '@chronicle/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { loggedMove, moveEvent, tableEvent } from './events';
import { isDuplicateKey, type EntryRecord, type HeaderChange, type HeaderRecord, type LogRepository, type OutboxMessage } from './log.repository';
import { TableCache } from './table-cache';
import { DocumentStore } from '../documents/document-store';


/** Payload bytes in one page of `readMoves`: with the 64 KiB payload limit, a page always has a move and stays well under 1 MB. */
const READ_PAGE_BYTES = 512 * 1024;
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
  /** The log service's Ed25519 key: it signs each table's checkpoints (unsigned without one). */
  signingKey?: KeyObject;
}

export interface UndoRequest {
  tableId: string;
  seat: string | null;
  expectedRevision: number;
  idempotencyKey?: string;
  stateHash?: string;
  nextDueAt?: string;
}

/**
 * Tables in PostgreSQL: a store. The rules run in the turn executors, which send what
 * they computed (payload, randomness flag, state hash, next due time, outcome); this class
 * checks what a store checks — the expected revision (conditional writes; undo takes the
 * header row lock), exactly-once keys, the table's status, the move limit — and writes the
 * append-only entries and the outbox. It keeps no game state and never replays: only the
 * headers are cached (to save a read per append), and a stale one is caught by the
 * conditional write. Operations on one table run one at a time in this process (a
 * `KeyedMutex`), so the cache never races itself.
 */
export class TableStore {
  private readonly locks = new KeyedMutex();
  private readonly headers: TableCache<HeaderRecord>;
  /** Each table's tree, as its right edge (`MerkleRange`): a checkpoint per entry without reading the others. */
  private readonly trees: TableCache<MerkleRange>;
  private readonly appends: AppendBatcher;

  constructor(
    private readonly db: DataSource,
    private readonly repository: LogRepository,
    private readonly games: GameRegistry,
    private readonly options: TableStoreOptions,
    private readonly documents = new DocumentStore(db),
  ) {
    this.headers = new TableCache(options.cacheSize);
    this.trees = new TableCache(options.cacheSize);
    this.appends = new AppendBatcher(db, repository, options.batching);
  }

  /**
   * Opens a table under a fresh seed. The game's setup runs once here, only to refuse
   * options that could never start a table (the executors would fail on every tick). A
   * later chapter of a world starts from the previous chapter's final state, which its
   * options name but do not carry (the executors attach it): only its chapter entry is read.
   * Documents the options name by reference (`options.documents`) must be stored already;
   * the setup runs with them attached, the header keeps only the reference.
   */
  async open(request: OpenRequest): Promise<OpenedV1> {
    // An unknown game is a mistake in the request, not a move the rules refused.
    if (!this.games.ids.includes(request.gameId)) {
      throw new BadRequest(`no game "${request.gameId}" here; this build runs: ${this.games.ids.join(', ')}`);
    }
    const game = this.games.forNewTable(request.gameId);
    // The seed comes from the OS's secure source (GameLog.open).
    const log = GameLog.open({ tableId: request.tableId, gameId: game.id, rulesVersion: game.version, seats: request.seats, options: request.options ?? {} });
    if (!readChapter(log.options)?.previous) {
      for (const option of Object.keys(documentRefs(log.options))) {
        if (log.options[option] !== undefined) throw new BadRequest(`options.${option} is named by reference in options.documents; leave it out of the options`);
      }
      engine.setup(game, { ...log.header(), options: await withDocuments(log.options, (ref) => this.documents.load(ref.sha256)) });
    }
    const header: HeaderRecord = {
      tableId: log.tableId, gameId: log.gameId, rulesVersion: log.rulesVersion, seed: log.seed, commitment: log.commitment(),
      seats: [...log.seats], options: log.options as JsonObject, status: 'open', outcome: null, revision: 0, lastSeq: 0,
      checkpoint: this.checkpoint(log.tableId, log.commitment(), new MerkleRange()),
    };
    const openedAt = new Date();
    return this.locks.run(request.tableId, async () => {
      const inserted = await this.db.transaction((em) =>
        this.repository.insertTable(em, header, openedAt, [tableEvent('opened', header, 0, 0, null, openedAt)]));
      if (!inserted) throw new ConcurrentMove(`table ${request.tableId} already exists; open the new table under another id`);
      this.headers.set(request.tableId, header);
      this.trees.set(request.tableId, new MerkleRange());
      this.options.onCommitted();
      return { tableId: request.tableId, commitment: header.commitment, revision: 0 };
    });
  }

  /**
   * Records the move an executor computed, with one conditional statement. The cached
   * header may be behind the database (another replica appended): the write then fails
   * without writing and is tried once more on the header as it is now. A retried request
   * (same idempotency key) gets the first result back.
   */
  async append(request: AppendRequest): Promise<AppendedV1> {
    return this.locks.run(request.tableId, async () => {
      for (let attempt = 0; ; attempt++) {
        const header = await this.current(request.tableId, attempt > 0);
        if (request.expectedRevision !== header.revision) {
          const duplicate = await this.repository.entryByKey(this.db.manager, request.tableId, request.idempotencyKey);
          if (duplicate) return this.duplicateReply(request, duplicate);
          if (attempt === 0) continue;
          throw new ConcurrentMove(
            `table ${request.tableId} is at revision ${header.revision}, not ${request.expectedRevision}: reload and retry`);
        }
        if (header.status === 'finished') {
          throw new IllegalMove(`table ${request.tableId} is over (${header.outcome?.result ?? 'finished'}): no more moves`);
        }
        if (header.revision >= GameLog.MAX_MOVES) {
          throw new IllegalMove(`table ${request.tableId} is full: a log holds at most ${GameLog.MAX_MOVES} moves`);
        }
        const recordedAt = new Date();
        const outcome = request.outcome ?? null;
        const { entry, tree, checkpoint } = await this.entryOf(this.db.manager, header, {
          seq: header.lastSeq + 1, kind: 'move', number: header.revision + 1, revision: header.revision + 1, seat: request.seat,
          payload: request.payload, random: request.random, stateHash: request.stateHash ?? null,
          nextDueAt: request.nextDueAt ? new Date(request.nextDueAt).toISOString() : null,
          idempotencyKey: request.idempotencyKey, recordedAt,
        });
        const events = [moveEvent(request.tableId, entry, checkpoint)];
        if (outcome) events.push(tableEvent('finished', header, entry.seq, entry.revision, outcome, recordedAt));
        const change: HeaderChange = { status: outcome ? 'finished' : 'open', outcome, checkpoint };
        let written: boolean;
        try {
          written = await this.appends.append({ tableId: request.tableId, entry, change, events });
        } catch (error) {
          this.headers.delete(request.tableId);
          if (!isDuplicateKey(error)) throw error;
          // The key was used at an earlier revision (since taken back by an undo): the first result stands.
          const duplicate = await this.repository.entryByKey(this.db.manager, request.tableId, request.idempotencyKey);
          return this.duplicateReply(request, duplicate!);
        }
        if (!written) {
          this.headers.delete(request.tableId);
          if (attempt > 0) throw new ConcurrentMove(`table ${request.tableId} moved on while this move was written: reload and retry`);
          continue;
        }
        this.headers.set(request.tableId, { ...header, ...change, revision: entry.revision, lastSeq: entry.seq });
        this.trees.set(request.tableId, tree);
        this.options.onCommitted();
        return { tableId: request.tableId, revision: entry.revision, seq: entry.seq, move: loggedMove(entry), duplicate: false, outcome };
      }
    });
  }

  /**
   * Appends for one table in their order, as {@link append} would one after the other, but
   * written together: the run of them that follows the table's revision (each expecting the
   * one before, the table open and not full) in one statement and one commit. An executor
   * sends the intents a busy table gathered this way (`log.v1.append-many`); one commit per
   * move held a table to about 70 moves/s on the loaded machine. Whatever is not written in
   * the run (a revision that does not follow, a reused key, another writer first) goes
   * through {@link append} alone, which gives each its own answer.
   */
  async appendRun(requests: AppendRequest[]): Promise<Array<{ data: AppendedV1 } | { error: unknown }>> {
    const tableId = requests[0]!.tableId;
    const results: Array<{ data: AppendedV1 } | { error: unknown } | undefined> = await this.locks.run(tableId, async () => {
      const written: Array<{ data: AppendedV1 } | undefined> = new Array(requests.length);
      if (requests.length < 2) return written;
      let header = await this.current(tableId, false);
      const tree = (await this.treeOf(this.db.manager, header)).copy();
      const run: Array<{ entry: EntryRecord; outcome: Outcome | null }> = [];
      const events: OutboxMessage[] = [];
      let change: HeaderChange | undefined;
      for (const request of requests) {
        if (request.tableId !== tableId || request.expectedRevision !== header.revision || header.status === 'finished' || header.revision >= GameLog.MAX_MOVES) break;
        const recordedAt = new Date();
        const outcome = request.outcome ?? null;
        const base = {
          seq: header.lastSeq + 1, kind: 'move' as const, number: header.revision + 1, revision: header.revision + 1, seat: request.seat,
          payload: request.payload, random: request.random, stateHash: request.stateHash ?? null,
          nextDueAt: request.nextDueAt ? new Date(request.nextDueAt).toISOString() : null, idempotencyKey: request.idempotencyKey, recordedAt,
        };
        const leaf = entryLeaf(tableId, header.seed, base);
        tree.push(leaf);
        const entry = { ...base, leaf: leaf.toString('hex') };
        const checkpoint = this.checkpoint(tableId, header.commitment, tree);
        events.push(moveEvent(tableId, entry, checkpoint));
        if (outcome) events.push(tableEvent('finished', header, entry.seq, entry.revision, outcome, recordedAt));
        change = { status: outcome ? 'finished' : 'open', outcome, checkpoint };
        header = { ...header, ...change, revision: entry.revision, lastSeq: entry.seq };
        run.push({ entry, outcome });
      }
      if (run.length < 2 || !change) return written;
      let ok = false;
      try {
        ok = await this.repository.appendRunIfLast(this.db.manager, tableId, run.map((r) => r.entry), change, events);
      } catch {
        // A reused idempotency key, say: each is written (or answered) alone below.
      }
      if (!ok) {
        this.headers.delete(tableId);
        return written;
      }
      this.headers.set(tableId, header);
      this.trees.set(tableId, tree);
      this.options.onCommitted();
      for (const [i, { entry, outcome }] of run.entries()) {
        written[i] = { data: { tableId, revision: entry.revision, seq: entry.seq, move: loggedMove(entry), duplicate: false, outcome } };
      }
      return written;
    });
    for (const [i, request] of requests.entries()) {
      if (results[i]) continue;
      try {
        results[i] = { data: await this.append(request) };
      } catch (error) {
        results[i] = { error };
      }
    }
    return results as Array<{ data: AppendedV1 } | { error: unknown }>;
  }

  /**
   * Records the undo of the last move, which an executor allowed by the engine's rules
   * (`checkUndo`): the store checks the revision, that there is a move, and that the table
   * is still in play. With an idempotency key, a retry gets the first result back.
   */
  async undo(request: UndoRequest): Promise<UndoneV1> {
    return this.locks.run(request.tableId, async () => {
      const { tableId } = request;
      const result = await this.db.transaction(async (em) => {
        const header = await this.repository.lockHeader(em, tableId);
        const earlier = request.idempotencyKey === undefined ? undefined : await this.repository.entryByKey(em, tableId, request.idempotencyKey);
        if (earlier) return { header, entry: earlier, duplicate: true, tree: undefined };
        if (header.status === 'finished') throw new GameOver(`table ${tableId} is over (${header.outcome?.result ?? 'finished'}): no move can be taken back`);
        if (request.expectedRevision !== header.revision) {
          throw new ConcurrentMove(`table ${tableId} is at revision ${header.revision}, not ${request.expectedRevision}: reload and retry`);
        }
        if (header.revision === 0) throw new IllegalMove(`table ${tableId} has no move to take back`);
        const { entry, tree, checkpoint } = await this.entryOf(em, header, {
          seq: header.lastSeq + 1, kind: 'undo', number: header.revision, revision: header.revision - 1, seat: request.seat,
          payload: null, random: false, stateHash: request.stateHash ?? null,
          nextDueAt: request.nextDueAt ? new Date(request.nextDueAt).toISOString() : null,
          idempotencyKey: request.idempotencyKey ?? null, recordedAt: new Date(),
        });
        await this.repository.appendEntry(em, tableId, entry, { status: 'open', outcome: null, checkpoint }, [moveEvent(tableId, entry, checkpoint)]);
        return { header: { ...header, revision: entry.revision, lastSeq: entry.seq, checkpoint }, entry, duplicate: false, tree };
      });
      const { header, entry, duplicate } = result;
      if (duplicate) {
        if (entry.kind !== 'undo' || entry.seat !== request.seat) {
          throw new BadRequest(`idempotency key ${request.idempotencyKey} of table ${tableId} was used for another entry (${entry.kind} ${entry.number})`);
        }
      } else {
        this.headers.set(tableId, header);
        if (result.tree) this.trees.set(tableId, result.tree);
        this.options.onCommitted();
      }
      return { tableId, revision: entry.revision, seq: entry.seq, undone: entry.number, duplicate };
    });
  }

  /**
   * Moves of the current game log numbered above `fromRevision`, read from the entries: at
   * most `limit`, and no more than fit one reply (a page ends early once its payloads pass
   * `READ_PAGE_BYTES`; the caller asks again from where it ends).
   */
  /**
   * A page of the table's moves. `finishedOnly` is anyone's read: a table in play is refused,
   * its moves staying hidden until it ends (the public learns of them from the snapshot
   * service's `public.moves.<table>`; this store runs no rules to tell what may be known).
   */
  async readMoves(tableId: string, fromRevision: number, limit = 1_000, finishedOnly = false): Promise<MovesPageV1> {
    return this.db.transaction('REPEATABLE READ', async (em) => {
      const header = await this.repository.header(em, tableId);
      if (finishedOnly && header.status !== 'finished') {
        throw new Forbidden(`table ${tableId} is in play: its moves stay hidden until it ends; follow public.moves.${tableId} for what anyone may know of them`);
      }
      const moves: LoggedMoveV1[] = [];
      let bytes = 0;
      for (const entry of await this.repository.currentMoves(em, tableId, fromRevision, limit, header.lastSeq !== header.revision)) {
        bytes += Buffer.byteLength(JSON.stringify(entry.payload)) + 200;
        if (bytes > READ_PAGE_BYTES && moves.length > 0) break;
        moves.push(loggedMove(entry));
      }
      return { tableId, revision: header.revision, seq: header.lastSeq, moves };
    });
  }

  /** A finished table's header and seed; its moves come in pages of `readMoves`. */
  async finishedHeader(tableId: string): Promise<FinishedHeaderV1> {
    const h = await this.repository.header(this.db.manager, tableId);
    if (h.status !== 'finished') throw new GameInProgress(`table ${tableId} is still in play: its log (and seed) stays hidden until the end`);
    return {
      tableId, gameId: h.gameId, rulesVersion: h.rulesVersion, seed: h.seed, seats: h.seats, options: h.options,
      commitment: h.commitment, outcome: h.outcome, revision: h.revision, seq: h.lastSeq,
    };
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
      const entries = await this.repository.entries(em, tableId);
      const moves = foldMoves(entries);
      const log = GameLog.fromArray({
        tableId, gameId: header.gameId, rulesVersion: header.rulesVersion, seed: header.seed, seats: header.seats, options: header.options, moves,
      });
      if (log.commitment() !== header.commitment || log.revision !== header.revision) {
        throw new ConcurrentMove(`table ${tableId} changed between reading its header and its log; ask again`);
      }
      const { checkpoint, treeSize, rootHash } = await this.treeHead(em, header);
      const record = {
        tableId, treeSize, rootHash, checkpoint, leaves: entries.map((e) => e.leaf),
        undos: entries.filter((e) => e.kind === 'undo').map(({ seq, number, seat, stateHash }) => ({ seq, number, seat, stateHash })),
      };
      return { tableId, commitment: header.commitment, log: { ...log.toArray(), moves }, record };
    });
  }

  /**
   * A page of a table's tree: its head (the latest signed checkpoint), the leaf hashes of
   * entries `fromSeq + 1` on (at most `limit`), and — once the table is finished — the undo
   * entries among them. Leaves are salted hashes: they show nothing of a move until the seed
   * is public.
   */
  async tree(tableId: string, fromSeq: number, limit = 10_000): Promise<TreePageV1> {
    return this.db.transaction('REPEATABLE READ', async (em) => {
      const header = await this.repository.header(em, tableId);
      const head = await this.treeHead(em, header);
      const to = Math.min(header.lastSeq, fromSeq + limit);
      const leaves = fromSeq >= to ? [] : (await this.repository.leaves(em, tableId, fromSeq, to)).map((l) => l.toString('hex'));
      // An undo's seat and recorded state hash stay hidden while the table is in play (the public learns of entries from public.moves).
      const undos = fromSeq >= to || header.status !== 'finished' ? []
        : (await this.repository.undos(em, tableId, fromSeq, to)).map(({ seq, number, seat, stateHash }) => ({ seq, number, seat, stateHash }));
      return { tableId, commitment: header.commitment, ...head, fromSeq, leaves, undos };
    });
  }

  /** RFC 9162 audit path of entry `seq` in the table's tree of `treeSize` entries. */
  async inclusionProof(tableId: string, seq: number, treeSize: number): Promise<InclusionProofV1> {
    if (seq > treeSize) throw new BadRequest(`seq ${seq} is not in a tree of ${treeSize} entries: ask at a checkpoint's size at least ${seq}`);
    const leaves = await this.prefix(tableId, treeSize);
    return {
      tableId, seq, treeSize, leaf: leaves[seq - 1]!.toString('hex'), rootHash: rootOf(leaves).toString('hex'),
      proof: inclusionProof(leaves, seq - 1).map((h) => h.toString('hex')),
    };
  }

  /** RFC 9162 consistency proof from the table's tree at `from` entries to its tree at `to`. */
  async consistencyProof(tableId: string, from: number, to: number): Promise<ConsistencyProofV1> {
    if (from > to) throw new BadRequest(`from (${from}) must not be above to (${to}): a tree extends only a smaller one`);
    const leaves = await this.prefix(tableId, to);
    return {
      tableId, from, to, fromRoot: rootOf(leaves.slice(0, from)).toString('hex'), toRoot: rootOf(leaves).toString('hex'),
      proof: consistencyProof(leaves, from).map((h) => h.toString('hex')),
    };
  }

  /** The leaves of the table's first `size` entries; a size it has not reached is the caller's mistake. */
  private async prefix(tableId: string, size: number): Promise<Buffer[]> {
    const header = await this.repository.header(this.db.manager, tableId);
    if (size > header.lastSeq) throw new BadRequest(`table ${tableId} has ${header.lastSeq} entries, not ${size}: ask at a checkpoint's size`);
    return this.repository.leaves(this.db.manager, tableId, 0, size);
  }

  /** The signed head of a table's tree; a table written before trees gets its first one now. */
  private async treeHead(em: EntityManager, header: HeaderRecord): Promise<{ checkpoint: string; treeSize: number; rootHash: string }> {
    let checkpoint = header.checkpoint;
    if (checkpoint === null) {
      checkpoint = this.checkpoint(header.tableId, header.commitment, await this.treeOf(em, header));
      await this.repository.setCheckpoint(em, header.tableId, header.lastSeq, checkpoint);
    }
    const { treeSize, rootHash } = readCheckpoint(checkpoint);
    return { checkpoint, treeSize, rootHash };
  }

  /** The table's tree at the header's size: the cached one, or rebuilt from the stored leaves. */
  private async treeOf(em: EntityManager, header: HeaderRecord): Promise<MerkleRange> {
    const cached = this.trees.get(header.tableId);
    if (cached?.size === header.lastSeq) return cached;
    const tree = new MerkleRange();
    for (const leaf of await this.repository.leaves(em, header.tableId, 0, header.lastSeq)) tree.push(leaf);
    this.trees.set(header.tableId, tree);
    return tree;
  }

  /** An entry with its leaf, the tree with it (not yet cached: the write may be refused) and its signed checkpoint. */
  private async entryOf(em: EntityManager, header: HeaderRecord, entry: Omit<EntryRecord, 'leaf'>): Promise<{ entry: EntryRecord; tree: MerkleRange; checkpoint: string }> {
    const leaf = entryLeaf(header.tableId, header.seed, entry);
    const tree = (await this.treeOf(em, header)).copy();
    tree.push(leaf);
    return { entry: { ...entry, leaf: leaf.toString('hex') }, tree, checkpoint: this.checkpoint(header.tableId, header.commitment, tree) };
  }

  private checkpoint(tableId: string, commitment: string, tree: MerkleRange): string {
    return signCheckpoint({ origin: checkpointOrigin(tableId, commitment), treeSize: tree.size, rootHash: tree.root().toString('hex') }, this.options.signingKey);
  }

  /** The header as this process last saw it, or (`fresh`, or not cached) as the database has it now. */
  private async current(tableId: string, fresh: boolean): Promise<HeaderRecord> {
    const hit = fresh ? undefined : this.headers.get(tableId);
    if (hit) return hit;
    const header = await this.repository.header(this.db.manager, tableId);
    this.headers.set(tableId, header);
    return header;
  }

  /** The first result again, for a retried append; a key reused for another move is refused. */
  private async duplicateReply(request: AppendRequest, entry: EntryRecord): Promise<AppendedV1> {
    if (entry.kind !== 'move' || entry.seat !== request.seat || !isDeepStrictEqual(entry.payload, request.payload)) {
      throw new BadRequest(
        `idempotency key ${request.idempotencyKey} of table ${request.tableId} was used for ${entry.kind} ${entry.number} with another seat or payload`);
    }
    const header = await this.repository.header(this.db.manager, request.tableId);
    const finishedByIt = header.status === 'finished' && header.lastSeq === entry.seq;
    return {
      tableId: request.tableId, revision: entry.revision, seq: entry.seq, move: loggedMove(entry), duplicate: true,
      outcome: finishedByIt ? header.outcome : null,
    };
  }
}

/** The moves of the game log the entries say (a move appends, an undo takes the last move back), each with its entry and recorded state hash. */
function foldMoves(entries: EntryRecord[]): Array<{ number: number; seat: string | null; payload: Json; random: boolean; seq: number; stateHash: string | null }> {
  const moves: Array<{ number: number; seat: string | null; payload: Json; random: boolean; seq: number; stateHash: string | null }> = [];
  for (const { kind, number, seat, payload, random, seq, stateHash } of entries) {
    if (kind === 'move') moves.push({ number, seat, payload, random, seq, stateHash });
    else moves.pop();
  }
  return moves;
}
