import type { AppendMoveV1, HeaderV1, OpenTableV1 } from '@chronicle/contracts';
import { engine, GameLog, stateHash, withOpening, type GameState, type JsonObject } from '@chronicle/engine';
import { nextDueTime, sammo, type World } from '@chronicle/sammo';

/** What a test checks of a strategy world after a move: its date and who holds each city. */
export interface Seen {
  date: string;
  /** City id → nation id. */
  nations: Map<number, number>;
  /** Nation id → colour. */
  colours: Map<number, string>;
}

/** The log service's requests the driver makes (a `LogClient` of `@chronicle/bus`). */
export interface DriverLog {
  open(request: Omit<OpenTableV1, 'v'>): Promise<unknown>;
  header(request: { tableId: string }): Promise<HeaderV1>;
  append(request: Omit<AppendMoveV1, 'v'>): Promise<unknown>;
}

/** A table's seed as a trusted service opens it (a `TableReplayer` of `@chronicle/bus`). */
export interface SeedSource {
  seed(tableId: string): Promise<string>;
}

/**
 * How the driver plays: `month` advances a game month per move (the all-in-one system's
 * coalesced ticks); `due` advances to the next due time (a tick at each general's turn, the
 * legacy timing: ~14,700 moves a game year for 1,200 generals). `light` records nothing per
 * move and hashes only the last state (a benchmark's long chapter).
 */
export interface DriverOptions {
  pace: 'month' | 'due';
  light: boolean;
}

/**
 * Plays a strategy table as an executor would (for tests and benchmarks of what watches
 * worlds): the seed opened in memory, each advance computed with the engine and appended to
 * the log service with its state hash.
 */
export class WorldDriver {
  readonly seen: Seen[] = [];
  private constructor(
    private readonly log: DriverLog,
    readonly local: GameLog,
    readonly state: GameState<World>,
    private readonly options: DriverOptions,
  ) {
    this.record();
  }

  static async open(
    log: DriverLog, seeds: SeedSource, tableId: string, options: JsonObject, driver: DriverOptions = { pace: 'month', light: false }, opening?: JsonObject,
  ): Promise<WorldDriver> {
    await log.open({ tableId, gameId: sammo.id, seats: ['player-1'], options });
    const header = await log.header({ tableId });
    // A world's later chapter is opened with its link only; its opening (the chapter before's final state) is attached here, as an executor attaches it.
    const local = GameLog.open({
      tableId, gameId: header.gameId, rulesVersion: header.rulesVersion, seats: header.seats, seed: await seeds.seed(tableId),
      options: opening ? withOpening(header.options, opening) : header.options,
    });
    return new WorldDriver(log, local, engine.setup(sammo, local.header()), driver);
  }

  get tableId(): string {
    return this.local.tableId;
  }

  get over(): boolean {
    return this.state.outcome !== null;
  }

  /** `moves` moves appended (fewer when the table ends). */
  async play(moves = 1): Promise<void> {
    for (let i = 0; i < moves && !this.over; i++) {
      const env = this.state.data.env;
      // An advance to a due time itself runs nothing: the turns due then run once the clock is past it.
      const until = this.options.pace === 'month' ? env.turntime + 3_600_000 : (nextDueTime(this.state.data) ?? env.turntime) + 1;
      const step = engine.step(sammo, this.local.header(), this.state, null, { type: 'advance', until });
      this.local.append(step.move);
      const due = nextDueTime(this.state.data);
      const hashed = !this.options.light || this.over;
      await this.log.append({
        tableId: this.tableId, seat: null, payload: step.move.payload, expectedRevision: step.move.number - 1,
        idempotencyKey: `${this.tableId}:${step.move.number}`, random: step.move.random,
        ...(hashed ? { stateHash: stateHash(sammo, this.state) } : {}),
        ...(due === null ? {} : { nextDueAt: new Date(due).toISOString() }),
        ...(this.state.outcome ? { outcome: this.state.outcome } : {}),
      });
      if (!this.options.light) this.record();
    }
  }

  private record(): void {
    const world = this.state.data;
    this.seen.push({
      date: `${world.env.year}년 ${world.env.month}월`,
      nations: new Map(world.cities.slice(1).map((c) => [c.id, c.nation])),
      colours: new Map([...world.nations.values()].map((n) => [n.id, n.color])),
    });
  }
}
