import { StreamRoles, type Subjects } from '@chronicle/contracts';
import type { JsonObject, Outcome } from '@chronicle/engine';
import { JetStreamApiCodes, JetStreamApiError, type JetStreamManager } from '@nats-io/jetstream';
import type { DataSource } from 'typeorm';
import { moveEvent, tableEvent } from '../tables/events';
import { outboxJson, type OutboxMessage } from '../tables/log.repository';

interface TableRow {
  table_id: string;
  game_id: string;
  rules_version: string;
  seats: string[];
  options: JsonObject;
  commitment: string;
  status: 'open' | 'finished';
  outcome: Outcome | null;
  revision: number;
  last_seq: number;
  opened_at: Date;
  finished_at: Date | null;
  checkpoint: string | null;
}

interface EntryRow {
  table_id: string;
  seq: number;
  kind: 'move' | 'undo';
  number: number;
  revision: number;
  seat: string | null;
  payload: JsonObject | null;
  random: boolean;
  state_hash: string | null;
  next_due_at: Date | null;
  idempotency_key: string | null;
  recorded_at: Date;
  leaf: Buffer;
}

/**
 * PostgreSQL is the record; the streams are rebuilt from it. A NATS whose TABLES stream is
 * empty while the database holds tables has lost its streams (a restore from a database dump
 * on a fresh NATS, a NATS store lost): each table's events are queued again, in the order the
 * tables opened — `opened`, its last entry (whose `nextDueAt` the scheduler ticks by; earlier
 * entries are read from the log by whoever needs them, as after any gap), `finished` — with
 * the message ids they first had. The scheduler then ticks every table again and carries each
 * world on; the snapshot service rebuilds its cache by replay. Returns the events queued.
 */
export async function rebuildLostStreams(db: DataSource, jsm: JetStreamManager, subjects: Subjects): Promise<number> {
  let held: number;
  try {
    held = (await jsm.streams.info(subjects.stream(StreamRoles.tables))).state.messages;
  } catch (error) {
    // Not provisioned yet: the relay fails to publish and comes back here once it is.
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return 0;
    throw error;
  }
  if (held > 0) return 0;
  return db.transaction(async (em) => {
    // One replica at a time, and not twice: queued table events not yet published mean a rebuild (or an opening) is under way.
    await em.query('LOCK TABLE outbox IN SHARE ROW EXCLUSIVE MODE');
    const [{ pending }] = await em.query(`SELECT count(*)::int AS pending FROM outbox WHERE published_at IS NULL AND subject LIKE 'tables.%'`) as [{ pending: number }];
    if (pending > 0) return 0;
    const tables = await em.query('SELECT * FROM game_tables ORDER BY opened_at, table_id') as TableRow[];
    if (tables.length === 0) return 0;
    const last = new Map((await em.query(
      'SELECT e.* FROM log_entries e JOIN game_tables t ON t.table_id = e.table_id AND t.last_seq = e.seq',
    ) as EntryRow[]).map((e) => [e.table_id, e]));
    const events: OutboxMessage[] = [];
    for (const t of tables) {
      const facts = { tableId: t.table_id, gameId: t.game_id, rulesVersion: t.rules_version, seats: t.seats, options: t.options, commitment: t.commitment };
      events.push(tableEvent('opened', facts, 0, 0, null, t.opened_at));
      const entry = last.get(t.table_id);
      if (entry) {
        events.push(moveEvent(t.table_id, {
          seq: entry.seq, kind: entry.kind, number: entry.number, revision: entry.revision, seat: entry.seat, payload: entry.payload,
          random: entry.random, stateHash: entry.state_hash, nextDueAt: entry.next_due_at?.toISOString() ?? null,
          idempotencyKey: entry.idempotency_key, recordedAt: entry.recorded_at, leaf: entry.leaf.toString('hex'),
        }, t.checkpoint));
      }
      if (t.status === 'finished') events.push(tableEvent('finished', facts, t.last_seq, t.revision, t.outcome, t.finished_at ?? t.opened_at));
    }
    // Ids in the events' order: the relay publishes a table's events in id order.
    await em.query(
      `INSERT INTO outbox (subject, msg_id, payload)
       SELECT o.subject, o.msg_id, o.payload
       FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (subject text, msg_id text, payload text)) WITH ORDINALITY AS o(subject, msg_id, payload, n)
       ORDER BY o.n`,
      [outboxJson(events)],
    );
    return events.length;
  });
}
