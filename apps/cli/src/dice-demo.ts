import { engine, GameLog, InMemoryTables } from '@chronicle/engine';
import { diceRace } from '@chronicle/engine/examples';

export interface DiceDemoOptions {
  players: number;
  finish: number;
}

/**
 * Plays one dice-race table through the in-memory tables: the commitment is shown at the
 * opening, every roll as it happens, and at the end the finished log (seed included) is
 * verified against the commitment by a fresh replay. Returns the verified log.
 */
export async function runDiceDemo(options: DiceDemoOptions, out: (line: string) => void): Promise<GameLog> {
  const tables = new InMemoryTables(diceRace);
  const seats = Array.from({ length: options.players }, (_, i) => `player-${i + 1}`);
  const { tableId, commitment } = await tables.open({ tableId: 'demo-dice-race', seats, options: { finish: options.finish } });
  out(`table ${tableId}: a dice race to ${options.finish} for ${seats.join(', ')}`);
  out(`commitment to the seed (SHA-256): ${commitment}`);
  const opening = await tables.state(tableId);
  out(`seating drawn from the seed: ${opening.order.seats.join(' → ')}`);

  for (let state = await tables.state(tableId); !state.outcome; state = await tables.state(tableId)) {
    const seat = state.order.acting!;
    const { state: after, revision } = await tables.move(tableId, seat, { type: 'roll' }, state.revision);
    out(`move ${String(revision).padStart(3)}: ${seat} rolls ${after.data.lastRoll} → ${after.data.positions[seat]}`);
  }

  const finished = await tables.state(tableId);
  out(`game over after ${finished.revision} moves: ${finished.outcome!.result}`);
  const log = GameLog.fromArray(JSON.parse(JSON.stringify((await tables.finishedLog(tableId)).toArray())));
  out(`the finished log reveals the seed: ${log.seed}`);
  const verified = engine.verify(diceRace, log, commitment);
  out(`verified: the seed matches the commitment and the ${log.revision} moves replay to "${verified.outcome!.result}"`);
  return log;
}
