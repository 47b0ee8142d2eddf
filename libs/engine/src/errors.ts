/**
 * The engine's refusals. Each carries a stable `code` so that the refusal survives a
 * process boundary (a NATS reply, an HTTP body) where `instanceof` does not.
 */
export abstract class ChronicleError extends Error {
  abstract readonly code: ErrorCode;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }

  toJSON(): { code: ErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}

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

const byCode = {
  INVALID_GAME: InvalidGame,
  ILLEGAL_MOVE: IllegalMove,
  GAME_OVER: GameOver,
  GAME_IN_PROGRESS: GameInProgress,
  CONCURRENT_MOVE: ConcurrentMove,
  UNKNOWN_TABLE: UnknownTable,
} as const;

export type ErrorCode = keyof typeof byCode;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(byCode, code);
}

/** Rebuilds a typed error from its `{ code, message }` form, e.g. on the far side of a request. */
export function reviveError(code: ErrorCode, message: string): ChronicleError {
  return new byCode[code](message);
}
