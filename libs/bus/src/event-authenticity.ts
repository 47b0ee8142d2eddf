import {
  EventSubjects, SIGNATURE_HEADER, verifyEvent, type MoveEventV1, type Subjects, type TableEventV1,
} from '@chronicle/contracts';
import type { JsMsg } from '@nats-io/jetstream';
import type { KeyObject } from 'node:crypto';

/**
 * Whether an event on `moves.<table>` or `tables.<table>` is the log service's: its subject
 * and `Nats-Msg-Id` are the ones the log service gives it (`<table>:<seq>`,
 * `<table>:<kind>`), and, with the log service's public key configured
 * (`CHRONICLE_LOG_PUBLIC_KEY`), its `Chronicle-Signature` holds. Each method returns why
 * not, or undefined. A consumer dead-letters what fails (throw `PermanentFailure`) and reads
 * the table from the log instead: the forgery may have taken the real event's message id.
 */
export class EventAuthenticity {
  constructor(
    private readonly subjects: Subjects,
    private readonly publicKey: KeyObject | undefined,
  ) {}

  ofEntry(msg: JsMsg, event: MoveEventV1): string | undefined {
    return this.problem(msg, EventSubjects.moves(event.tableId), `${event.tableId}:${event.seq}`, `entry ${event.seq} of table ${event.tableId}`);
  }

  ofTableEvent(msg: JsMsg, event: TableEventV1): string | undefined {
    return this.problem(msg, EventSubjects.tables(event.tableId), `${event.tableId}:${event.kind}`, `the ${event.kind} event of table ${event.tableId}`);
  }

  private problem(msg: JsMsg, logical: string, expectedId: string, what: string): string | undefined {
    const subject = this.subjects.of(logical);
    if (msg.subject !== subject) return `${what} arrived on ${msg.subject}`;
    const msgId = msg.headers?.get('Nats-Msg-Id') ?? '';
    if (msgId !== expectedId) return `${what} carries message id ${JSON.stringify(msgId)}`;
    if (this.publicKey && !verifyEvent(this.publicKey, msg.subject, msgId, msg.data, msg.headers?.get(SIGNATURE_HEADER) || undefined)) {
      return `${what} is not signed by the log service's key`;
    }
    return undefined;
  }
}
