import { LogClient, RequestClient } from '@chronicle/bus';
import { seedKey, TrustedSubjects, unsealSeed, type SealedSeedV1 } from '@chronicle/contracts';
import { engine, GameLog, stateHash, type GameState, type JsonObject } from '@chronicle/engine';
import { nextDueTime, sammo, type World } from '@chronicle/sammo';

/** What a test checks of a strategy world after a move: its date and who holds each city. */
export interface Seen {
  date: string;
  /** City id → nation id. */
  nations: Map<number, number>;
  /** Nation id → colour. */
  colours: Map<number, string>;
}

/**
 * Plays a strategy table as an executor would, for the web service's tests and benchmark:
 * the seed opened in memory (the trusted key), each month's advance computed with the
 * engine and appended to the log service with its state hash.
 */
export class WorldDriver {
  readonly seen: Seen[] = [];
  private constructor(
    private readonly log: LogClient,
    readonly local: GameLog,
    readonly state: GameState<World>,
  ) {
    this.record();
  }

  static async open(requests: RequestClient, key: string, tableId: string, options: JsonObject): Promise<WorldDriver> {
    const log = new LogClient(requests);
    await log.open({ tableId, gameId: sammo.id, seats: ['player-1'], options });
    const header = await log.header({ tableId });
    const sealed = await requests.request<SealedSeedV1>(TrustedSubjects.sealedSeed, { v: 1, tableId });
    const local = GameLog.open({
      tableId, gameId: header.gameId, rulesVersion: header.rulesVersion, seats: header.seats, options: header.options,
      seed: unsealSeed(seedKey(key), tableId, sealed.sealedSeed),
    });
    return new WorldDriver(log, local, engine.setup(sammo, local.header()));
  }

  get tableId(): string {
    return this.local.tableId;
  }

  get over(): boolean {
    return this.state.outcome !== null;
  }

  /** One game month (a 60-minute turnterm), appended; `moves` of them. */
  async play(moves = 1): Promise<void> {
    for (let i = 0; i < moves && !this.over; i++) {
      const step = engine.step(sammo, this.local.header(), this.state, null, { type: 'advance', until: this.state.data.env.turntime + 3_600_000 });
      this.local.append(step.move);
      const due = nextDueTime(this.state.data);
      await this.log.append({
        tableId: this.tableId, seat: null, payload: step.move.payload, expectedRevision: step.move.number - 1,
        idempotencyKey: `${this.tableId}:${step.move.number}`, random: step.move.random, stateHash: stateHash(sammo, this.state),
        ...(due === null ? {} : { nextDueAt: new Date(due).toISOString() }),
        ...(this.state.outcome ? { outcome: this.state.outcome } : {}),
      });
      this.record();
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
