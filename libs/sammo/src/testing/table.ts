import { engine, GameLog, type GameState, type Json, type JsonObject, type Seat } from '@chronicle/engine';
import { sammo } from '../game';
import { addTurn } from '../world/clock';
import type { World } from '../world/types';

/** A table of the strategy game driven through the engine, as a service would drive it. */
export class SammoTable {
  readonly log: GameLog;
  readonly state: GameState<World>;

  constructor(options: JsonObject, seed: string, seats: string[] = []) {
    this.log = GameLog.open({ tableId: 'test-table', gameId: sammo.id, rulesVersion: sammo.version, seats, options, seed });
    this.state = engine.setup(sammo, this.log.header());
  }

  play(seat: Seat, payload: Json): void {
    const step = engine.step(sammo, this.log.header(), this.state, seat, payload);
    this.log.append(step.move);
  }

  /** Advances month by month (one move each), `months` times. */
  advanceMonths(months: number): void {
    let until = this.state.data.env.turntime;
    for (let i = 0; i < months; i++) {
      until = addTurn(Math.max(until, this.state.data.env.turntime), this.state.data.env.turnterm);
      this.play(null, { type: 'advance', until });
    }
  }
}
