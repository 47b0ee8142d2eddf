import { BadCheckpoint, checkpointOrigin, ed25519PublicKey, EventSubjects, openCheckpoint, readCheckpoint } from '@chronicle/contracts';
import { SplitView, TableWatch, type SeenCheckpoint } from '@chronicle/engine';
import type { KeyObject } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { CliError, type Output } from '../terminal/output';
import type { Remote } from './connection';
import { chapterAfter } from './remote';

/** One line of a witness's file: a checkpoint it accepted, as published. */
interface Kept {
  tableId: string;
  note: string;
}

/** The checkpoints of `tableId` a witness kept in `file` (JSON lines), in the order it accepted them. */
export function keptCheckpoints(file: string, tableId: string): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line, i) => {
    try {
      return JSON.parse(line) as Kept;
    } catch {
      throw new CliError(`${file} line ${i + 1} is not a kept checkpoint (JSON { tableId, note })`);
    }
  }).filter((k) => k.tableId === tableId).map((k) => k.note);
}

/**
 * `chronicle witness <table>`: an outside witness of a table in play. It reads the table's
 * current checkpoint (`log.v1.tree`), and again at each entry's public event; checks each is the table's
 * (origin: its id and commitment) and — with the log service's key — signed by it; asks the
 * log service for the consistency proof from the largest it holds and checks it
 * (`TableWatch`); and keeps every checkpoint it accepted in `keep` (JSON lines). A checkpoint
 * that does not extend the history it holds is a split view: it stops with both signed
 * notes, which prove it to anyone. A chapter that closes hands the witness on to its world's
 * next chapter (a tree of its own), as `watch` follows it; any other table that finishes ends
 * the witness, its last checkpoint kept.
 */
export async function witnessTable(
  remote: Remote, out: Output, tableId: string, options: { keep: string; logKey: string | undefined; count: number | undefined }, signal: AbortSignal,
): Promise<void> {
  const key = options.logKey ? ed25519PublicKey(options.logKey) : undefined;
  if (!key) out.line('the checkpoints\' signatures are NOT checked: give --log-key (the log service\'s public key) to check them');
  const seen = { count: 0 };
  for (let current: string | undefined = tableId; current !== undefined && !signal.aborted;) {
    const ended = await witnessOne(remote, out, current, key, options, seen, signal);
    if (ended !== 'finished') return;
    const header = await remote.log.header({ tableId: current });
    const next = await chapterAfter(remote.log, header, signal);
    out.line(next
      ? `table ${current} closed its chapter at ${header.revision} moves; its world goes on in ${next}`
      : `table ${current} is finished: its last checkpoint is kept in ${options.keep}, and there is nothing more to witness`);
    current = next;
  }
}

/**
 * Witnesses one table until the count is reached, the signal stops it, or the table is
 * finished (its last checkpoint accepted).
 */
async function witnessOne(
  remote: Remote, out: Output, tableId: string, key: KeyObject | undefined,
  options: { keep: string; count: number | undefined }, seen: { count: number }, signal: AbortSignal,
): Promise<'counted' | 'stopped' | 'finished'> {
  // Each entry's public event is the cue to read the table's checkpoint (what anyone may read:
  // the full stream is for trusted services); subscribed before the first read, so that no cue
  // falls between the two.
  const subscription = remote.nc.subscribe(remote.subjects.of(EventSubjects.publicMoves(tableId)));
  const stop = () => subscription.unsubscribe();
  signal.addEventListener('abort', stop);
  try {
    const head = await remote.log.tree({ tableId, fromSeq: 0, limit: 1 });
    const origin = checkpointOrigin(tableId, head.commitment);
    const watch = new TableWatch();
    const read = (note: string): SeenCheckpoint => {
      const checkpoint = key ? openCheckpoint(note, key) : readCheckpoint(note);
      if (checkpoint.origin !== origin) throw new BadCheckpoint(`a checkpoint of ${checkpoint.origin} was published for table ${tableId} (${origin})`);
      return { treeSize: checkpoint.treeSize, rootHash: checkpoint.rootHash, note };
    };
    const kept = keptCheckpoints(options.keep, tableId).map(read).filter((c) => c.note.startsWith(`${origin}\n`));
    const largest = kept.reduce<SeenCheckpoint | undefined>((a, c) => (a && a.treeSize >= c.treeSize ? a : c), undefined);
    if (largest) watch.see(largest, []);
    out.line(`witnessing table ${tableId}${largest ? ` from the checkpoint of ${largest.treeSize} entries kept in ${options.keep}` : ''}; Ctrl-C stops`);
    const accept = async (note: string): Promise<boolean> => {
      const checkpoint = read(note);
      const held = watch.latest;
      const [from, to] = held ? [Math.min(held.treeSize, checkpoint.treeSize), Math.max(held.treeSize, checkpoint.treeSize)] : [0, 0];
      const proof = held ? (await remote.log.consistencyProof({ tableId, from, to })).proof : [];
      watch.see(checkpoint, proof);
      appendFileSync(options.keep, `${JSON.stringify({ tableId, note } satisfies Kept)}\n`);
      out.line(`checkpoint ${checkpoint.treeSize} entries, root ${checkpoint.rootHash.slice(0, 16)}…${held ? `: extends ${held.treeSize}` : ''}`);
      seen.count += 1;
      return options.count !== undefined && seen.count >= options.count;
    };
    const finished = async () => (await remote.log.header({ tableId })).status === 'finished';
    try {
      if (await accept(head.checkpoint)) return 'counted';
      // A table already over publishes no more cues: its checkpoint now is its last.
      if (await finished()) return 'finished';
      let last = head.checkpoint;
      for await (const _cue of subscription) {
        const { checkpoint } = await remote.log.tree({ tableId, fromSeq: 0, limit: 1 });
        if (checkpoint !== last && (await accept(checkpoint))) return 'counted';
        last = checkpoint;
        if (await finished()) return 'finished';
      }
      return 'stopped';
    } catch (error) {
      if (error instanceof SplitView) {
        throw new CliError(`SPLIT VIEW of table ${tableId}: ${error.message}; the two signed checkpoints, together the proof: ${JSON.stringify([error.earlier.note, error.later.note])}`);
      }
      if (error instanceof BadCheckpoint) throw new CliError(`REFUSED a checkpoint of table ${tableId}: ${error.message}`);
      throw error;
    }
  } finally {
    signal.removeEventListener('abort', stop);
    subscription.unsubscribe();
  }
}
