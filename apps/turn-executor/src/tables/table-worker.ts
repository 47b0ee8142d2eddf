import type { LogClient } from '@chronicle/bus';
import {
  BadRequest, CHAPTER_CLOSED, intentAppendKey, MAX_APPENDS_PER_REQUEST, ServiceUnavailable, type AppendedV1, type AppendMoveV1, type IntentOutcomeV1,
  type IntentV1, type TickV1, type UndoneV1,
} from '@chronicle/contracts';
import {
  ChronicleError, ConcurrentMove, engine, gameTimeAt, GameOver, IllegalMove, readGameClock, stateHash, UnknownTable,
  wallTimeOf, type Step,
} from '@chronicle/engine';
import { KeyedMutex } from '@chronicle/service-kit';
import { randomUUID } from 'node:crypto';
import type { OutcomeBook } from '../intents/outcome-book';
import type { ExecutorMetrics } from '../routing/executor-metrics';
import type { HeldTable, TableStates } from './table-states';

export interface TableWorkerOptions {
  executorId: string;
  /** Units of work one advance move may carry. */
  advanceBudget: number;
  /** A move records the state hash when the table's last hashed move is this old (ms), or ends the table. */
  stateHashEveryMs: number;
  /** Crash tests: pause between deciding an advance and appending it. */
  pauseBeforeAppendMs: number;
}

/** Sends of one computed append when the log service does not answer (the key keeps it exactly-once). */
const APPEND_TRIES = 3;
/** A tick that arrives before its table's due time waits at most this long for it. */
const EARLY_TICK_WAIT_MS = 5_000;

/** An intent waiting for its table's turn, with whoever waits for its outcome. */
interface Waiting {
  intent: IntentV1;
  resolve: (outcome: IntentOutcomeV1) => void;
  reject: (error: unknown) => void;
}

/**
 * Decides moves: brings the table's state to the log's revision, runs the game's rules
 * (`advance` for a tick, `step` for an intent, `checkUndo` for an undo), and appends what
 * they computed — payload, randomness flag, state hash, next due time, outcome — with the
 * expected revision. `CONCURRENT_MOVE` (the table moved on) reloads and decides again.
 * One table's work runs one at a time in this process; the intents that arrive for a table
 * while it is busy are decided together when its turn comes (`intent`).
 */
export class TableWorker {
  private readonly locks = new KeyedMutex();
  private readonly busy = new Map<string, number>();
  /** Per table, the intents gathered for its next turn (not yet started). */
  private readonly gathering = new Map<string, Waiting[]>();

  constructor(
    private readonly states: TableStates,
    private readonly log: LogClient,
    private readonly outcomes: OutcomeBook,
    private readonly metrics: ExecutorMetrics,
    private readonly options: TableWorkerOptions,
  ) {}

  isBusy(tableId: string): boolean {
    return this.busy.has(tableId);
  }

  /** Advances the table up to now, one budgeted move after another, until nothing is due. */
  tick(tick: TickV1): Promise<void> {
    return this.run(tick.tableId, async () => {
      const dueAt = Date.parse(tick.dueAt);
      let first = true;
      for (;;) {
        const table = await this.states.get(tick.tableId);
        const time = table.game.clock;
        if (!time || table.state.outcome) return;
        if (this.states.quarantine(tick.tableId)) {
          this.metrics.refusedQuarantined.inc();
          return;
        }
        const clock = readGameClock(table.header.options);
        // A move never runs ahead of its time: a tick that came early waits for its due time.
        const early = wallTimeOf(clock, dueAt + 1) - Date.now();
        if (first && early > 0) await sleep(Math.min(early, EARLY_TICK_WAIT_MS));
        const until = gameTimeAt(clock, Date.now());
        const due = time.nextDueTime(table.state);
        if (due === null || due >= until) return;
        const workBefore = time.workDone(table.state);
        const step = this.decide(table, () => engine.step(table.game, table.header, table.state, null, time.advance(until, this.options.advanceBudget)));
        if (this.options.pauseBeforeAppendMs > 0) await sleep(this.options.pauseBeforeAppendMs);
        const appended = await this.append(table, step, `advance-${table.state.revision}-${this.options.executorId}-${randomUUID()}`);
        if (!appended) continue;
        this.metrics.advances.inc();
        this.metrics.generalTurns.inc(time.workDone(table.state) - workBefore);
        if (first) this.metrics.lag.observe({ work: 'tick' }, Math.max(0, Date.now() - wallTimeOf(clock, dueAt)) / 1000);
        first = false;
      }
    });
  }

  /**
   * Decides an intent once: the recorded outcome if there is one, else steps it and records
   * what became of it. The intents that arrive while their table is busy are decided
   * together at its next turn (up to `MAX_APPENDS_PER_REQUEST`): stepped one after the other
   * on the held state and appended in one `log.v1.append-many` request, each with its
   * expected revision — one round trip to the log for the lot instead of one wait per intent
   * in the table's queue, which held a busy world to the log's round trip (about 25 intents/s
   * on the loaded 2-core machine: `npm run bench -- gateway`).
   */
  intent(intent: IntentV1): Promise<IntentOutcomeV1> {
    return new Promise<IntentOutcomeV1>((resolve, reject) => {
      const waiting: Waiting = { intent, resolve, reject };
      const gathered = this.gathering.get(intent.tableId);
      if (gathered && gathered.length < MAX_APPENDS_PER_REQUEST) {
        gathered.push(waiting);
        return;
      }
      const batch = [waiting];
      this.gathering.set(intent.tableId, batch);
      void this.run(intent.tableId, async () => {
        if (this.gathering.get(intent.tableId) === batch) this.gathering.delete(intent.tableId);
        await this.decideBatch(batch);
      });
    });
  }

  /** Each intent of a batch gets its outcome (recorded before it is answered) or its error. */
  private async decideBatch(batch: Waiting[]): Promise<void> {
    try {
      // A key sent twice (the direct submit and its queued copy) is decided once.
      const byKey = new Map<string, Waiting[]>();
      for (const w of batch) byKey.set(w.intent.intentKey, [...(byKey.get(w.intent.intentKey) ?? []), w]);
      const keys = [...byKey.values()];
      const recorded = await Promise.all(keys.map(([w]) => this.outcomes.get(w!.intent.tableId, w!.intent.intentKey)));
      const fresh: Waiting[][] = [];
      for (const [i, waiting] of keys.entries()) {
        const first = recorded[i];
        if (first) for (const w of waiting) w.resolve(first);
        else fresh.push(waiting);
      }
      const decided = await this.decideInOrder(fresh.map(([w]) => w!.intent));
      await Promise.all(fresh.map(async (waiting, i) => {
        const [{ intent }] = waiting as [Waiting];
        const result = decided[i]!;
        try {
          if (result instanceof Error) throw result;
          await this.outcomes.record(result);
          this.metrics.intents.inc({ status: result.status });
          if (result.status === 'accepted') this.metrics.lag.observe({ work: 'intent' }, Math.max(0, Date.now() - Date.parse(intent.submittedAt)) / 1000);
          for (const w of waiting) w.resolve(result);
        } catch (error) {
          for (const w of waiting) w.reject(error);
        }
      }));
    } catch (error) {
      // Nothing was decided (the recorded outcomes could not be read): each is tried again later.
      for (const w of batch) w.reject(error);
    }
  }

  /**
   * Decides intents in their order: the moves among them stepped together and appended in
   * one request; an undo, a refusal (which stands only once the moves before it are in the
   * log) and whatever followed an append that did not go through are decided alone after them,
   * as if they had come later. An intent's error (a game bug) is its own.
   */
  private async decideInOrder(intents: IntentV1[]): Promise<Array<IntentOutcomeV1 | Error>> {
    const decided: Array<IntentOutcomeV1 | Error | undefined> = new Array(intents.length);
    const alone = intents.length === 1 || intents.some((i) => i.kind === 'undo') ? intents.map((_, i) => i) : await this.stepTogether(intents, decided);
    for (const i of alone) {
      try {
        decided[i] = await this.decideIntent(intents[i]!);
      } catch (error) {
        decided[i] = error instanceof Error ? error : new Error(String(error));
      }
    }
    return decided as Array<IntentOutcomeV1 | Error>;
  }

  /**
   * Steps moves of one table one after the other on the held state and appends them in one
   * request, each expecting the revision of the one before. Fills in the outcomes of those
   * appended; returns the indexes left to decide alone (refused, or not appended).
   */
  private async stepTogether(intents: IntentV1[], decided: Array<IntentOutcomeV1 | Error | undefined>): Promise<number[]> {
    const tableId = intents[0]!.tableId;
    let table: HeldTable;
    try {
      table = await this.states.get(tableId);
    } catch (error) {
      if (error instanceof UnknownTable) return intents.map((_, i) => i);
      throw error;
    }
    if (this.states.quarantine(tableId)) return intents.map((_, i) => i);
    const alone: number[] = [];
    const sent: Array<{ index: number; step: Step<unknown>; appended: Promise<AppendedV1> }> = [];
    let stopped = false;
    for (const [index, intent] of intents.entries()) {
      if (stopped) {
        alone.push(index);
        continue;
      }
      let step: Step<unknown>;
      try {
        step = this.decide(table, () => engine.step(table.game, table.header, table.state, intent.seat, intent.payload));
      } catch (error) {
        if (error instanceof IllegalMove || error instanceof GameOver) {
          alone.push(index);
          continue;
        }
        // A game bug: the state was dropped; the others are decided alone on a fresh one.
        decided[index] = error instanceof Error ? error : new Error(String(error));
        stopped = true;
        continue;
      }
      // The next move steps from this one (its append is sent with the others, in order).
      table.header = { ...table.header, moves: step.move.number };
      const appended = this.log.append(this.appendRequest(table, step, intentAppendKey(intent.intentKey)));
      appended.catch(() => undefined);
      sent.push({ index, step, appended });
    }
    let broken = false;
    for (const { index, step, appended } of sent) {
      try {
        const done = await appended;
        table.lastMove = step.move;
        decided[index] = accepted(intents[index]!, done.revision, done.seq);
      } catch {
        // Not appended (or no answer): the state is behind or ahead of the log; this one and
        // the rest are decided alone on the log's state (their keys make a repeat harmless).
        if (!broken) this.states.drop(tableId);
        broken = true;
        alone.push(index);
      }
    }
    if (broken) this.metrics.appendRetries.inc();
    return alone.sort((a, b) => a - b);
  }

  private async decideIntent(intent: IntentV1): Promise<IntentOutcomeV1> {
    const key = intentAppendKey(intent.intentKey);
    for (;;) {
      let table: HeldTable;
      try {
        table = await this.states.get(intent.tableId);
      } catch (error) {
        if (error instanceof UnknownTable) return refused(intent, error);
        throw error;
      }
      const quarantine = this.states.quarantine(intent.tableId);
      if (quarantine) {
        this.metrics.refusedQuarantined.inc();
        return { ...refused(intent, new IllegalMove(`table ${intent.tableId} is quarantined: ${quarantine}`)), code: 'QUARANTINED' };
      }
      if (intent.kind === 'undo') {
        try {
          engine.checkUndo(table.game, table.state, table.lastMove, intent.seat);
        } catch (error) {
          if (!(error instanceof IllegalMove || error instanceof GameOver)) throw error;
          const outcome = await this.refusedUnlessAppended(intent, error, table);
          if (outcome) return outcome;
          continue;
        }
        // The undo records the hash of the state it leaves, as a move does of its own.
        const before = await this.states.withoutLastMove(table);
        const due = table.game.clock?.nextDueTime(before.state);
        let undone: UndoneV1;
        try {
          undone = await this.log.undo({
            tableId: intent.tableId, seat: intent.seat, expectedRevision: table.state.revision, idempotencyKey: key,
            stateHash: stateHash(table.game, before.state), ...(due === undefined || due === null ? {} : { nextDueAt: new Date(due).toISOString() }),
          });
        } catch (error) {
          this.states.drop(intent.tableId);
          if (!(error instanceof ConcurrentMove)) throw error;
          this.metrics.appendRetries.inc();
          continue;
        }
        if (undone.duplicate) {
          // A first try took it back already: the log says what the table is now.
          this.states.drop(intent.tableId);
        } else {
          table.state = before.state;
          table.lastMove = before.lastMove;
          table.header = { ...table.header, moves: before.state.revision };
          table.hashedAt = Date.now();
        }
        return accepted(intent, undone.revision, undone.seq);
      }
      let step: Step<unknown>;
      try {
        step = this.decide(table, () => engine.step(table.game, table.header, table.state, intent.seat, intent.payload));
      } catch (error) {
        if (!(error instanceof IllegalMove || error instanceof GameOver)) throw error;
        const outcome = await this.refusedUnlessAppended(intent, error, table);
        // A chapter that ended refuses every move, whatever it is: say so apart from the game's
        // refusals, so that a submitter (the gateway) carries the intent into the next chapter.
        if (outcome?.status === 'refused' && table.state.outcome?.continues) return { ...outcome, code: CHAPTER_CLOSED };
        if (outcome) return outcome;
        continue;
      }
      let appended: AppendedV1 | undefined;
      try {
        appended = await this.append(table, step, key);
      } catch (error) {
        // The key was used before with another payload: the submitter reused it.
        if (error instanceof BadRequest) return refused(intent, error);
        throw error;
      }
      if (appended) return accepted(intent, appended.revision, appended.seq);
    }
  }

  /**
   * A refusal, unless a first try of this intent was appended (its executor died before
   * recording the outcome): the game judges the retry on a state that already has it. A
   * refusal stands only on the log's state: an append would have caught a cached state
   * behind the log (the expected revision), a refusal appends nothing, so the revision is
   * asked for here — a state that fell behind (the table's work went to another replica
   * meanwhile, or moves came from elsewhere) is dropped and undefined returned: decide again.
   */
  private async refusedUnlessAppended(intent: IntentV1, error: ChronicleError, table: HeldTable): Promise<IntentOutcomeV1 | undefined> {
    const entry = await this.log.entryByKey({ tableId: intent.tableId, idempotencyKey: intentAppendKey(intent.intentKey) });
    if (entry) return accepted(intent, entry.revision, entry.seq);
    if ((await this.log.header({ tableId: intent.tableId })).revision !== table.state.revision) {
      this.states.drop(intent.tableId);
      this.metrics.appendRetries.inc();
      return undefined;
    }
    return refused(intent, error);
  }

  /** Runs the rules on the held state; a failure other than a refusal may have half-changed it. */
  private decide(table: HeldTable, rules: () => Step<unknown>): Step<unknown> {
    try {
      return rules();
    } catch (error) {
      if (!(error instanceof IllegalMove || error instanceof GameOver)) this.states.drop(table.tableId);
      throw error;
    }
  }

  /**
   * Appends a decided move. Resolves undefined when the table moved on (`CONCURRENT_MOVE`:
   * the state is dropped, decide again); a send that got no answer is repeated with the
   * same key, so it is applied at most once.
   */
  private async append(table: HeldTable, step: Step<unknown>, idempotencyKey: string): Promise<AppendedV1 | undefined> {
    const { move } = step;
    const request = this.appendRequest(table, step, idempotencyKey);
    for (let attempt = 1; ; attempt++) {
      try {
        const appended = await this.log.append(request);
        table.header = { ...table.header, moves: move.number };
        table.lastMove = move;
        return appended;
      } catch (error) {
        if (error instanceof ServiceUnavailable && attempt < APPEND_TRIES) continue;
        this.states.drop(table.tableId);
        if (error instanceof ConcurrentMove) {
          this.metrics.appendRetries.inc();
          return undefined;
        }
        throw error;
      }
    }
  }

  /**
   * What the log is sent for a stepped move. The hash is the replay's checkpoint, not the
   * move: at most every stateHashEveryMs per table (a divergence is caught at the next one),
   * always at the end a chapter links to. Taken at once: the next move steps the same state.
   */
  private appendRequest(table: HeldTable, step: Step<unknown>, idempotencyKey: string): Omit<AppendMoveV1, 'v'> {
    const { move, state } = step;
    const due = table.game.clock?.nextDueTime(state);
    const now = Date.now();
    const hashed = state.outcome !== null || now - table.hashedAt >= this.options.stateHashEveryMs;
    // A state dropped after a failed append takes this mark with it.
    if (hashed) table.hashedAt = now;
    return {
      tableId: table.tableId, seat: move.seat, payload: move.payload, random: move.random, expectedRevision: move.number - 1,
      idempotencyKey, outcome: state.outcome, ...(hashed ? { stateHash: stateHash(table.game, state) } : {}),
      ...(due === undefined || due === null ? {} : { nextDueAt: new Date(due).toISOString() }),
    };
  }

  private run<T>(tableId: string, work: () => Promise<T>): Promise<T> {
    this.busy.set(tableId, (this.busy.get(tableId) ?? 0) + 1);
    return this.locks.run(tableId, work).finally(() => {
      const left = this.busy.get(tableId)! - 1;
      if (left === 0) this.busy.delete(tableId);
      else this.busy.set(tableId, left);
    });
  }
}

function accepted(intent: IntentV1, revision: number, seq: number): IntentOutcomeV1 {
  return {
    v: 1, tableId: intent.tableId, intentKey: intent.intentKey, status: 'accepted', revision, seq, code: null, reason: null,
    decidedAt: new Date().toISOString(),
  };
}

function refused(intent: IntentV1, error: { code: string; message: string }): IntentOutcomeV1 {
  return {
    v: 1, tableId: intent.tableId, intentKey: intent.intentKey, status: 'refused', revision: null, seq: null, code: error.code,
    reason: error.message.slice(0, 4_000), decidedAt: new Date().toISOString(),
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
