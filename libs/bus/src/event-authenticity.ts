import {
  ed25519PublicKey, EventSubjects, quarantineMsgId, releaseMsgId, SIGNATURE_HEADER, signEvent, verifyEvent, type MoveEventV1, type Subjects, type TableEventV1,
} from '@chronicle/contracts';
import { headers, type MsgHdrs } from '@nats-io/nats-core';
import type { KeyObject } from 'node:crypto';

/** What a check reads of a message: a JetStream delivery or a core NATS message alike. */
export interface ReceivedEvent {
  subject: string;
  data: Uint8Array;
  headers?: MsgHdrs;
}

/**
 * The public keys of the services whose events are checked: the log service signs entries
 * and table events (`CHRONICLE_LOG_PUBLIC_KEY`), the snapshot service its quarantine
 * and release notices (`CHRONICLE_SNAPSHOT_PUBLIC_KEY`). A key left out checks subject and message id only.
 */
export interface EventSigners {
  log?: KeyObject;
  snapshots?: KeyObject;
}

const KEY_VARIABLES: Record<keyof EventSigners, string> = { log: 'CHRONICLE_LOG_PUBLIC_KEY', snapshots: 'CHRONICLE_SNAPSHOT_PUBLIC_KEY' };
const SIGNED: Record<keyof EventSigners, string> = { log: 'entries and table events', snapshots: 'quarantine and release notices' };

/**
 * The signers' public keys as configuration gives them (64 hex digits each); one left empty
 * is said once, at start, through `warn`: its events are then taken on subject and message
 * id alone.
 */
export function eventSigners(hex: Partial<Record<keyof EventSigners, string>>, warn: (message: string) => void): EventSigners {
  const signers: EventSigners = {};
  for (const who of Object.keys(hex) as Array<keyof EventSigners>) {
    const key = hex[who];
    if (key) signers[who] = ed25519PublicKey(key);
    else warn(`${KEY_VARIABLES[who]} is not set: ${SIGNED[who]} are checked by subject and message id only, not by signature`);
  }
  return signers;
}

/**
 * Whether an event on `moves.<table>` or `tables.<table>` is its publisher's: its subject
 * and `Nats-Msg-Id` are the ones the publisher gives it (`<table>:<seq>`, `<table>:<kind>`,
 * `<table>:quarantined:<seq>`, `<table>:released:<ms>`), and, with that publisher's public key configured, its
 * `Chronicle-Signature` holds. Each method returns why not, or undefined. A consumer
 * dead-letters what fails (throw `PermanentFailure`) and reads the table from the log
 * instead: the forgery may have taken the real event's message id.
 */
export class EventAuthenticity {
  constructor(
    private readonly subjects: Subjects,
    private readonly signers: EventSigners,
  ) {}

  ofEntry(msg: ReceivedEvent, event: MoveEventV1): string | undefined {
    return this.problem(msg, EventSubjects.moves(event.tableId), `${event.tableId}:${event.seq}`,
      `entry ${event.seq} of table ${event.tableId}`, this.signers.log, 'the log service');
  }

  /** A table event of the log service's, or the snapshot service's quarantine or release notice. */
  ofTableEvent(msg: ReceivedEvent, event: TableEventV1): string | undefined {
    if (event.kind === 'quarantined') {
      return this.problem(msg, EventSubjects.tables(event.tableId), quarantineMsgId(event.tableId, event.seq),
        `the quarantine notice of table ${event.tableId}`, this.signers.snapshots, 'the snapshot service');
    }
    if (event.kind === 'released') {
      return this.problem(msg, EventSubjects.tables(event.tableId), releaseMsgId(event.tableId, event.recordedAt),
        `the release notice of table ${event.tableId}`, this.signers.snapshots, 'the snapshot service');
    }
    return this.problem(msg, EventSubjects.tables(event.tableId), `${event.tableId}:${event.kind}`,
      `the ${event.kind} event of table ${event.tableId}`, this.signers.log, 'the log service');
  }

  private problem(msg: ReceivedEvent, logical: string, expectedId: string, what: string, key: KeyObject | undefined, signer: string): string | undefined {
    const subject = this.subjects.of(logical);
    if (msg.subject !== subject) return `${what} arrived on ${msg.subject}`;
    const msgId = msg.headers?.get('Nats-Msg-Id') ?? '';
    if (msgId !== expectedId) return `${what} carries message id ${JSON.stringify(msgId)}`;
    if (key && !verifyEvent(key, msg.subject, msgId, msg.data, msg.headers?.get(SIGNATURE_HEADER) || undefined)) {
      return `${what} is not signed by ${signer}'s key`;
    }
    return undefined;
  }
}

/** The headers of an event published signed (`Chronicle-Signature`); the message id goes in as `msgID`. */
export function signedHeaders(key: KeyObject, wireSubject: string, msgId: string, payload: Uint8Array | string): MsgHdrs {
  const h = headers();
  h.set(SIGNATURE_HEADER, signEvent(key, wireSubject, msgId, payload));
  return h;
}
