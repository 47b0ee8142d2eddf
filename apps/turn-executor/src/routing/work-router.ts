import type { RequestClient } from '@chronicle/bus';
import { ExecutorWorkSubjects, ServiceUnavailable, type IntentOutcomeV1, type IntentV1, type TickV1 } from '@chronicle/contracts';
import { Logger } from '@nestjs/common';
import type { LeaseTable } from '../leases/lease-table';
import type { TableWorker } from '../tables/table-worker';
import type { ExecutorMetrics } from './executor-metrics';

/**
 * Sends each piece of work to the replica holding its table's lease, so that the table's
 * state stays warm in one place: work for a table this replica holds (or may take) runs
 * here; work for a table another live replica holds is handed to it, and the delivery is
 * acknowledged only once the holder answered (after its durable append). A holder that no
 * longer answers is presumed gone and its table taken over at once; anything else that
 * fails is `UNAVAILABLE`, and the delivery is retried later.
 */
export class WorkRouter {
  private readonly log = new Logger('WorkRouter');

  constructor(
    private readonly leases: LeaseTable,
    private readonly worker: TableWorker,
    private readonly peers: RequestClient,
    private readonly metrics: ExecutorMetrics,
    private readonly forwardTimeoutMs: number,
  ) {}

  async tick(tick: TickV1, forwarded: boolean): Promise<void> {
    const target = await this.place(tick.tableId, forwarded);
    if (target === this.leases.me) return this.worker.tick(tick);
    await this.forward(target, ExecutorWorkSubjects.forwardTick(target), tick);
  }

  async intent(intent: IntentV1, forwarded: boolean, timeoutMs = this.forwardTimeoutMs): Promise<IntentOutcomeV1> {
    const target = await this.place(intent.tableId, forwarded);
    if (target === this.leases.me) return this.worker.intent(intent);
    return this.forward<IntentOutcomeV1>(target, ExecutorWorkSubjects.forwardIntent(target), intent, timeoutMs);
  }

  /**
   * The fast path of a submit that waits for its outcome: the intent is decided at once where
   * its table's work goes (here, or at the holder, asked directly), without the trip through
   * the work queue — its outcome is durable before the submitter hears it, as on the queue.
   * Undefined when that is not done within `withinMs` (the holder busy or gone, the lease
   * contended): the submit then queues the intent as usual, and a decision still under way is
   * recorded under the intent's key, where the queued copy finds it.
   */
  async decideNow(intent: IntentV1, withinMs: number): Promise<IntentOutcomeV1 | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), withinMs)));
    const deciding = this.intent(intent, false, withinMs);
    deciding.catch(() => undefined);
    try {
      return await Promise.race([deciding, late]);
    } catch (error) {
      this.log.debug(`intent ${intent.intentKey} of table ${intent.tableId} goes through the work queue: ${String(error)}`);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Gives idle tables above this replica's fair share back, so that newer replicas get theirs. */
  async rebalance(): Promise<void> {
    let excess = this.leases.excess();
    for (const tableId of this.leases.held) {
      if (excess <= 0) return;
      if (this.worker.isBusy(tableId)) continue;
      await this.leases.release(tableId);
      excess--;
    }
  }

  /** Which replica does the table's work: the lease holder, or (for a free table) the fair-share choice. */
  private async place(tableId: string, forwarded: boolean): Promise<string> {
    if (this.leases.holds(tableId)) return this.leases.me;
    const holder = this.leases.holder(tableId);
    if (holder) {
      if (forwarded) throw new ServiceUnavailable(`table ${tableId} was handed to ${this.leases.me}, but ${holder} holds it now: retry`);
      return holder;
    }
    // A lease the others still take for this replica's is taken back here, whatever the fair share says.
    const choice = forwarded || this.leases.namesMe(tableId) ? this.leases.me : this.leases.placeFree();
    if (choice !== this.leases.me) return choice;
    if (await this.leases.acquire(tableId)) return this.leases.me;
    const winner = this.leases.holder(tableId);
    if (winner && !forwarded) return winner;
    throw new ServiceUnavailable(`the lease of table ${tableId} is contended: retry`);
  }

  /**
   * Hands work to the holder and waits for its answer, but not for a holder that stopped
   * renewing its membership meanwhile (it died mid-work): its leases are then taken as expired
   * and the delivery retried, which takes the table over. Work done twice that way is harmless: the
   * expected revision and the intent's key decide.
   */
  private async forward<T = null>(target: string, subject: string, work: TickV1 | IntentV1, timeoutMs = this.forwardTimeoutMs): Promise<T> {
    this.metrics.forwarded.inc();
    let watch: NodeJS.Timeout | undefined;
    const answered = this.peers.request<T>(subject, work, timeoutMs);
    const gone = new Promise<never>((_, reject) => {
      watch = setInterval(() => {
        if (!this.leases.isLive(target)) {
          // A member silent for a whole TTL holds no live lease by the lease rule: its tables are
          // free now, even where this replica saw a lease renewed a moment after the membership
          // (the redelivery would otherwise find the lease live and wait out another backoff).
          this.leases.presumeGone(target);
          reject(new ServiceUnavailable(`${target} stopped renewing its leases while working on table ${work.tableId}: retrying`));
        }
      }, 250);
    });
    answered.catch(() => undefined);
    try {
      return await Promise.race([answered, gone]);
    } catch (error) {
      if (error instanceof ServiceUnavailable && /nobody serves/.test(error.message)) {
        this.log.warn(`${target} no longer answers: taking its tables over`);
        this.leases.presumeGone(target);
      }
      throw error;
    } finally {
      clearInterval(watch);
    }
  }
}
