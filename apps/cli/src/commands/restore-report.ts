import { writeFileSync } from 'node:fs';
import { AdminSubjects, intentAppendKey, type AuditEntryV1, type BusStatePageV1, type BusStateV1, type DeadLetterSummaryV1 } from '@chronicle/contracts';
import { readChapter, UnknownTable } from '@chronicle/engine';
import { CliError, type Output } from '../terminal/output';
import type { Remote } from './connection';
import { readJsonFile } from './offline';

/** A page is at most a few thousand items, each read from a stream by the scheduler. */
const BUS_STATE_TIMEOUT_MS = 60_000;

/** The whole bus state, read a page at a time (one reply of a large system's would pass NATS's 1 MB payload). */
export async function busState(remote: Remote): Promise<BusStateV1> {
  const { next, ...state } = await remote.requests.request<BusStatePageV1>(AdminSubjects.busState, { v: 1 }, BUS_STATE_TIMEOUT_MS);
  for (let cursor = next; cursor !== null;) {
    const page = await remote.requests.request<BusStatePageV1>(AdminSubjects.busState, { v: 1, cursor }, BUS_STATE_TIMEOUT_MS);
    state.pendingIntents.push(...page.pendingIntents);
    state.paused.push(...page.paused);
    state.audit.push(...page.audit);
    state.deadLetters.push(...page.deadLetters);
    cursor = page.next;
  }
  return state;
}

/**
 * `chronicle bus-state --out <file>`: what lives only in NATS — intents not yet decided (keys,
 * never payloads), pauses, the audit trail, dead letters — written beside a database dump,
 * since the dump holds none of it.
 */
export async function saveBusState(remote: Remote, out: Output, file: string): Promise<void> {
  const state = await busState(remote);
  writeFileSync(file, JSON.stringify(state, null, 1));
  out.line(`wrote what lives only in NATS (prefix ${state.prefix}) at ${state.takenAt} to ${file}: ${state.pendingIntents.length + state.intentsLeftOut} intents not yet decided, ${state.paused.length} paused tables, ${state.audit.length} audit entries, ${state.deadLetters.length} dead letters`);
  out.line(`keep it with the database dump; after a restore, chronicle restore-report ${file} names what of it the restored system lost`);
}

/**
 * `chronicle restore-report <file>`: after a restore, what the bus held at the backup
 * (`bus-state`) against the restored system, by world and table: each intent that was
 * pending is still pending, or reached the log (its move is in the restored database), or is
 * lost; each pause is still there or lost (the table is ticked again); each audit entry and
 * dead letter is still there or lost (the file keeps the lost entries' words).
 */
export async function restoreReport(remote: Remote, out: Output, file: string): Promise<void> {
  const before = readBusState(file);
  const now = await busState(remote);
  const places = new Map<string, string>();
  /** Where a table's losses are told: its world and table, or the table alone. */
  const place = async (tableId: string): Promise<string> => {
    if (!places.has(tableId)) {
      try {
        const world = readChapter((await remote.log.header({ tableId })).options)?.world;
        places.set(tableId, world ? `world ${world}, table ${tableId}` : `table ${tableId}`);
      } catch (error) {
        if (!(error instanceof UnknownTable)) throw error;
        places.set(tableId, `table ${tableId} (not in the restored database: opened after the dump)`);
      }
    }
    return places.get(tableId)!;
  };
  out.line(`restore report: ${file} (NATS at ${before.takenAt}, prefix ${before.prefix}) against the system now (prefix ${now.prefix})`);
  const lines: string[] = [];

  let intentsLost = 0;
  for (const intent of before.pendingIntents) {
    if (now.pendingIntents.some((i) => i.tableId === intent.tableId && i.intentKey === intent.intentKey)) continue;
    const entry = await remote.log.entryByKey({ tableId: intent.tableId, idempotencyKey: intentAppendKey(intent.intentKey) }).catch((error: unknown) => {
      if (error instanceof UnknownTable) return null;
      throw error;
    });
    if (entry) continue;
    intentsLost++;
    lines.push(`${await place(intent.tableId)}: intent ${intent.intentKey} (${intent.seat === null ? 'an operator\'s move' : `seat ${intent.seat}`}, sent ${intent.submittedAt}) lost: it never reached the log; send it again (its key is free)`);
  }
  if (before.intentsLeftOut > 0) {
    lines.push(`${before.intentsLeftOut} more intents were pending at the backup, counted but not named in ${file}: their players find them pending or unknown (chronicle outcome tells)`);
  }

  let pausesLost = 0;
  for (const pause of before.paused) {
    if (now.paused.some((p) => p.tableId === pause.tableId)) continue;
    pausesLost++;
    lines.push(`${await place(pause.tableId)}: its pause (since ${pause.since} by ${pause.by}: "${pause.reason}") is lost: it is ticked again; chronicle pause ${pause.tableId} --reason "…" stops it again`);
  }

  const auditLost = before.audit.filter((e) => !now.audit.some((n) => sameAudit(n, e)));
  for (const e of auditLost) {
    lines.push(`${await place(e.tableId)}: audit entry lost (kept in ${file}): ${e.at} ${e.operator} ${e.action}: ${e.reason}${e.detail ? ` (${e.detail})` : ''}`);
  }

  const lettersLost = before.deadLetters.filter((l) => !now.deadLetters.some((n) => sameLetter(n, l)));
  for (const l of lettersLost) {
    lines.push(`dead letter ${l.seq} of ${l.consumer} (${l.subject}, ${l.deadAt}: ${l.reason}) lost; its message is gone with the stream`);
  }

  for (const line of lines) out.line(line);
  out.line(`lost: ${intentsLost} of ${before.pendingIntents.length} pending intents named, ${pausesLost} of ${before.paused.length} pauses, ${auditLost.length} of ${before.audit.length} audit entries, ${lettersLost.length} of ${before.deadLetters.length} dead letters`);
}

function sameAudit(a: AuditEntryV1, b: AuditEntryV1): boolean {
  return a.at === b.at && a.tableId === b.tableId && a.action === b.action && a.operator === b.operator && a.reason === b.reason;
}

function sameLetter(a: DeadLetterSummaryV1, b: DeadLetterSummaryV1): boolean {
  return a.consumer === b.consumer && a.subject === b.subject && a.deadAt === b.deadAt;
}

/** A file `bus-state` wrote, or a one-line refusal saying what it is not. */
function readBusState(file: string): BusStateV1 {
  const state = readJsonFile(file) as Partial<BusStateV1>;
  const lists = ['pendingIntents', 'paused', 'audit', 'deadLetters'] as const;
  if (typeof state !== 'object' || state === null || typeof state.takenAt !== 'string' || lists.some((k) => !Array.isArray(state[k]))) {
    throw new CliError(`${file} is not what chronicle bus-state writes (takenAt, ${lists.join(', ')}); write one with chronicle bus-state --out ${file} beside each database dump`);
  }
  return { intentsLeftOut: 0, prefix: '?', ...state } as BusStateV1;
}
