import { ConcurrentMove, IllegalMove, InvalidGame } from './errors';
import type { LoggedMove, Seat } from './game';
import {
  asArray, asBoolean, asFrozenJson, asInteger, asJsonObject, asNullableString, asObject, asPayload, asString, asStringArray,
  copyJson, type JsonObject,
} from './json';
import { commitmentOf, isSeed, newSeed } from './seed';

/** Everything a table is but its moves, plus how many moves it has. */
export interface GameHeader {
  readonly tableId: string;
  readonly gameId: string;
  readonly rulesVersion: string;
  readonly seed: string;
  readonly seats: readonly string[];
  readonly options: Readonly<JsonObject>;
  /** The number of moves in the log this header was taken from. */
  readonly moves: number;
}

export interface TableDefinition {
  tableId: string;
  gameId: string;
  rulesVersion: string;
  seats: readonly string[];
  options?: JsonObject;
  /** Only for replaying a known table; a new table draws its seed from the OS. */
  seed?: string;
}

/**
 * A table's log: the truth from which every state is rebuilt. Moves are numbered from 1
 * and a log holds at most {@link GameLog.MAX_MOVES}.
 */
export class GameLog {
  static readonly MAX_MOVES = 100_000;

  readonly tableId: string;
  readonly gameId: string;
  readonly rulesVersion: string;
  readonly seed: string;
  readonly seats: readonly string[];
  readonly options: Readonly<JsonObject>;
  private readonly entries: LoggedMove[];

  private constructor(definition: Required<TableDefinition>, moves: LoggedMove[]) {
    if (!definition.tableId) throw new InvalidGame('a table needs a non-empty id');
    if (!isSeed(definition.seed)) throw new InvalidGame('a seed must be 64 lowercase hexadecimal digits');
    if (new Set(definition.seats).size !== definition.seats.length) throw new InvalidGame('a seat is listed twice');
    this.tableId = definition.tableId;
    this.gameId = definition.gameId;
    this.rulesVersion = definition.rulesVersion;
    this.seed = definition.seed;
    this.seats = Object.freeze([...definition.seats]);
    // Every caller passes options as the frozen copy asJsonObject made (or this log's own).
    this.options = definition.options;
    this.entries = moves;
  }

  /** A new, empty log; its seed comes from the OS's secure source unless one is given. */
  static open(definition: TableDefinition): GameLog {
    return new GameLog(
      {
        ...definition,
        seed: definition.seed ?? newSeed(),
        seats: asStringArray(definition.seats, 'seats'),
        options: asJsonObject(definition.options ?? {}, 'options'),
      },
      [],
    );
  }

  get moves(): readonly LoggedMove[] {
    return this.entries;
  }

  /** The number of moves: the revision of the table. */
  get revision(): number {
    return this.entries.length;
  }

  get lastMove(): LoggedMove | undefined {
    return this.entries[this.entries.length - 1];
  }

  header(): GameHeader {
    return {
      tableId: this.tableId,
      gameId: this.gameId,
      rulesVersion: this.rulesVersion,
      seed: this.seed,
      seats: this.seats,
      options: this.options,
      moves: this.entries.length,
    };
  }

  /** SHA-256 of the seed: what the players are shown when the table opens. */
  commitment(): string {
    return commitmentOf(this.seed);
  }

  /**
   * Appends the move a step returned; it must be the next one. The log keeps a frozen copy
   * of the payload, so the caller's object can no longer change what was played.
   */
  append(move: LoggedMove): void {
    if (this.entries.length >= GameLog.MAX_MOVES) {
      throw new IllegalMove(`table ${this.tableId} is full: a log holds at most ${GameLog.MAX_MOVES} moves`);
    }
    if (move.number !== this.entries.length + 1) {
      throw new ConcurrentMove(`move ${move.number} does not follow table ${this.tableId} at revision ${this.entries.length}`);
    }
    const payload = asPayload(move.payload, `move ${move.number}'s payload`);
    this.entries.push(Object.freeze({ number: move.number, seat: move.seat, payload, random: move.random }));
  }

  /** A copy of this log without its last move (for undo). */
  withoutLast(): GameLog {
    return new GameLog(this.definition(), this.entries.slice(0, -1));
  }

  /** The same log under other options (a later chapter's with its opening state attached). */
  withOptions(options: JsonObject): GameLog {
    return new GameLog({ ...this.definition(), options: asJsonObject(options, 'options') }, [...this.entries]);
  }

  /** The log as plain values, copied: changing them changes nothing in the log. */
  toArray(): JsonObject {
    return {
      tableId: this.tableId,
      gameId: this.gameId,
      rulesVersion: this.rulesVersion,
      seed: this.seed,
      seats: [...this.seats],
      options: copyJson(this.options as JsonObject),
      moves: this.entries.map((m) => ({ number: m.number, seat: m.seat, payload: copyJson(m.payload), random: m.random })),
    };
  }

  /** Reads a log back from plain values; any field of the wrong type is refused with `InvalidGame`. */
  static fromArray(value: unknown): GameLog {
    const o = asObject(value, 'log');
    const seed = asString(o.seed, 'log.seed');
    if (!isSeed(seed)) throw new InvalidGame('log.seed must be 64 lowercase hexadecimal digits');
    const raw = asArray(o.moves, 'log.moves');
    if (raw.length > GameLog.MAX_MOVES) {
      throw new InvalidGame(`log.moves holds ${raw.length} moves; a log holds at most ${GameLog.MAX_MOVES}`);
    }
    const moves = raw.map((m, i) => readMove(m, i));
    return new GameLog(
      {
        tableId: asString(o.tableId, 'log.tableId'),
        gameId: asString(o.gameId, 'log.gameId'),
        rulesVersion: asString(o.rulesVersion, 'log.rulesVersion'),
        seed,
        seats: asStringArray(o.seats, 'log.seats'),
        options: asJsonObject(o.options, 'log.options'),
      },
      moves,
    );
  }

  private definition(): Required<TableDefinition> {
    return {
      tableId: this.tableId, gameId: this.gameId, rulesVersion: this.rulesVersion,
      seed: this.seed, seats: this.seats, options: this.options as JsonObject,
    };
  }
}

/** Reads one logged move; `index` is its place in the log, so the move must be number index + 1. */
export function readMove(value: unknown, index: number): LoggedMove {
  const path = `log.moves[${index}]`;
  const o = asObject(value, path);
  const number = asInteger(o.number, `${path}.number`, 1, GameLog.MAX_MOVES);
  if (number !== index + 1) throw new InvalidGame(`${path}.number is ${number}; moves are numbered from 1 without gaps`);
  const seat: Seat = asNullableString(o.seat, `${path}.seat`);
  const payload = asFrozenJson(o.payload, `${path}.payload`);
  return Object.freeze({ number, seat, payload, random: asBoolean(o.random, `${path}.random`) });
}
