import { EventSubjects, SIGNATURE_HEADER, verifyEvent, type MoveEventV1, type Subjects } from '@chronicle/contracts';
import type { JsMsg } from '@nats-io/jetstream';
import type { KeyObject } from 'node:crypto';

/**
 * Whether an entry on `moves.<table>` is the log service's: its subject and `Nats-Msg-Id`
 * are the ones the log service gives that entry, and, with the log service's public key
 * configured, its signature holds. Returns why not, or undefined.
 */
export class EventAuthenticity {
  constructor(
    private readonly subjects: Subjects,
    private readonly publicKey: KeyObject | undefined,
  ) {}

  problem(msg: JsMsg, event: MoveEventV1): string | undefined {
    const subject = this.subjects.of(EventSubjects.moves(event.tableId));
    if (msg.subject !== subject) return `an entry of table ${event.tableId} arrived on ${msg.subject}`;
    const msgId = msg.headers?.get('Nats-Msg-Id') ?? '';
    if (msgId !== `${event.tableId}:${event.seq}`) return `entry ${event.seq} of table ${event.tableId} carries message id ${JSON.stringify(msgId)}`;
    if (this.publicKey && !verifyEvent(this.publicKey, msg.subject, msgId, msg.data, msg.headers?.get(SIGNATURE_HEADER) || undefined)) {
      return `entry ${event.seq} of table ${event.tableId} is not signed by the log service's key`;
    }
    return undefined;
  }
}
