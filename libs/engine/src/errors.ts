/**
 * An error that carries a stable `code`, so that it survives a process boundary (a NATS
 * reply, an HTTP body) where `instanceof` does not.
 */
export abstract class CodedError<C extends string = string> extends Error {
  abstract readonly code: C;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }

  toJSON(): { code: C; message: string } {
    return { code: this.code, message: this.message };
  }
}

/** The codes of the engine's refusals, one per class below. */
export type ErrorCode = 'INVALID_GAME' | 'ILLEGAL_MOVE' | 'GAME_OVER' | 'GAME_IN_PROGRESS' | 'CONCURRENT_MOVE' | 'UNKNOWN_TABLE';

/** The engine's refusals. */
export abstract class ChronicleError extends CodedError<ErrorCode> {}

/** A log, state or snapshot that is not what it claims to be, or that no longer replays. */
export class InvalidGame extends ChronicleError {
  readonly code = 'INVALID_GAME';
}

/** A move (or an undo) that the rules refuse at this point of the game. */
export class IllegalMove extends ChronicleError {
  readonly code = 'ILLEGAL_MOVE';
}

/** The game is over: nothing can be taken back any more. */
export class GameOver extends ChronicleError {
  readonly code = 'GAME_OVER';
}

/** The finished log was asked for while the game still goes on. */
export class GameInProgress extends ChronicleError {
  readonly code = 'GAME_IN_PROGRESS';
}

/** The caller's view of the table is stale: someone else moved (or the table was reopened). */
export class ConcurrentMove extends ChronicleError {
  readonly code = 'CONCURRENT_MOVE';
}

/** No table by that id (never opened, or closed). */
export class UnknownTable extends ChronicleError {
  readonly code = 'UNKNOWN_TABLE';
}

const byCode: Record<ErrorCode, new (message: string) => ChronicleError> = {
  INVALID_GAME: InvalidGame,
  ILLEGAL_MOVE: IllegalMove,
  GAME_OVER: GameOver,
  GAME_IN_PROGRESS: GameInProgress,
  CONCURRENT_MOVE: ConcurrentMove,
  UNKNOWN_TABLE: UnknownTable,
};


export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(byCode, code);
}

/** Rebuilds a typed error from its `{ code, message }` form, e.g. on the far side of a request. */
export function reviveError(code: ErrorCode, message: string): ChronicleError {
  return new byCode[code](message);
}
