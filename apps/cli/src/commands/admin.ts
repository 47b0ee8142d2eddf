import { userInfo } from 'node:os';
import { AdminSubjects, MAX_NOTICE_LENGTH, SnapshotSubjects, type AuditTrailV1, type DeadLettersV1, type SnapshotV1, type TimeAction, type WorldActionDoneV1 } from '@chronicle/contracts';
import type { JsonObject } from '@chronicle/engine';
import { sammo, type General } from '@chronicle/sammo';
import { CliError, type Output } from '../terminal/output';
import type { Remote } from './connection';
import { resolveTable, worldOf } from './remote';

/** Who the audit trail names: `--operator`, else `CHRONICLE_OPERATOR`, else the NATS user, else the login name. */
export function operatorName(given: string | undefined): string {
  return given || process.env.CHRONICLE_OPERATOR || process.env.NATS_USER || userInfo().username;
}

/** The one line that refuses an action on a live world without a reason. */
export function requireReason(action: string, reason: string | undefined): string {
  if (!reason || reason.trim().length < 3) {
    throw new CliError(`${action} acts on a live world: say why with --reason "…" (at least 3 characters; it goes in the audit trail with your name and the time)`);
  }
  return reason.trim();
}

/** Sends an operator's action to the scheduler and prints what it did and how it was recorded. */
export async function worldAction(remote: Remote, out: Output, action: TimeAction, target: string, operator: string, reason: string): Promise<void> {
  // An unknown id is refused here, with the worlds and tables there are.
  await resolveTable(remote, out, target);
  const done = await remote.requests.request<WorldActionDoneV1>(AdminSubjects[action], { v: 1, target, operator, reason });
  printDone(out, done);
}

/** Posts the operator's notice a world's page shows its players (legacy 운영자 메세지), or clears it with an empty text. */
export async function postNotice(remote: Remote, out: Output, target: string, text: string, operator: string, reason: string): Promise<void> {
  if (text.length > MAX_NOTICE_LENGTH) throw new CliError(`a notice is at most ${MAX_NOTICE_LENGTH} characters, this one ${text.length}; shorten it`);
  await resolveTable(remote, out, target);
  printDone(out, await remote.requests.request<WorldActionDoneV1>(AdminSubjects.notice, { v: 1, target, operator, reason, text }));
}

/**
 * Lifts a quarantine: shows why the table was quarantined first, then asks the scheduler,
 * whose snapshot service replays the whole log again (a large world's year takes a while).
 */
export async function liftQuarantine(remote: Remote, out: Output, target: string, operator: string, reason: string): Promise<void> {
  const tableId = await resolveTable(remote, out, target);
  const standing = await remote.requests.request<SnapshotV1>(SnapshotSubjects.get, { v: 1, tableId });
  if (!standing.quarantined) throw new CliError(`table ${tableId} is not quarantined: there is nothing to lift (chronicle tables shows each table's status)`);
  out.line(`table ${tableId} is quarantined: ${standing.quarantined}`);
  out.line('replaying its whole log again, every recorded state hash checked…');
  printDone(out, await remote.requests.request<WorldActionDoneV1>(AdminSubjects.lift, { v: 1, target, operator, reason }, LIFT_TIMEOUT_MS));
}

/** The scheduler waits up to two minutes for the replay; this waits a little longer for its answer. */
const LIFT_TIMEOUT_MS = 130_000;

function printDone(out: Output, done: WorldActionDoneV1): void {
  out.line(done.result);
  out.line(`audit: ${done.entry.at} ${done.entry.operator} ${done.entry.action} ${done.entry.target}: ${done.entry.reason}`);
}

/** What the consumers gave up on, latest first, and whether each can be handed back. */
export async function listDeadLetters(remote: Remote, out: Output, limit: number): Promise<void> {
  const { letters } = await remote.requests.request<DeadLettersV1>(AdminSubjects.deadLetters, { v: 1, limit });
  if (letters.length === 0) {
    out.line('no dead letters: every consumer handled what it was given');
    return;
  }
  for (const l of letters) {
    out.line(`${String(l.seq).padStart(6)}  ${l.deadAt}  ${l.consumer.padEnd(22)} ${l.subject.padEnd(30)} after ${l.deliveries} deliveries: ${l.reason}`);
    out.line(`        retry: ${l.retry === 'possible' ? `chronicle retry-dead ${l.seq} --reason "…"` : l.retry}`);
  }
}

/** Hands a dead tick or intent back to the executors. */
export async function retryDeadLetter(remote: Remote, out: Output, seq: number, operator: string, reason: string): Promise<void> {
  printDone(out, await remote.requests.request<WorldActionDoneV1>(AdminSubjects.retryDead, { v: 1, seq, operator, reason }));
}

/** The audit trail of a world or a table, oldest first. */
export async function showAudit(remote: Remote, out: Output, target: string, limit: number): Promise<void> {
  await resolveTable(remote, out, target);
  const trail = await remote.requests.request<AuditTrailV1>(AdminSubjects.audit, { v: 1, target, limit });
  if (trail.entries.length === 0) {
    out.line(`no operator action recorded for ${target}`);
    return;
  }
  for (const e of trail.entries) out.line(`${e.at}  ${e.operator.padEnd(12)} ${e.action.padEnd(10)} ${e.tableId.padEnd(24)} ${e.reason}${e.detail ? ` (${e.detail})` : ''}`);
}

/** Sends an operator's move to the scheduler, which has the executors decide it; prints how it went and how it was recorded. */
export async function operatorMove(remote: Remote, out: Output, target: string, move: JsonObject, operator: string, reason: string): Promise<void> {
  printDone(out, await remote.requests.request<WorldActionDoneV1>(AdminSubjects.move, { v: 1, target, operator, reason, move }, 45_000));
}

/** A strategy world's state now, for the commands that name its generals. */
async function worldNow(remote: Remote, out: Output, target: string) {
  const tableId = await resolveTable(remote, out, target);
  const header = await remote.log.header({ tableId });
  if (header.gameId !== sammo.id) throw new CliError(`table ${tableId} plays ${header.gameId}: players and blocks are a ${sammo.id} world's`);
  return { tableId, world: (await worldOf(remote, tableId, header.revision)).data };
}

/**
 * Every seat of a world with its general (where it stands, whether it is blocked), then every
 * other blocked general (seat `-`): what an operator checks a block by, as the block is no
 * public fact of a world in play.
 */
export async function listPlayers(remote: Remote, out: Output, target: string): Promise<void> {
  const { tableId, world } = await worldNow(remote, out, target);
  const header = await remote.log.header({ tableId });
  const owned = new Map<string, General>();
  for (const g of world.generals.values()) if (g.owner !== null) owned.set(g.owner, g);
  const row = (seat: string, g: General) => {
    const nation = g.nation === 0 ? '재야' : world.nations.get(g.nation)?.name ?? `#${g.nation}`;
    out.line(`${seat.padEnd(16)} ${`${g.id} ${g.name}`.padEnd(20)} ${nation.padEnd(12)} ${(world.cities[g.city]?.name ?? '-').padEnd(8)} ${String(g.block).padEnd(6)} ${g.killturn}`);
  };
  out.line(`${'seat'.padEnd(16)} ${'general'.padEnd(20)} ${'nation'.padEnd(12)} ${'city'.padEnd(8)} block  killturn`);
  for (const seat of header.seats) {
    const g = owned.get(seat);
    if (g) row(seat, g);
    else out.line(`${seat.padEnd(16)} (no general yet)`);
  }
  const seated = new Set(owned.values());
  for (const g of world.generals.values()) if (g.block > 0 && !seated.has(g)) row('-', g);
}

/** The generals a `block` names: by id, name, or the seat that plays it. */
export async function generalsNamed(remote: Remote, out: Output, target: string, names: string[]): Promise<number[]> {
  const { tableId, world } = await worldNow(remote, out, target);
  return names.map((name) => {
    for (const g of world.generals.values()) if (String(g.id) === name || g.name === name || g.owner === name) return g.id;
    throw new CliError(`no general or player ${name} in table ${tableId} (chronicle players ${target} lists the players and their generals)`);
  });
}
