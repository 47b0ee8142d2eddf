import { engine, GameLog, IllegalMove, type GameState, type Json } from '@chronicle/engine';
import { sammo, type World } from '@chronicle/sammo';
import type { RandUtil } from '@chronicle/sammo/rules';

/** One of `items`, drawn. */
export const pick = <T>(rng: RandUtil, items: readonly T[]): T => items[rng.nextInt(items.length - 1)]!;

/** `n` hex digits, drawn (seeds). */
export const hex = (rng: RandUtil, n: number) => Array.from({ length: n }, () => rng.nextInt(15).toString(16)).join('');

/** A refusal's legacy words: libs/sammo gives them first, its own explanation after in parentheses. */
export const legacyWords = (error: Error): string => error.message.replace(/ \(.*\)$/s, '');

/**
 * The case's world at a table of `seats`, stepped as a service steps it: each `play` checks and
 * applies a seat's move and answers true, or the legacy's words when the rules refuse it.
 */
export function caseTable(world: World, seats: string[], seed = '00'.repeat(32)) {
  const log = GameLog.open({ tableId: 'legacy-diff', gameId: sammo.id, rulesVersion: sammo.version, seats, options: {}, seed });
  const state: GameState<World> = { tableId: 'legacy-diff', revision: 0, phase: 'play', turn: 1, order: { seats, acting: null, pending: [] }, outcome: null, data: world };
  return {
    state,
    play(seat: string, payload: Json): true | string {
      try {
        log.append(engine.step(sammo, log.header(), state, seat, payload).move);
        return true;
      } catch (error) {
        if (!(error instanceof IllegalMove)) throw error;
        return legacyWords(error);
      }
    },
  };
}
