import {
  BadRequest, BUS_STATE_PAGE_BYTES, CHAPTER_CLOSED, EventSubjects, ExecutorSubjects, intentMsgId, MAX_BUS_STATE_PAGE_ITEMS, MAX_INTENT_WAIT_MS, type BusStatePageV1, type BusStateQueryV1, SnapshotSubjects, StreamRoles, tickMsgId,
  type AuditEntryV1, type ExecuteNowDoneV1, type ExecuteNowV1, type RecheckedV1, type SnapshotV1, type DeadLetterSummaryV1, type DeadLetterV1, type HeaderV1, type IntentOutcomeV1, type IntentV1, type OperatorMoveV1, type RetryDeadLetterV1, type Subjects, type TickV1, type TimeAction, type WorldActionDoneV1, type WorldActionV1, type WorldEventV1, type WorldNoticeV1,
} from '@chronicle/contracts';
import type { LogClient, RequestClient } from '@chronicle/bus';
import { randomBytes } from 'node:crypto';
import { readChapter, UnknownTable } from '@chronicle/engine';
import { DeliverPolicy, JetStreamApiCodes, JetStreamApiError, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import type { DueIndex } from '../schedule/due-index';
import type { NoticeBoard } from './notice-board';
import type { Ticker } from '../schedule/ticker';

/**
 * The operators' actions on a world's time: pause, resume, re-tick. Each names a world (its
 * chapter in play) or a table, is refused in one line when it cannot be done, and is
 * recorded in the audit trail (`audit.<world>`, kept for ever) before it acts.
 */
export class OperatorDesk {
  constructor(
    private readonly index: DueIndex,
    private readonly ticker: Ticker,
    private readonly log: LogClient,
    private readonly requests: RequestClient,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly subjects: Subjects,
    private readonly notices: NoticeBoard,
    /** How long the snapshot service may take to replay a whole table for a lift (a large world's year takes seconds). */
    private readonly recheckTimeoutMs = 120_000,
  ) {}

  /**
   * The players' ExecuteEngine: the tick the scheduler would send at the table's due time,
   * sent now if that time has come, without an audit entry (it changes nothing the rules
   * would not do at that time). A paused, stopped, finished or closing world is locked.
   */
  async executeNow(request: ExecuteNowV1): Promise<ExecuteNowDoneV1> {
    const header = await this.tableOf(request.world);
    const entry = this.index.get(header.tableId);
    const dueAt = entry?.dueAt === null || entry?.dueAt === undefined ? null : new Date(entry.dueAt).toISOString();
    const answer = (ticked: boolean, locked: boolean, reason: string): ExecuteNowDoneV1 => ({ tableId: header.tableId, ticked, locked, dueAt, reason });
    if (header.status === 'finished') return answer(false, true, `table ${header.tableId} is finished${header.outcome?.continues ? ': the next chapter is being opened' : ''}`);
    if (entry?.hold?.paused) return answer(false, true, `${request.world} is paused by its operators`);
    if (entry?.stop) return answer(false, true, `table ${header.tableId} is ${entry.stop}`);
    if (dueAt === null || entry!.dueAt! > Date.now()) return answer(false, false, dueAt === null ? 'nothing is due' : `nothing is due before ${dueAt}`);
    const tick: TickV1 = { v: 1, tableId: header.tableId, dueAt };
    // Past the stream's duplicate window, which may hold the scheduler's own tick for this due time.
    await this.js.publish(this.subjects.of(EventSubjects.ticks(header.tableId)), JSON.stringify(tick), { msgID: `${tickMsgId(header.tableId, dueAt)}:execute-${Date.now()}` });
    return answer(true, false, `table ${header.tableId} ticked for its due time ${dueAt}`);
  }

  async act(action: TimeAction, request: WorldActionV1): Promise<WorldActionDoneV1> {
    const header = await this.tableOf(request.target);
    // A chapter that closed while paused hands its pause to the next one, which the scheduler is opening.
    const entry = this.index.get(header.tableId);
    const paused = entry?.hold?.paused === true;
    if (action === 'pause' && paused) throw new BadRequest(`${request.target} is paused already (since ${new Date(entry!.hold!.at).toISOString()} by ${entry!.hold!.by}: ${entry!.hold!.reason}); resume it with chronicle resume`);
    if (action === 'retick' && paused) throw new BadRequest(`${request.target} is paused: resume it (chronicle resume) rather than tick it`);
    if (header.status === 'finished' && header.outcome?.continues && readChapter(header.options)) {
      throw new BadRequest(`${request.target} is between chapters: ${header.tableId} closed and the scheduler is opening the next; ask again in a moment`);
    }
    if (header.status === 'finished') throw new BadRequest(`table ${header.tableId} is finished: nothing is ticked there any more, so there is nothing to ${action}`);
    if (action === 'resume' && !paused) throw new BadRequest(`${request.target} is not paused; chronicle pause stops its ticks`);
    if (action === 'retick') {
      if (entry?.stop) throw new BadRequest(`table ${header.tableId} is ${entry.stop}: it gets no ticks${entry.stop === 'quarantined' ? '; lift the quarantine first' : ''}`);
      if (entry?.dueAt === null || entry?.dueAt === undefined) throw new BadRequest(`table ${header.tableId} has nothing due (its last move said so: a frozen world, or one waiting for its players); a tick would change nothing`);
    }
    const at = Date.now();
    const audit: AuditEntryV1 = { v: 1, action, target: request.target, tableId: header.tableId, operator: request.operator, reason: request.reason, at: new Date(at).toISOString() };
    await this.js.publish(this.subjects.of(EventSubjects.audit(trailOf(header))), JSON.stringify(audit));
    if (action === 'retick') {
      const dueAt = new Date(entry!.dueAt!).toISOString();
      const tick: TickV1 = { v: 1, tableId: header.tableId, dueAt };
      // Past the stream's duplicate window, which holds the scheduler's own tick for this due time.
      await this.js.publish(this.subjects.of(EventSubjects.ticks(header.tableId)), JSON.stringify(tick), { msgID: `${tickMsgId(header.tableId, dueAt)}:operator-${at}` });
      return { entry: audit, result: `table ${header.tableId} ticked for its due time ${dueAt}` };
    }
    this.index.held(header.tableId, { paused: action === 'pause', at, by: request.operator, reason: request.reason }, at);
    await this.ticker.flush();
    this.ticker.poke();
    return {
      entry: audit,
      result: action === 'pause'
        ? `table ${header.tableId} gets no ticks until resumed; its game clock stands still for its players`
        : `table ${header.tableId} is ticked again; the months the pause missed are skipped by the game's delay rule, not played`,
    };
  }

  /**
   * The operator's notice to a world's players (legacy 운영자 메세지): posted, replacing the
   * one in force, or cleared with an empty text; recorded in the audit trail first. Not a move:
   * the game does not change, its page shows it (the web asks `schedule.v1.notices`).
   */
  async notice(request: WorldNoticeV1): Promise<WorldActionDoneV1> {
    const header = await this.tableOf(request.target);
    const world = trailOf(header);
    const text = request.text.trim();
    if (text === '' && !(await this.notices.get(world))) throw new BadRequest(`${request.target} has no notice to clear; post one with chronicle banner ${request.target} "<text>"`);
    const at = new Date().toISOString();
    const audit: AuditEntryV1 = {
      v: 1, action: 'notice', target: request.target, tableId: header.tableId, operator: request.operator, reason: request.reason, at,
      detail: text === '' ? 'cleared' : text.length > 200 ? `${text.slice(0, 199)}…` : text,
    };
    await this.js.publish(this.subjects.of(EventSubjects.audit(world)), JSON.stringify(audit));
    await this.notices.post({ world, text, at });
    return { entry: audit, result: text === '' ? `${world}'s notice is cleared: its page shows none` : `${world}'s page shows the notice to its players until it is cleared` };
  }

  /**
   * An operator's move, made by the table itself: queued on the executors' work queue like a
   * player's intent (only this desk queues one with a null seat), and decided by the rules of
   * the table's version; the reply waits for the decision. The game's refusal is the
   * operator's mistake, told in its words.
   */
  async operatorMove(request: OperatorMoveV1): Promise<WorldActionDoneV1> {
    const deadline = Date.now() + 3 * MAX_INTENT_WAIT_MS;
    let header = await this.tableOf(request.target);
    for (;;) {
      const done = await this.moveIn(header, request, deadline);
      if (done) return done;
      // The world's chapter closed under the move (CHAPTER_CLOSED, not the game's judgement):
      // it goes to the chapter the scheduler opens next, as the gateway does with players' moves.
      header = await this.nextChapterOf(request.target, header.tableId, deadline);
    }
  }

  /** One try of an operator's move on one table; undefined when its chapter closed first and the target is a world. */
  private async moveIn(header: HeaderV1, request: OperatorMoveV1, deadline: number): Promise<WorldActionDoneV1 | undefined> {
    const world = header.tableId !== request.target;
    if (header.status === 'finished') {
      if (world && header.outcome?.continues) return undefined;
      throw new BadRequest(`table ${header.tableId} is finished: it takes no more moves`);
    }
    const at = new Date();
    const intentKey = `operator-${at.getTime()}-${randomBytes(4).toString('hex')}`;
    const move = JSON.stringify(request.move);
    const audit: AuditEntryV1 = {
      v: 1, action: 'move', target: request.target, tableId: header.tableId, operator: request.operator, reason: request.reason, at: at.toISOString(),
      detail: move.length > 200 ? `${move.slice(0, 199)}…` : move,
    };
    await this.js.publish(this.subjects.of(EventSubjects.audit(trailOf(header))), JSON.stringify(audit));
    const intent: IntentV1 = { v: 1, tableId: header.tableId, intentKey, seat: null, kind: 'move', payload: request.move, submittedAt: at.toISOString() };
    await this.js.publish(this.subjects.of(EventSubjects.intents(header.tableId)), JSON.stringify(intent), { msgID: intentMsgId(header.tableId, intentKey) });
    let outcome: IntentOutcomeV1;
    do {
      outcome = await this.requests.request<IntentOutcomeV1>(ExecutorSubjects.intentOutcome, { v: 1, tableId: header.tableId, intentKey, waitMs: MAX_INTENT_WAIT_MS }, MAX_INTENT_WAIT_MS + 5_000);
    } while (outcome.status === 'pending' && Date.now() < deadline);
    if (outcome.status === 'refused' && outcome.code === CHAPTER_CLOSED && world) return undefined;
    if (outcome.status === 'refused') throw new BadRequest(`the game refused the move: ${outcome.reason}`);
    return {
      entry: audit,
      result: outcome.status === 'accepted'
        ? `table ${header.tableId} took the move at revision ${outcome.revision}`
        : `the move is queued for table ${header.tableId} (intent ${intentKey}) but not decided yet: are the executors running? chronicle outcome ${header.tableId} ${intentKey} tells`,
    };
  }

  /** The world's chapter after `closed`, once the scheduler has opened it. */
  private async nextChapterOf(worldId: string, closed: string, deadline: number): Promise<HeaderV1> {
    for (;;) {
      const header = await this.tableOf(worldId);
      if (header.tableId !== closed) return header;
      if (Date.now() >= deadline) throw new BadRequest(`${worldId} is between chapters: ${closed} closed and the next has not opened yet; ask again in a moment`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * Lifts a table's quarantine after an investigation: the snapshot service replays its whole
   * log again, every recorded state hash checked (what quarantined it may have been a fault of
   * its own, fixed since: a lagging check, a bug); the table goes on only if all of it agrees,
   * and the refusal otherwise names the entry that still does not. A finished chapter can be
   * lifted too: its world then goes on to its next chapter.
   */
  async liftQuarantine(request: WorldActionV1): Promise<WorldActionDoneV1> {
    const header = await this.tableOf(request.target);
    const standing = await this.requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId: header.tableId });
    if (!standing.quarantined) throw new BadRequest(`table ${header.tableId} is not quarantined: there is nothing to lift (chronicle tables shows each table's status)`);
    const at = new Date().toISOString();
    const audit: AuditEntryV1 = {
      v: 1, action: 'lift-quarantine', target: request.target, tableId: header.tableId, operator: request.operator, reason: request.reason, at,
      detail: standing.quarantined.length > 200 ? `${standing.quarantined.slice(0, 199)}…` : standing.quarantined,
    };
    await this.js.publish(this.subjects.of(EventSubjects.audit(trailOf(header))), JSON.stringify(audit));
    const rechecked = await this.requests.request<RecheckedV1>(SnapshotSubjects.recheck, { v: 1, tableId: header.tableId }, this.recheckTimeoutMs);
    if (!rechecked.lifted) {
      throw new BadRequest(`table ${header.tableId} stays quarantined: replaying its whole log again, ${rechecked.quarantined}. Its log itself disagrees with what was recorded: restore the table from a backup (deploy/README.md) rather than lift it`);
    }
    return {
      entry: audit,
      result: `table ${header.tableId}'s quarantine is lifted: its whole log (${rechecked.seq} entries, revision ${rechecked.revision}) replays to every recorded state hash, so the state was doubted, not the log (it was quarantined because ${rechecked.was}); it takes moves and ticks again`,
    };
  }

  /** The latest dead letters of every consumer, latest first. */
  async deadLetters(limit: number): Promise<DeadLetterSummaryV1[]> {
    const stream = this.subjects.stream(StreamRoles.deadLetters);
    const { first_seq: first, last_seq: last } = (await this.jsm.streams.info(stream)).state;
    const letters: DeadLetterSummaryV1[] = [];
    for (let seq = last; seq >= first && seq > 0 && letters.length < limit; seq--) {
      const letter = await this.letter(seq);
      if (letter) letters.push(this.summary(seq, letter));
    }
    return letters;
  }

  private summary(seq: number, letter: DeadLetterV1): DeadLetterSummaryV1 {
    const subject = this.subjects.logical(letter.subject) ?? letter.subject;
    return { seq, consumer: letter.consumer, subject, reason: letter.reason, deliveries: letter.deliveries, deadAt: letter.deadAt, retry: whyNotRetried(subject, letter) ?? 'possible' };
  }

  /**
   * Hands a dead tick or intent back to the executors' work queue, as it came (a new message
   * id, past the duplicate window): a tick changes nothing if the table is no longer due, an
   * intent is decided once whatever the number of tries (its key).
   */
  async retryDead(request: RetryDeadLetterV1): Promise<WorldActionDoneV1> {
    const letter = await this.letter(request.seq);
    if (!letter) throw new BadRequest(`there is no dead letter ${request.seq}; chronicle dead-letters lists them`);
    const subject = this.subjects.logical(letter.subject) ?? letter.subject;
    const refusal = whyNotRetried(subject, letter);
    if (refusal) throw new BadRequest(`dead letter ${request.seq} (${subject}) cannot be retried: ${refusal}`);
    const tableId = subject.split('.')[1]!;
    const header = await this.tableOf(tableId);
    const at = new Date().toISOString();
    const audit: AuditEntryV1 = {
      v: 1, action: 'retry-dead', target: tableId, tableId, operator: request.operator, reason: request.reason, at, detail: `dead letter ${request.seq} of ${letter.consumer}`,
    };
    await this.js.publish(this.subjects.of(EventSubjects.audit(trailOf(header))), JSON.stringify(audit));
    const msgId = letter.headers['Nats-Msg-Id']?.[0] ?? `${subject}`;
    await this.js.publish(letter.subject, Buffer.from(letter.data, 'base64'), { msgID: `${msgId}:retry-${request.seq}-${Date.parse(at)}` });
    return { entry: audit, result: `dead letter ${request.seq} handed back to ${subject} for the executors` };
  }

  private letter(seq: number): Promise<DeadLetterV1 | undefined> {
    return this.message<DeadLetterV1>(this.subjects.stream(StreamRoles.deadLetters), seq);
  }

  /** A stream's message by sequence, or undefined when gone (acknowledged from a work queue, or never there). */
  private async message<T>(stream: string, seq: number): Promise<T | undefined> {
    try {
      return (await this.jsm.streams.getMessage(stream, { seq }))?.json<T>();
    } catch (error) {
      if (error instanceof JetStreamApiError && (error.code === JetStreamApiCodes.NoMessageFound || error.code === JetStreamApiCodes.StreamNotFound)) return undefined;
      throw error;
    }
  }

  /** The audit trail of a world, or of a table in no world (a chapter's table stands for its world). */
  async trail(target: string, limit: number): Promise<AuditEntryV1[]> {
    const header = await this.tableOf(target);
    return (await this.auditEntries(this.subjects.of(EventSubjects.audit(trailOf(header))))).slice(-limit);
  }

  /**
   * What lives only in NATS, a page at a time: the intents in the executors' work queue (keys,
   * never payloads), the pauses, the whole audit trail and the dead letters, in that order,
   * each page at most `limit` items and `BUS_STATE_PAGE_BYTES` of them (one reply of a large
   * system's whole state would pass NATS's 1 MB payload). A database dump holds none of it;
   * kept beside the dump, `chronicle restore-report` compares a restored system with it.
   */
  async busState(query: BusStateQueryV1): Promise<BusStatePageV1> {
    const at = query.cursor === undefined ? { takenAt: Date.now(), section: 0, position: '' } : readCursor(query.cursor);
    const page: BusStatePageV1 = {
      takenAt: new Date(at.takenAt).toISOString(), prefix: this.subjects.prefix, pendingIntents: [], intentsLeftOut: 0, paused: [], audit: [], deadLetters: [], next: null,
    };
    const room = new PageRoom(query.limit ?? MAX_BUS_STATE_PAGE_ITEMS, BUS_STATE_PAGE_BYTES);
    const seqFrom = (section: number) => (at.section === section && at.position !== '' ? Number(at.position) : 1);
    const stopped = (section: number, position: number | string) => {
      page.next = `${at.takenAt}.${section}.${position}`;
      return page;
    };
    // 0: the intents by their place in the work queue.
    if (at.section <= 0) {
      const stream = this.subjects.stream(StreamRoles.intents);
      const last = await this.lastSeq(stream);
      for (let seq = seqFrom(0); seq <= last; seq++) {
        const intent = await this.message<IntentV1>(stream, seq);
        if (!intent) continue;
        const item = { tableId: intent.tableId, intentKey: intent.intentKey, seat: intent.seat, submittedAt: intent.submittedAt };
        if (!room.take(item)) return stopped(0, seq);
        page.pendingIntents.push(item);
      }
    }
    // 1: the pauses by table id (the cursor names the last one given).
    if (at.section <= 1) {
      const after = at.section === 1 ? at.position : '';
      const paused = this.index.paused().filter((p) => p.tableId > after).sort((a, b) => (a.tableId < b.tableId ? -1 : 1));
      for (const { tableId, hold } of paused) {
        const item = { tableId, since: new Date(hold.at).toISOString(), by: hold.by, reason: hold.reason };
        if (!room.take(item)) return stopped(1, page.paused.at(-1)?.tableId ?? after);
        page.paused.push(item);
      }
    }
    // 2: the audit trail by its place in the stream, read with one ordered consumer a page.
    if (at.section <= 2) {
      const stream = this.subjects.stream(StreamRoles.audit);
      const first = seqFrom(2);
      const last = await this.lastSeq(stream);
      if (first <= last) {
        const consumer = await this.js.consumers.get(stream, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: first });
        for await (const message of await consumer.fetch({ max_messages: Math.min(last - first + 1, room.itemsLeft + 1), expires: 5_000 })) {
          const item = message.json<AuditEntryV1>();
          if (!room.take(item)) return stopped(2, message.seq);
          page.audit.push(item);
          if (message.seq >= last) break;
        }
      }
    }
    // 3: the dead letters by their place in the DEAD stream.
    if (at.section <= 3) {
      const last = await this.lastSeq(this.subjects.stream(StreamRoles.deadLetters));
      for (let seq = seqFrom(3); seq <= last; seq++) {
        const letter = await this.letter(seq);
        if (!letter) continue;
        const item = this.summary(seq, letter);
        if (!room.take(item)) return stopped(3, seq);
        page.deadLetters.push(item);
      }
    }
    return page;
  }

  /** A stream's last sequence, 0 for a stream never made (no executor ever made the intents' queue). */
  private async lastSeq(stream: string): Promise<number> {
    try {
      const { last_seq: last, messages } = (await this.jsm.streams.info(stream)).state;
      return messages === 0 ? 0 : last;
    } catch (error) {
      if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return 0;
      throw error;
    }
  }

  /** Audit entries, oldest first: of one trail's subject, or of every trail. */
  private async auditEntries(subject?: string): Promise<AuditEntryV1[]> {
    const stream = this.subjects.stream(StreamRoles.audit);
    const state = (await this.jsm.streams.info(stream, subject ? { subjects_filter: subject } : undefined)).state;
    const count = subject ? state.subjects?.[subject] ?? 0 : state.messages;
    if (count === 0) return [];
    // One subject as a string: a list needs a 2.10 server.
    const consumer = await this.js.consumers.get(stream, subject ? { filter_subjects: subject } : {});
    const entries: AuditEntryV1[] = [];
    for await (const message of await consumer.fetch({ max_messages: count, expires: 5_000 })) {
      entries.push(message.json<AuditEntryV1>());
      if (entries.length === count) break;
    }
    return entries;
  }

  /** A table by id, or a world's chapter in play, as the scheduler last announced it. */
  private async tableOf(target: string): Promise<HeaderV1> {
    try {
      return await this.log.header({ tableId: target });
    } catch (error) {
      if (!(error instanceof UnknownTable)) throw error;
    }
    const world = await this.lastWorldEvent(target);
    if (!world) throw new BadRequest(`there is no table or world ${target} (chronicle tables lists them)`);
    return this.log.header({ tableId: world.tableId });
  }

  private async lastWorldEvent(worldId: string): Promise<WorldEventV1 | undefined> {
    try {
      return (await this.jsm.streams.getMessage(this.subjects.stream(StreamRoles.worlds), { last_by_subj: this.subjects.of(EventSubjects.worlds(worldId)) }))?.json<WorldEventV1>();
    } catch (error) {
      if (error instanceof JetStreamApiError && (error.code === JetStreamApiCodes.NoMessageFound || error.code === JetStreamApiCodes.StreamNotFound)) return undefined;
      throw error;
    }
  }
}

/** What one bus-state page still holds: items up to a count, and their JSON up to a byte bound (at least one item a page). */
class PageRoom {
  private items = 0;
  private bytes = 0;

  constructor(private readonly maxItems: number, private readonly maxBytes: number) {}

  get itemsLeft(): number {
    return this.maxItems - this.items;
  }

  take(item: object): boolean {
    const bytes = Buffer.byteLength(JSON.stringify(item));
    if (this.items >= this.maxItems || (this.items > 0 && this.bytes + bytes > this.maxBytes)) return false;
    this.items += 1;
    this.bytes += bytes;
    return true;
  }
}

/** A bus-state cursor as `busState` writes it: the first page's time, the section, the position in it. */
function readCursor(cursor: string): { takenAt: number; section: number; position: string } {
  const match = /^(\d{1,15})\.([0-3])\.([A-Za-z0-9_-]*)$/.exec(cursor);
  const position = match?.[3] ?? '';
  if (!match || (match[2] !== '1' && !/^[1-9]\d{0,15}$/.test(position))) {
    throw new BadRequest('cursor: not one this service gave; send the next of the page before, or none for the first page');
  }
  return { takenAt: Number(match[1]), section: Number(match[2]), position };
}

/** Why a dead letter cannot be handed back, or undefined when it can. */
function whyNotRetried(subject: string, letter: DeadLetterV1): string | undefined {
  if (!/^(ticks|intents)\.[A-Za-z0-9_-]+$/.test(subject)) {
    return 'only ticks and intents go back to a work queue; a move or table event is read again from the log by its consumer (chronicle retick <table> makes the scheduler look again)';
  }
  if (letter.truncated) return `it was too large to be carried whole; the original is message ${letter.streamSeq} of stream ${letter.stream}`;
  return undefined;
}

/** Where a table's actions are recorded: its world's trail, or its own for a table in no world. */
function trailOf(header: HeaderV1): string {
  return readChapter(header.options)?.world ?? header.tableId;
}
