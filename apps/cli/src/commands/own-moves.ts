import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { BadCheckpoint, ed25519PublicKey, MoveNotLogged, OwnMoves, type OwnMove, type OwnMovesRecord } from '@chronicle/contracts';
import { InvalidGame, SplitView } from '@chronicle/engine';
import { CliError, type Output } from '../terminal/output';
import type { Remote } from './connection';

/**
 * A seat's own check of a table (`OwnMoves` of contracts), kept in `file` between runs: the
 * table's current signed checkpoint must extend the one kept, every own move kept (and
 * `move`, one just accepted) must be its entry in that tree, and once the table is finished
 * and its seed public, each must be in the finished log as it was sent. A failure is a
 * refusal naming the move or both checkpoints (the proof of a split view).
 */
export async function checkOwnMoves(
  remote: Remote, out: Output, request: { table: string; file: string; logKey: string | undefined; move?: OwnMove },
): Promise<void> {
  const { table, file } = request;
  const key = request.logKey ? ed25519PublicKey(request.logKey) : undefined;
  const header = await remote.log.header({ tableId: table });
  try {
    const own = new OwnMoves(table, header.commitment, key, kept(file, table));
    const held = own.latest;
    const { checkpoint: note } = await remote.log.tree({ tableId: table, fromSeq: 0, limit: 1 });
    const needed = own.proofNeeded(note);
    const seen = own.see(note, needed ? await remote.log.consistencyProof({ tableId: table, ...needed }) : null);
    const moves = [...own.proved.filter((m) => m.seq !== request.move?.seq), ...(request.move ? [request.move] : [])];
    for (const move of moves) own.include(move, await remote.log.inclusionProof({ tableId: table, seq: move.seq, treeSize: seen.treeSize }));
    writeFileSync(file, `${JSON.stringify(own.toRecord())}\n`);
    out.line(`own moves: ${moves.length} of table ${table} proved in its tree of ${seen.treeSize} entries (root ${seen.rootHash.slice(0, 16)}…, ${key ? 'signed by the log service' : 'signature NOT checked: give --log-key'})${held ? `, which extends the ${held.treeSize} entries seen before` : ''}; kept in ${file}`);
    if (header.status === 'finished') {
      const settled = own.settle(await remote.log.finishedLog({ tableId: table }));
      out.line(`the table is finished: each of the ${settled.moves} own moves is in its public log as it was sent, at the revision told${settled.takenBack ? ` (${settled.takenBack} taken back by the seat)` : ''}`);
    }
  } catch (error) {
    if (error instanceof SplitView) {
      throw new CliError(`SPLIT VIEW of table ${table}: ${error.message}; the two signed checkpoints, together the proof: ${JSON.stringify([error.earlier.note, error.later.note])}`);
    }
    if (error instanceof BadCheckpoint || error instanceof MoveNotLogged) throw new CliError(`REFUSED: ${error.message}`);
    if (error instanceof InvalidGame) throw new CliError(`REFUSED: table ${table}: ${error.message}`);
    throw error;
  }
}

function kept(file: string, table: string): OwnMovesRecord | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as OwnMovesRecord;
    if (record.tableId !== table) throw new Error(`it keeps table ${record.tableId}`);
    return record;
  } catch (error) {
    throw new CliError(`${file} is not the own moves kept for table ${table} (${(error as Error).message}); give another file`);
  }
}
