import type { Client } from 'pg';
import type { DataSource, QueryRunner } from 'typeorm';

// Any fixed 64-bit number: the advisory lock that makes a relay the one that publishes.
const LEADER_LOCK = 7_140_229_311;
const CHANNEL = 'chronicle_outbox';

/**
 * One relay per database publishes: the one holding a session-level advisory lock on a
 * connection of its own. When that process dies, PostgreSQL drops the connection and the
 * lock with it, and the next relay to ask takes over. The leader listens on a channel on
 * which the other replicas notify their commits, so their events do not wait for a poll.
 * Correctness never rests on the lock: two leaders at once would only publish rows twice,
 * and the stream drops repeated message ids.
 */
export class RelayLeadership {
  private runner?: QueryRunner;
  private notifying?: Promise<void>;
  private notifyAgain = false;

  constructor(
    private readonly db: DataSource,
    /** Called when another replica committed events. */
    private readonly onNotified: () => void,
  ) {}

  get isLeader(): boolean {
    return this.runner !== undefined;
  }

  /** Whether this process leads, taking the lead if it is free. */
  async lead(): Promise<boolean> {
    if (this.runner) return true;
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      const [row]: Array<{ ok: boolean }> = await runner.query('SELECT pg_try_advisory_lock($1) AS ok', [LEADER_LOCK]);
      if (!row!.ok) {
        await runner.release();
        return false;
      }
      const client = (runner as unknown as { databaseConnection: Client }).databaseConnection;
      client.on('notification', () => this.onNotified());
      // A broken connection has lost the lock: stop leading, and try again later.
      client.once('error', () => void this.resign());
      client.once('end', () => void this.resign());
      this.runner = runner;
      await runner.query(`LISTEN ${CHANNEL}`);
      return true;
    } catch (error) {
      if (this.runner === runner) await this.resign();
      else await runner.release().catch(() => undefined);
      throw error;
    }
  }

  /** Tells the leader that events were committed here (coalesced: one notify in flight at a time). */
  notifyLeader(): void {
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = this.db.query(`SELECT pg_notify('${CHANNEL}', '')`).then(
      () => undefined,
      () => undefined, // the leader polls anyway
    ).finally(() => {
      this.notifying = undefined;
      if (this.notifyAgain) {
        this.notifyAgain = false;
        this.notifyLeader();
      }
    });
  }

  /** Gives the lead up (at shutdown, or when its connection broke). */
  async resign(): Promise<void> {
    const runner = this.runner as unknown as { releasePostgresConnection(error: Error): Promise<void> } | undefined;
    this.runner = undefined;
    // Closing the connection (rather than returning it to the pool) drops the lock and the LISTEN with it.
    await runner?.releasePostgresConnection(new Error('the outbox relay gave up its lead')).catch(() => undefined);
  }
}
