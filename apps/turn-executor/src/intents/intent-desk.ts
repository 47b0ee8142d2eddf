import type { LogClient } from '@chronicle/bus';
import {
  EventSubjects, intentMsgId, type SeatGate, type GetIntentOutcomeV1, type IntentOutcomeV1, type IntentV1, type Subjects,
  type SubmitIntentV1,
} from '@chronicle/contracts';
import { readChapter } from '@chronicle/engine';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { OutcomeBook } from './outcome-book';

/** Tables known to exist, with their world, so that a submit costs no header read once the table was seen. */
const KNOWN_TABLES = 10_000;

/** Where an intent can be decided at once (the work router: this replica or the table's holder). */
export interface IntentDecider {
  decideNow(intent: IntentV1, withinMs: number): Promise<IntentOutcomeV1 | undefined>;
}

/**
 * The door for player intents. A submit is checked (the transport validated its shape and
 * size; here, that the table exists). One that waits for its outcome is decided at once by
 * the replica holding the table (the reply follows the durable append and the recorded
 * outcome, or the first outcome of a key decided before); otherwise — no wait, or that
 * could not be done in time — it is made durable on `intents.<table>` (JetStream,
 * deduplicated by `<table>:<intentKey>`) before the reply, which may wait for the outcome.
 */
export class IntentDesk {
  private readonly known = new Map<string, string>();

  constructor(
    private readonly js: JetStreamClient,
    private readonly subjects: Subjects,
    private readonly log: LogClient,
    private readonly outcomes: OutcomeBook,
    private readonly seats: SeatGate,
    private readonly decider: IntentDecider,
  ) {}

  async submit(request: SubmitIntentV1): Promise<IntentOutcomeV1> {
    // Who may act for the seat is settled first: an impersonation queues nothing (and the
    // table's header is read only for a proof the gateway signed).
    const seat = await this.seats.seatFor(request, new Date(), (tableId) => this.worldOf(tableId));
    await this.worldOf(request.tableId);
    const intent: IntentV1 = {
      v: 1, tableId: request.tableId, intentKey: request.intentKey, seat, kind: request.kind, payload: request.payload,
      submittedAt: new Date().toISOString(),
    };
    const started = Date.now();
    if (request.waitMs) {
      const decided = await this.decider.decideNow(intent, request.waitMs);
      if (decided) return decided;
    }
    const waitMs = request.waitMs ? Math.max(0, request.waitMs - (Date.now() - started)) : 0;
    const waiting = waitMs > 0 ? this.outcomes.waitFor(request.tableId, request.intentKey, waitMs) : undefined;
    // The look-up of a first outcome and the queueing run side by side (one round trip less
    // per intent): queueing a key decided before is harmless — the stream drops it within
    // its duplicate window, and an executor answers it with the recorded outcome after.
    const [recorded, queued] = await Promise.allSettled([
      this.outcomes.get(request.tableId, request.intentKey),
      this.js.publish(this.subjects.of(EventSubjects.intents(request.tableId)), JSON.stringify(intent), {
        msgID: intentMsgId(request.tableId, request.intentKey),
      }),
    ]);
    const first = recorded.status === 'fulfilled' ? recorded.value : undefined;
    if (first || queued.status === 'rejected') waiting?.cancel();
    if (first) return first;
    if (recorded.status === 'rejected') throw recorded.reason;
    if (queued.status === 'rejected') throw queued.reason;
    return (await waiting?.outcome) ?? pending(request.tableId, request.intentKey);
  }

  async outcome(request: GetIntentOutcomeV1): Promise<IntentOutcomeV1> {
    const waiting = request.waitMs ? this.outcomes.waitFor(request.tableId, request.intentKey, request.waitMs) : undefined;
    const recorded = await this.outcomes.get(request.tableId, request.intentKey);
    if (recorded) {
      waiting?.cancel();
      return recorded;
    }
    return (await waiting?.outcome) ?? pending(request.tableId, request.intentKey);
  }

  /**
   * The world of a table (a chapter names it; a table outside any world is its own): seat
   * proofs are for a world. Unknown tables are refused here (`UNKNOWN_TABLE`), before
   * anything is queued.
   */
  private async worldOf(tableId: string): Promise<string> {
    const cached = this.known.get(tableId);
    if (cached !== undefined) return cached;
    const header = await this.log.header({ tableId });
    const world = readChapter(header.options)?.world ?? tableId;
    if (this.known.size >= KNOWN_TABLES) this.known.clear();
    this.known.set(tableId, world);
    return world;
  }
}

function pending(tableId: string, intentKey: string): IntentOutcomeV1 {
  return { v: 1, tableId, intentKey, status: 'pending', revision: null, seq: null, code: null, reason: null, decidedAt: null };
}
