// What a client checks a log with, without the rest of the contracts (their validators): the
// web page's own-move check imports this alone.
export { BadCheckpoint, checkpointOrigin, openCheckpoint, readCheckpoint, type Checkpoint } from './checkpoint';
export { ed25519PublicKey } from './ed25519';
export { MoveNotLogged, OwnMoves, type OwnMove, type OwnMovesRecord } from './own-moves';
