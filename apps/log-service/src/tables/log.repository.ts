import type { Json, JsonObject, Outcome } from '@chronicle/engine';
import { UnknownTable } from '@chronicle/engine';
import type { EntityManager } from 'typeorm';

export interface HeaderRecord {
  tableId: string;
  gameId: string;
  rulesVersion: string;
  seed: string;
  commitment: string;
  seats: string[];
  options: JsonObject;
  status: 'open' | 'finished';
  outcome: Outcome | null;
  revision: number;
  lastSeq: number;
  /** The signed checkpoint after the last entry; null for a table not yet signed (written before trees). */
  checkpoint: string | null;
}

export interface EntryRecord {
  seq: number;
  kind: 'move' | 'undo';
  number: number;
  revision: number;
  seat: string | null;
  payload: Json;
  random: boolean;
  stateHash: string | null;
  nextDueAt: string | null;
  idempotencyKey: string | null;
  recordedAt: Date;
  /** Hex leaf hash in the table's Merkle tree. */
  leaf: string;
}

export interface OutboxMessage {
  subject: string;
  msgId: string;
  payload: string;
}

export interface HeaderChange {
  status: 'open' | 'finished';
  outcome: Outcome | null;
  /** The signed checkpoint of the tree with the new entry. */
  checkpoint: string;
}

/** One table's append, as the batched statement takes it. */
export interface PendingAppend {
  tableId: string;
  entry: EntryRecord;
  change: HeaderChange;
  events: OutboxMessage[];
}

const HEADER_COLUMNS = `
  table_id AS "tableId", game_id AS "gameId", rules_version AS "rulesVersion", seed, commitment, seats, options,
  status, outcome, revision, last_seq AS "lastSeq", checkpoint`;

const MOVE_COLUMNS = `
  seq, kind, number, revision, seat, payload, random, state_hash AS "stateHash", next_due_at AS "nextDueAt",
  idempotency_key AS "idempotencyKey", recorded_at AS "recordedAt"`;

const ENTRY_COLUMNS = `${MOVE_COLUMNS}, encode(leaf, 'hex') AS leaf`;

/**
 * SQL for tables, entries and the outbox; no rules here. Every method takes the entity
 * manager of the caller's transaction.
 */
export class LogRepository {
  /** Locks the table's header row for the rest of the transaction (undo uses it). */
  async lockHeader(em: EntityManager, tableId: string): Promise<HeaderRecord> {
    const rows: HeaderRecord[] = await em.query(`SELECT ${HEADER_COLUMNS} FROM game_tables WHERE table_id = $1 FOR UPDATE`, [tableId]);
    return found(rows[0], tableId);
  }

  /** The entry recorded under an idempotency key, if any. */
  async entryByKey(em: EntityManager, tableId: string, idempotencyKey: string): Promise<EntryRecord | undefined> {
    const rows: EntryRecord[] = await em.query(
      `SELECT ${ENTRY_COLUMNS} FROM log_entries WHERE table_id = $1 AND idempotency_key = $2`, [tableId, idempotencyKey]);
    return rows[0] ? normalize(rows[0]) : undefined;
  }

  async header(em: EntityManager, tableId: string): Promise<HeaderRecord> {
    const rows: HeaderRecord[] = await em.query(`SELECT ${HEADER_COLUMNS} FROM game_tables WHERE table_id = $1`, [tableId]);
    return found(rows[0], tableId);
  }

  async entries(em: EntityManager, tableId: string): Promise<EntryRecord[]> {
    const rows: EntryRecord[] = await em.query(`SELECT ${ENTRY_COLUMNS} FROM log_entries WHERE table_id = $1 ORDER BY seq`, [tableId]);
    return rows.map(normalize);
  }

  /** The leaf hashes of entries `from + 1` to `to`, in order. */
  async leaves(em: EntityManager, tableId: string, from: number, to: number): Promise<Buffer[]> {
    const rows: Array<{ leaf: Buffer }> = await em.query(
      'SELECT leaf FROM log_entries WHERE table_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq', [tableId, from, to]);
    return rows.map((r) => r.leaf);
  }

  /** The undo entries among entries `from + 1` to `to`. */
  async undos(em: EntityManager, tableId: string, from: number, to: number): Promise<EntryRecord[]> {
    const rows: EntryRecord[] = await em.query(
      `SELECT ${ENTRY_COLUMNS} FROM log_entries WHERE table_id = $1 AND kind = 'undo' AND seq > $2 AND seq <= $3 ORDER BY seq`, [tableId, from, to]);
    return rows.map(normalize);
  }

  /** Sets the checkpoint of a table whose entries were written before trees, if still unset. */
  async setCheckpoint(em: EntityManager, tableId: string, lastSeq: number, checkpoint: string): Promise<void> {
    await em.query('UPDATE game_tables SET checkpoint = $3 WHERE table_id = $1 AND last_seq = $2 AND checkpoint IS NULL', [tableId, lastSeq, checkpoint]);
  }

  /**
   * Moves of the current game log numbered above `fromRevision`, in order. Without undos
   * (`undone` false: the header's last entry is its revision) move n is entry n, a range of
   * the key. With undos a move entry counts unless a later undo entry took its number back;
   * the current moves' entries still come in number order, and move n's entry is at or
   * after seq n.
   */
  async currentMoves(em: EntityManager, tableId: string, fromRevision: number, limit: number, undone: boolean): Promise<Array<Omit<EntryRecord, 'leaf'>>> {
    // Without the leaf: a reader of moves does not need it (the tree is read on its own), and
    // hex-encoding 32 bytes per row cost the pages of a read.
    const rows: Array<Omit<EntryRecord, 'leaf'>> = undone
      ? await em.query(
        `SELECT ${MOVE_COLUMNS} FROM log_entries e
         WHERE e.table_id = $1 AND e.seq > $2 AND e.kind = 'move' AND e.number > $2
           AND NOT EXISTS (SELECT 1 FROM log_entries u WHERE u.table_id = e.table_id AND u.kind = 'undo' AND u.number = e.number AND u.seq > e.seq)
         ORDER BY e.seq
         LIMIT $3`,
        [tableId, fromRevision, limit])
      : await em.query(`SELECT ${MOVE_COLUMNS} FROM log_entries WHERE table_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`, [tableId, fromRevision, limit]);
    return rows.map(normalize);
  }

  /** Inserts a new header; false when the id is taken. */
  async insertTable(em: EntityManager, header: HeaderRecord, openedAt: Date, events: OutboxMessage[]): Promise<boolean> {
    const rows: unknown[] = await em.query(
      `WITH header AS (
         INSERT INTO game_tables (table_id, game_id, rules_version, seed, commitment, seats, options, status, outcome, revision, last_seq, opened_at, checkpoint)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', NULL, 0, 0, $8, $10)
         ON CONFLICT (table_id) DO NOTHING
         RETURNING table_id
       ), events AS (
         INSERT INTO outbox (subject, msg_id, payload)
         SELECT o.subject, o.msg_id, o.payload FROM jsonb_to_recordset($9::jsonb) AS o(subject text, msg_id text, payload text)
         WHERE EXISTS (SELECT 1 FROM header)
       )
       SELECT table_id FROM header`,
      [header.tableId, header.gameId, header.rulesVersion, header.seed, header.commitment, JSON.stringify(header.seats),
        JSON.stringify(header.options), openedAt, outboxJson(events), header.checkpoint],
    );
    return rows.length === 1;
  }

  /**
   * Appends entry `seq` if the table's last entry is still `seq - 1`: one statement (its own
   * transaction), so an append costs one round trip and one commit. Returns false, having
   * written nothing, when another writer got there first. The header row is updated first,
   * so concurrent writers of one table queue on its row lock and the outbox ids of one
   * table follow commit order. A reused idempotency key fails with a unique violation on
   * `log_entries_idempotency`.
   */
  async appendIfLast(em: EntityManager, tableId: string, entry: EntryRecord, change: HeaderChange, events: OutboxMessage[]): Promise<boolean> {
    const rows: Array<{ n: number }> = await em.query(
      `WITH header AS (
         UPDATE game_tables SET revision = $5, last_seq = $2, status = $13, outcome = $14::jsonb, checkpoint = $17,
           finished_at = CASE WHEN $13 = 'finished' THEN $12::timestamptz ELSE NULL END
         WHERE table_id = $1 AND last_seq = $2 - 1
         RETURNING table_id
       ), entry AS (
         INSERT INTO log_entries (table_id, seq, kind, number, revision, seat, payload, random, state_hash, next_due_at, idempotency_key, recorded_at, leaf)
         SELECT $1::text, $2::int, $3::text, $4::int, $5::int, $6::text, $7::jsonb, $8::boolean, $9::text, $10::timestamptz, $11::text, $12::timestamptz, decode($16, 'hex')
         FROM header
         RETURNING seq
       ), events AS (
         INSERT INTO outbox (subject, msg_id, payload)
         SELECT o.subject, o.msg_id, o.payload FROM jsonb_to_recordset($15::jsonb) AS o(subject text, msg_id text, payload text)
         WHERE EXISTS (SELECT 1 FROM entry)
       )
       SELECT count(*)::int AS n FROM entry`,
      entryParameters(tableId, entry, change, events),
    );
    return rows[0]!.n === 1;
  }

  /**
   * {@link appendIfLast} for the appends of several tables at once, in one statement (one
   * round trip, one commit). Returns the tables whose append was written. Any error (a
   * reused idempotency key, say) fails the whole statement: the caller then appends one by one.
   */
  async appendManyIfLast(em: EntityManager, appends: PendingAppend[]): Promise<Set<string>> {
    const rows: Array<{ table_id: string }> = await em.query(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS i(
           ord int, table_id text, seq int, kind text, number int, revision int, seat text, payload jsonb, random boolean,
           state_hash text, next_due_at timestamptz, idempotency_key text, recorded_at timestamptz, status text, outcome jsonb,
           events jsonb, leaf text, checkpoint text)
       ), header AS (
         UPDATE game_tables g SET revision = i.revision, last_seq = i.seq, status = i.status, outcome = i.outcome, checkpoint = i.checkpoint,
           finished_at = CASE WHEN i.status = 'finished' THEN i.recorded_at ELSE NULL END
         FROM input i
         WHERE g.table_id = i.table_id AND g.last_seq = i.seq - 1
         RETURNING g.table_id
       ), entry AS (
         INSERT INTO log_entries (table_id, seq, kind, number, revision, seat, payload, random, state_hash, next_due_at, idempotency_key, recorded_at, leaf)
         SELECT i.table_id, i.seq, i.kind, i.number, i.revision, i.seat, i.payload, i.random, i.state_hash, i.next_due_at, i.idempotency_key, i.recorded_at,
           decode(i.leaf, 'hex')
         FROM input i JOIN header h ON h.table_id = i.table_id
         RETURNING table_id
       ), events AS (
         INSERT INTO outbox (subject, msg_id, payload)
         SELECT o.subject, o.msg_id, o.payload
         FROM input i JOIN entry e ON e.table_id = i.table_id
         CROSS JOIN LATERAL ROWS FROM (jsonb_to_recordset(i.events) AS (subject text, msg_id text, payload text))
           WITH ORDINALITY AS o(subject, msg_id, payload, n)
         ORDER BY i.ord, o.n
       )
       SELECT table_id FROM entry`,
      [JSON.stringify(appends.map((a, ord) => ({
        ord, table_id: a.tableId, seq: a.entry.seq, kind: a.entry.kind, number: a.entry.number, revision: a.entry.revision,
        seat: a.entry.seat, payload: a.entry.payload, random: a.entry.random, state_hash: a.entry.stateHash,
        next_due_at: a.entry.nextDueAt, idempotency_key: a.entry.idempotencyKey, recorded_at: a.entry.recordedAt.toISOString(),
        status: a.change.status, outcome: a.change.outcome, leaf: a.entry.leaf, checkpoint: a.change.checkpoint,
        events: a.events.map((e) => ({ subject: e.subject, msg_id: e.msgId, payload: e.payload })),
      })))],
    );
    return new Set(rows.map((r) => r.table_id));
  }

  /**
   * {@link appendIfLast} for consecutive entries of one table (`entries[0].seq` follows the
   * table's last entry, each the one before it): one statement and one commit for them all,
   * the header moved to the last (`change` is the last one's). Returns false, having written
   * nothing, when another writer got there first; a reused idempotency key fails it whole.
   */
  async appendRunIfLast(em: EntityManager, tableId: string, entries: EntryRecord[], change: HeaderChange, events: OutboxMessage[]): Promise<boolean> {
    const last = entries.at(-1)!;
    const rows: Array<{ n: number }> = await em.query(
      `WITH header AS (
         UPDATE game_tables SET revision = $3, last_seq = $4, status = $5, outcome = $6::jsonb, checkpoint = $7,
           finished_at = CASE WHEN $5 = 'finished' THEN $8::timestamptz ELSE NULL END
         WHERE table_id = $1 AND last_seq = $2 - 1
         RETURNING table_id
       ), entry AS (
         INSERT INTO log_entries (table_id, seq, kind, number, revision, seat, payload, random, state_hash, next_due_at, idempotency_key, recorded_at, leaf)
         SELECT $1::text, i.seq, i.kind, i.number, i.revision, i.seat, i.payload, i.random, i.state_hash, i.next_due_at, i.idempotency_key,
           i.recorded_at, decode(i.leaf, 'hex')
         FROM jsonb_to_recordset($9::jsonb) AS i(seq int, kind text, number int, revision int, seat text, payload jsonb, random boolean,
           state_hash text, next_due_at timestamptz, idempotency_key text, recorded_at timestamptz, leaf text)
         WHERE EXISTS (SELECT 1 FROM header)
         RETURNING seq
       ), events AS (
         INSERT INTO outbox (subject, msg_id, payload)
         SELECT o.subject, o.msg_id, o.payload
         FROM ROWS FROM (jsonb_to_recordset($10::jsonb) AS (subject text, msg_id text, payload text)) WITH ORDINALITY AS o(subject, msg_id, payload, n)
         WHERE EXISTS (SELECT 1 FROM header)
         ORDER BY o.n
       )
       SELECT count(*)::int AS n FROM entry`,
      [tableId, entries[0]!.seq, last.revision, last.seq, change.status, change.outcome === null ? null : JSON.stringify(change.outcome),
        change.checkpoint, last.recordedAt, JSON.stringify(entries.map((e) => ({
          seq: e.seq, kind: e.kind, number: e.number, revision: e.revision, seat: e.seat, payload: e.payload, random: e.random,
          state_hash: e.stateHash, next_due_at: e.nextDueAt, idempotency_key: e.idempotencyKey, recorded_at: e.recordedAt.toISOString(), leaf: e.leaf,
        }))), outboxJson(events)],
    );
    return rows[0]!.n === entries.length;
  }

  /** Appends one entry, moves the header on, and queues the events, in one statement (inside the caller's transaction). */
  async appendEntry(em: EntityManager, tableId: string, entry: EntryRecord, change: HeaderChange, events: OutboxMessage[]): Promise<void> {
    await em.query(
      `WITH entry AS (
         INSERT INTO log_entries (table_id, seq, kind, number, revision, seat, payload, random, state_hash, next_due_at, idempotency_key, recorded_at, leaf)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, decode($16, 'hex'))
       ), header AS (
         UPDATE game_tables SET revision = $5, last_seq = $2, status = $13, outcome = $14, checkpoint = $17,
           finished_at = CASE WHEN $13 = 'finished' THEN $12::timestamptz ELSE NULL END
         WHERE table_id = $1
       )
       INSERT INTO outbox (subject, msg_id, payload)
       SELECT o.subject, o.msg_id, o.payload FROM jsonb_to_recordset($15::jsonb) AS o(subject text, msg_id text, payload text)`,
      entryParameters(tableId, entry, change, events),
    );
  }
}

function entryParameters(tableId: string, entry: EntryRecord, change: HeaderChange, events: OutboxMessage[]): unknown[] {
  return [tableId, entry.seq, entry.kind, entry.number, entry.revision, entry.seat,
    entry.payload === null ? null : JSON.stringify(entry.payload), entry.random, entry.stateHash, entry.nextDueAt,
    entry.idempotencyKey, entry.recordedAt, change.status, change.outcome === null ? null : JSON.stringify(change.outcome),
    outboxJson(events), entry.leaf, change.checkpoint];
}

/** True for the unique violation of a reused idempotency key. */
export function isDuplicateKey(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.driverError?.code ?? e?.code;
  const constraint = e?.driverError?.constraint ?? e?.constraint;
  return code === '23505' && constraint === 'log_entries_idempotency';
}

function found(header: HeaderRecord | undefined, tableId: string): HeaderRecord {
  if (!header) throw new UnknownTable(`there is no table ${tableId}; open it first`);
  return header;
}

function normalize<R extends Omit<EntryRecord, 'leaf'>>(row: R): R {
  const nextDueAt = row.nextDueAt as unknown;
  return { ...row, nextDueAt: nextDueAt instanceof Date ? nextDueAt.toISOString() : (nextDueAt as string | null) };
}

// Keeps the event bytes exact: they travel as text inside a JSON array.
/** Events as the outbox inserts read them (`jsonb_to_recordset`). */
export function outboxJson(events: OutboxMessage[]): string {
  return JSON.stringify(events.map((e) => ({ subject: e.subject, msg_id: e.msgId, payload: e.payload })));
}
