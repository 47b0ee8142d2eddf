import { SIGNATURE_HEADER, signEvent, type Subjects } from '@chronicle/contracts';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/nats-core';
import type { KeyObject } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { RelayLeadership } from './relay-leadership';
import { rebuildLostStreams } from './stream-rebuild';

export interface RelayOptions {
  pollMs: number;
  batch: number;
  /** Fault injection (crash tests only): hold fetched rows before publishing them. */
  pauseAfterCommitMs: number;
  /** Fault injection (crash tests only): hold published rows before marking them. */
  pauseAfterPublishMs: number;
  /** Signs every event (`Chronicle-Signature`, see contracts `trust/event-signature`); none: unsigned. */
  signingKey?: KeyObject;
}

interface PendingRow {
  id: string;
  subject: string;
  msgId: string;
  payload: string;
}

/**
 * Publishes the outbox to JetStream, in id order, and marks what the stream acknowledged.
 * Nothing is lost: a row stays pending until JetStream stored it. Nothing is doubled:
 * every message carries `Nats-Msg-Id` (`<table>:<seq>`), so a row published again after a
 * crash (published, not yet marked) is dropped by the stream's duplicate window; and at
 * start the relay first marks the rows the stream already holds (last message per
 * subject), which covers a restart later than that window. Order: rows of one table are
 * in commit order (see `OutboxRow`), and a table's next row is published only after the
 * stream acknowledged the previous one (see {@link waves}).
 */
export class OutboxRelay {
  private readonly log = new Logger('OutboxRelay');
  private js?: JetStreamClient;
  private jsm?: JetStreamManager;
  private running = false;
  private wake?: () => void;
  private kicked = false;
  private loop?: Promise<void>;
  private lastError?: string;
  /** False at start and after a failure: the next round first marks what the stream holds. */
  private recovered = false;
  private lastPurge = 0;
  /** Rows published and not yet marked: the next read marks them in the same statement. */
  private unmarked: string[] = [];
  private readonly leadership: RelayLeadership;

  constructor(
    private readonly db: DataSource,
    private readonly nc: NatsConnection,
    private readonly subjects: Subjects,
    private readonly options: RelayOptions,
  ) {
    this.leadership = new RelayLeadership(db, () => this.wakeUp());
  }

  /** Whether this replica's relay is the one publishing (see {@link RelayLeadership}). */
  get isLeader(): boolean {
    return this.leadership.isLeader;
  }

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp();
    await this.loop;
    if (this.unmarked.length > 0) await this.markPublished().catch(() => undefined); // else recovery marks them
    await this.leadership.resign();
  }

  /** Something was committed here: publish now, or tell the replica that publishes. */
  kick(): void {
    if (this.leadership.isLeader) this.wakeUp();
    else this.leadership.notifyLeader();
  }

  private wakeUp(): void {
    this.kicked = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    this.js = jetstream(this.nc);
    while (this.running) {
      try {
        this.jsm ??= await jetstreamManager(this.nc);
        // Followers only wait to take over; a new leader first looks at what the stream holds.
        if (!(await this.leadership.lead())) {
          this.recovered = false;
          await this.sleep();
          continue;
        }
        if (!this.recovered) {
          await this.recover();
          this.recovered = true;
        }
        while (this.running && this.recovered && (await this.publishBatch()) > 0);
        delete this.lastError;
        await this.purge();
      } catch (error) {
        // Rows published before the failure may be unmarked: look at the stream again before
        // publishing them, in case the outage outlasts the stream's duplicate window.
        this.recovered = false;
        this.lastError = String(error);
        this.log.error({ err: error }, `outbox relay failed; retrying in ${this.options.pollMs} ms`);
      }
      await this.sleep();
    }
  }

  /**
   * For /health and /metrics: rows waiting, and how long the oldest has waited. A relay
   * that cannot publish (NATS down, stream not provisioned) shows here and in `lastError`.
   */
  async status(): Promise<{ pending: number; oldestPendingMs: number; lastError?: string }> {
    const [row]: Array<{ pending: number; oldest_ms: number | null }> = await this.db.query(
      `SELECT count(*)::int AS pending, (extract(epoch FROM now() - min(created_at)) * 1000)::float8 AS oldest_ms
       FROM outbox WHERE published_at IS NULL`);
    return { pending: row!.pending, oldestPendingMs: row!.oldest_ms ?? 0, ...(this.lastError ? { lastError: this.lastError } : {}) };
  }

  /** Published rows are kept an hour for inspection, then deleted (at most once a minute). */
  private async purge(): Promise<void> {
    if (Date.now() - this.lastPurge < 60_000) return;
    this.lastPurge = Date.now();
    await this.db.query(`DELETE FROM outbox WHERE published_at < now() - interval '1 hour'`);
  }

  private async sleep(): Promise<void> {
    if (this.kicked || !this.running) {
      this.kicked = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.options.pollMs);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = undefined;
    this.kicked = false;
  }

  /**
   * Queues the events of every table again when the streams were lost (`rebuildLostStreams`),
   * then marks the pending rows whose message the stream already holds (published before a crash).
   */
  private async recover(): Promise<void> {
    const rebuilt = await rebuildLostStreams(this.db, this.jsm!, this.subjects);
    if (rebuilt > 0) this.log.warn(`the TABLES stream is empty but the database holds tables: the streams were lost (a restore on a fresh NATS?); queued ${rebuilt} events to rebuild them`);
    const subjects: Array<{ subject: string }> = await this.db.query(
      'SELECT DISTINCT subject FROM outbox WHERE published_at IS NULL');
    let marked = 0;
    for (const { subject } of subjects) {
      const wire = this.subjects.of(subject);
      const stream = await this.jsm!.streams.find(wire).catch(() => undefined);
      if (!stream) continue;
      const last = await this.jsm!.streams.getMessage(stream, { last_by_subj: wire }).catch(() => null);
      const msgId = last?.header?.get('Nats-Msg-Id');
      if (!msgId) continue;
      // Wrapped in a SELECT: TypeORM returns [rows, count] for a bare UPDATE.
      const [row]: Array<{ n: number }> = await this.db.query(
        `WITH marked AS (
           UPDATE outbox SET published_at = now()
           WHERE published_at IS NULL AND subject = $1
             AND id <= (SELECT max(id) FROM outbox WHERE subject = $1 AND msg_id = $2)
           RETURNING id
         ) SELECT count(*)::int AS n FROM marked`, [subject, msgId]);
      marked += row!.n;
    }
    if (marked > 0) this.log.log(`recovery: ${marked} outbox rows were already in the stream; marked them published`);
  }

  private publish(row: PendingRow): Promise<unknown> {
    const wire = this.subjects.of(row.subject);
    const key = this.options.signingKey;
    if (!key) return this.js!.publish(wire, row.payload, { msgID: row.msgId });
    const h = headers();
    h.set(SIGNATURE_HEADER, signEvent(key, wire, row.msgId, row.payload));
    return this.js!.publish(wire, row.payload, { msgID: row.msgId, headers: h });
  }

  /**
   * One round: marks what the last round published and reads the next pending rows in one
   * statement (one round trip instead of two), publishes them, and leaves them to the next
   * round to mark — the loop runs rounds until one reads nothing, so marks wait only for it.
   * A crash in between leaves published rows unmarked, as a crash after any publish could:
   * recovery finds them in the stream.
   */
  private async publishBatch(): Promise<number> {
    const fetchedAt = Date.now();
    const rows: PendingRow[] = await this.db.query(
      `WITH marked AS (UPDATE outbox SET published_at = now() WHERE id = ANY($2::bigint[]))
       SELECT id, subject, msg_id AS "msgId", payload FROM outbox
       WHERE published_at IS NULL AND NOT (id = ANY($2::bigint[])) ORDER BY id LIMIT $1`,
      [this.options.batch, this.unmarked]);
    this.unmarked = [];
    if (rows.length === 0) return 0;
    if (this.options.pauseAfterCommitMs > 0) {
      this.log.warn(`fault injection: holding ${rows.length} committed outbox rows for ${this.options.pauseAfterCommitMs} ms before publishing`);
      await delay(this.options.pauseAfterCommitMs);
    }
    const published: string[] = [];
    const failed = new Set<string>();
    for (const wave of waves(rows)) {
      // Rows read long ago may have been published and marked by another replica since; past
      // half the duplicate window, the stream would no longer drop them: read again instead.
      if (Date.now() - fetchedAt > STALE_BATCH_MS) {
        this.recovered = false;
        break;
      }
      const ready = wave.filter((row) => !failed.has(row.subject));
      const results = await Promise.allSettled(
        ready.map((row) => this.publish(row)));
      for (const [i, result] of results.entries()) {
        const row = ready[i]!;
        if (result.status === 'fulfilled') {
          published.push(row.id);
        } else {
          // The table's later rows wait for this one, so that they cannot overtake it in the stream.
          failed.add(row.subject);
          this.log.error({ err: result.reason }, `publishing outbox row ${row.id} (${row.msgId}) failed; will retry`);
        }
      }
    }
    if (this.options.pauseAfterPublishMs > 0 && published.length > 0) {
      this.log.warn(`fault injection: ${published.length} rows published, holding ${this.options.pauseAfterPublishMs} ms before marking them`);
      await delay(this.options.pauseAfterPublishMs);
    }
    this.unmarked = published;
    if (failed.size > 0) throw new Error(`outbox rows of ${failed.size} subjects not published`);
    return rows.length;
  }

  private async markPublished(): Promise<void> {
    await this.db.query('UPDATE outbox SET published_at = now() WHERE id = ANY($1::bigint[])', [this.unmarked]);
    this.unmarked = [];
  }
}

/** Half the streams' 2-minute duplicate window (`coreStreams`). */
const STALE_BATCH_MS = 60_000;

/**
 * Splits rows (in id order) into waves holding at most one row per subject: a wave is
 * published concurrently, waves one after the other. Rows of one table therefore reach the
 * stream in order even if a publish fails, while many tables share each round trip.
 */
export function waves<R extends { subject: string }>(rows: R[]): R[][] {
  const out: R[][] = [];
  const depth = new Map<string, number>();
  for (const row of rows) {
    const k = depth.get(row.subject) ?? 0;
    depth.set(row.subject, k + 1);
    (out[k] ??= []).push(row);
  }
  return out;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
