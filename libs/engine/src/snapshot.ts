import { InvalidGame } from './errors';
import type { GameData } from './game';
import { stateFromArray, stateToArray, type GameState } from './game-state';
import { asInteger, asObject, asString, type JsonObject } from './json';

/** What a snapshot must match to be used. */
export interface SnapshotExpectation {
  tableId: string;
  commitment: string;
  /** The exact revision required, when the caller knows the log's revision. */
  revision?: number;
  /** The highest acceptable revision: a snapshot ahead of the log is of another history. */
  maxRevision?: number;
}

/**
 * A state for a shared cache: the state's plain values, the log's revision and the seed's
 * commitment. Whatever the cache returns is checked before use; anything else is
 * refused with `InvalidGame`, and the caller replays the log instead.
 */
export class Snapshot {
  private constructor(
    readonly tableId: string,
    readonly revision: number,
    readonly commitment: string,
    readonly state: JsonObject,
  ) {}

  static of<G>(game: GameData<G>, state: Readonly<GameState<G>>, commitment: string): Snapshot {
    return new Snapshot(state.tableId, state.revision, commitment, stateToArray(game, state));
  }

  toArray(): JsonObject {
    return { tableId: this.tableId, revision: this.revision, commitment: this.commitment, state: this.state };
  }

  static fromArray(value: unknown, expected: SnapshotExpectation): Snapshot {
    const o = asObject(value, 'snapshot');
    const tableId = asString(o.tableId, 'snapshot.tableId');
    const revision = asInteger(o.revision, 'snapshot.revision', 0);
    const commitment = asString(o.commitment, 'snapshot.commitment');
    const state = asObject(o.state, 'snapshot.state') as JsonObject;
    if (tableId !== expected.tableId) throw new InvalidGame(`the snapshot is of table ${tableId}, not ${expected.tableId}`);
    if (commitment !== expected.commitment) throw new InvalidGame(`the snapshot of table ${tableId} was made under another seed`);
    if (expected.revision !== undefined && revision !== expected.revision) {
      throw new InvalidGame(`the snapshot of table ${tableId} is at revision ${revision}, the log at ${expected.revision}`);
    }
    if (expected.maxRevision !== undefined && revision > expected.maxRevision) {
      throw new InvalidGame(`the snapshot of table ${tableId} is at revision ${revision}, beyond the log's ${expected.maxRevision}`);
    }
    if (state.tableId !== tableId || state.revision !== revision) {
      throw new InvalidGame(`the snapshot's state does not belong to table ${tableId} at revision ${revision}`);
    }
    return new Snapshot(tableId, revision, commitment, state);
  }

  /** The state it holds, read back with every check of `stateFromArray`. */
  restore<G>(game: GameData<G>): GameState<G> {
    return stateFromArray(game, this.state);
  }
}
