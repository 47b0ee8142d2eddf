import { checkpointOrigin, signCheckpoint, type FinishedLogV1 } from '@chronicle/contracts';
import { entryLeaf, rootOf, stateHash, type AnyGame, type GameLog, engine } from '@chronicle/engine';
import type { KeyObject } from 'node:crypto';

/**
 * A finished log file as `chronicle log` writes it, for a log played in a test: each move
 * with its entry (`seq`, no undos) and the state hash the executor would record with it,
 * and the record of the table's entry tree with its checkpoint (signed when a key is given)
 * — what the log service would have stored.
 */
export function storedLog(game: AnyGame, log: GameLog, signingKey?: KeyObject): FinishedLogV1 {
  const state = engine.setup(game, log.header());
  const moves = log.moves.map((move) => {
    engine.advance(game, log.header(), state, [move]);
    return { number: move.number, seat: move.seat, payload: move.payload, random: move.random, seq: move.number, stateHash: stateHash(game, state) };
  });
  const leaves = moves.map(({ seq, number, seat, payload, random, stateHash: hash }) =>
    entryLeaf(log.tableId, log.seed, { seq, kind: 'move', number, seat, payload, random, stateHash: hash }));
  const rootHash = rootOf(leaves).toString('hex');
  const commitment = log.commitment();
  return {
    tableId: log.tableId,
    commitment,
    log: { ...log.toArray(), moves },
    record: {
      tableId: log.tableId, treeSize: leaves.length, rootHash, leaves: leaves.map((l) => l.toString('hex')), undos: [],
      checkpoint: signCheckpoint({ origin: checkpointOrigin(log.tableId, commitment), treeSize: leaves.length, rootHash }, signingKey),
    },
  };
}
