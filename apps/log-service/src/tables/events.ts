import { EventSubjects, type LoggedMoveV1, type MoveEventV1, type TableEventV1 } from '@chronicle/contracts';
import type { JsonObject, Outcome } from '@chronicle/engine';
import type { EntryRecord, OutboxMessage } from './log.repository';

/** What a lifecycle event says about its table (never the seed). */
export interface TableFacts {
  tableId: string;
  gameId: string;
  rulesVersion: string;
  seats: readonly string[];
  options: Readonly<JsonObject>;
  commitment: string;
}

/**
 * The event announcing an entry, on `moves.<table>`, deduplicated by `<table>:<seq>`, with the
 * table's checkpoint after it (none for a table not signed since trees began).
 */
export function moveEvent(tableId: string, entry: EntryRecord, checkpoint: string | null): OutboxMessage {
  const event: MoveEventV1 = {
    v: 1,
    kind: entry.kind,
    tableId,
    seq: entry.seq,
    revision: entry.revision,
    number: entry.number,
    seat: entry.seat,
    payload: entry.payload,
    random: entry.random,
    stateHash: entry.stateHash,
    nextDueAt: entry.nextDueAt,
    recordedAt: entry.recordedAt.toISOString(),
    ...(checkpoint === null ? {} : { checkpoint }),
  };
  return { subject: EventSubjects.moves(tableId), msgId: `${tableId}:${entry.seq}`, payload: JSON.stringify(event) };
}

/** A lifecycle event on `tables.<table>`: never the seed. */
export function tableEvent(kind: 'opened' | 'finished', header: TableFacts, seq: number, revision: number, outcome: Outcome | null, at: Date): OutboxMessage {
  const event: TableEventV1 = {
    v: 1,
    kind,
    tableId: header.tableId,
    gameId: header.gameId,
    rulesVersion: header.rulesVersion,
    seats: [...header.seats],
    options: header.options as JsonObject,
    commitment: header.commitment,
    seq,
    revision,
    outcome,
    recordedAt: at.toISOString(),
  };
  return { subject: EventSubjects.tables(header.tableId), msgId: `${header.tableId}:${kind}`, payload: JSON.stringify(event) };
}

export function loggedMove(entry: Pick<EntryRecord, 'number' | 'seat' | 'payload' | 'random' | 'seq' | 'stateHash' | 'nextDueAt'>): LoggedMoveV1 {
  return {
    number: entry.number,
    seat: entry.seat,
    payload: entry.payload,
    random: entry.random,
    seq: entry.seq,
    stateHash: entry.stateHash,
    nextDueAt: entry.nextDueAt,
  };
}
