import { ed25519PublicKey, OwnMoves, type OwnMove, type OwnMovesRecord } from '@chronicle/contracts/trust';
import type { ConsistencyProofV1, InclusionProofV1 } from '@chronicle/contracts';

/**
 * The player's own check of its moves, in the browser (libs/contracts `OwnMoves`): each move
 * the gateway accepted comes with the log entry it became (`seq`); the page asks the chapter's
 * audit (signed checkpoint, consistency proof from the checkpoint it saw last, inclusion proof
 * of each of its entries) and checks that every checkpoint is signed by the log service and
 * extends the one before, and that each of its moves is in the tree. What it has proved is kept
 * in the browser (localStorage), so a history replaced between two visits is caught too.
 * Loaded on the first accepted move (it carries the engine's tree code).
 */

const STORE = 'chronicle.own-moves';
const KEY_STORE = 'chronicle.log-key';
/** Tables kept at most (the oldest chapters leave first). */
const TABLES_KEPT = 20;

interface TableRecord { worldId: string; record: OwnMovesRecord | null; pending: OwnMove[] }
type Store = Record<string, TableRecord>;

interface Audit {
  tableId: string; commitment: string; checkpoint: string; treeSize: number;
  consistency: ConsistencyProofV1 | null; inclusions: InclusionProofV1[];
}

/** What the check found: the moves proved in the signed log, or why the log cannot be trusted. */
export type OwnMovesStatus =
  | { state: 'none' }
  | { state: 'proved'; proved: number; pending: number; treeSize: number; signed: boolean }
  | { state: 'broken'; reason: string };

function load(): Store {
  try {
    return JSON.parse(localStorage.getItem(STORE) ?? '{}') as Store;
  } catch {
    return {};
  }
}

function save(store: Store): void {
  const tables = Object.keys(store);
  for (const old of tables.slice(0, Math.max(0, tables.length - TABLES_KEPT))) delete store[old];
  localStorage.setItem(STORE, JSON.stringify(store));
}

/** A move the gateway accepted, to prove at the next check. */
export function remember(outcome: { worldId: string; tableId: string; revision?: number | null; seq?: number | null; seat?: string; move?: unknown }): void {
  if (outcome.seq == null || outcome.revision == null || outcome.seat === undefined || outcome.move === undefined) return;
  const store = load();
  const table = (store[outcome.tableId] ??= { worldId: outcome.worldId, record: null, pending: [] });
  if (table.pending.some((m) => m.seq === outcome.seq) || table.record?.moves.some((m) => m.seq === outcome.seq)) return;
  table.pending.push({ seq: outcome.seq, revision: outcome.revision, seat: outcome.seat, payload: outcome.move as OwnMove['payload'] });
  save(store);
}

/**
 * The log service's key as this site serves it, pinned on first sight: a site whose key changes
 * later is not believed (the player's earlier proofs were against the first).
 */
async function logKey(): Promise<string | null> {
  const served = ((await (await fetch('api/keys')).json()) as { log: string | null }).log;
  const pinned = localStorage.getItem(KEY_STORE);
  if (served && !pinned) localStorage.setItem(KEY_STORE, served);
  if (pinned && served !== pinned) throw new Error(`이 사이트가 로그 서명 키를 바꾸었습니다 (처음 본 키 ${pinned.slice(0, 16)}…, 지금 ${String(served).slice(0, 16)}…). 이전 기록과 대조할 수 없습니다.`);
  return served;
}

/** Checks every kept table of `worldId`: its new checkpoint, and its moves not yet proved. */
export async function check(worldId: string): Promise<OwnMovesStatus> {
  const store = load();
  const tables = Object.entries(store).filter(([, t]) => t.worldId === worldId);
  if (tables.length === 0) return { state: 'none' };
  try {
    const key = await logKey();
    let proved = 0;
    let pending = 0;
    let treeSize = 0;
    for (const [tableId, table] of tables) {
      const chapter = /-c(\d+)$/.exec(tableId)?.[1];
      if (!chapter) continue;
      const asked = table.pending.slice(0, 30);
      const publicKey = key ? ed25519PublicKey(key) : undefined;
      let own = table.record ? new OwnMoves(tableId, table.record.commitment, publicKey, table.record) : null;
      const from = own?.latest?.treeSize ?? 0;
      const response = await fetch(`api/v1/worlds/${encodeURIComponent(worldId)}/chapters/${chapter}/audit?from=${from}&seqs=${asked.map((m) => m.seq).join(',')}`);
      // A log that holds fewer entries than a checkpoint seen is a history replaced: the gateway says so (400).
      if (response.status === 400) throw new Error(((await response.json()) as { error: { message: string } }).error.message);
      if (!response.ok) continue;
      const audit = (await response.json()) as Audit;
      own ??= new OwnMoves(tableId, audit.commitment, publicKey);
      const seen = own.see(audit.checkpoint, audit.consistency);
      for (const [i, move] of asked.entries()) own.include(move, audit.inclusions[i]!);
      table.record = own.toRecord();
      table.pending = table.pending.slice(asked.length);
      proved += own.proved.length;
      pending += table.pending.length;
      treeSize = seen.treeSize;
    }
    save(store);
    return { state: 'proved', proved, pending, treeSize, signed: key !== null };
  } catch (error) {
    // Kept as it was: the proof of the break is what the store holds against what was shown.
    return { state: 'broken', reason: error instanceof Error ? error.message : String(error) };
  }
}
