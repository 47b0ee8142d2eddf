import type { GameState, Outcome } from '@chronicle/engine';
import { joinYearMonth } from '../world/clock';
import type { GameEnv, World } from '../world/types';

/**
 * A world played in chapters (option `chapterYears`) closes a chapter at a January: the
 * monthly pipeline that opens that year runs, then the table ends with an outcome that
 * `continues`, and the next chapter (a new table, a new seed) starts from that state.
 * A game year is the boundary because it is the legacy's own rhythm (statistics, yearly
 * events) and keeps a 1,200-general world's chapter near 15,000 moves, far below a log's limit.
 */
export function chapterEndAfter(year: number, years: number): number {
  return joinYearMonth(year + years, 1);
}

/** True once the world has reached the January that closes its chapter. */
export function chapterEnded(env: Readonly<GameEnv>): boolean {
  return env.chapterEnd !== undefined && joinYearMonth(env.year, env.month) >= env.chapterEnd;
}

export function chapterOutcome(env: Readonly<GameEnv>): Outcome {
  return { winners: [], result: `the chapter closes as year ${env.year} begins`, continues: true };
}

/** `Game.continueChapter`: the carried world plays on until its next boundary. */
export function continueChapter(state: GameState<World>, chapterYears: number): void {
  const env = state.data.env;
  if (chapterYears > 0) env.chapterEnd = chapterEndAfter(env.year, chapterYears);
  else delete env.chapterEnd;
  // The new table counts its moves from 1: the lines the world carries are its opening's (0),
  // so that "the lines after move n" never reaches into the chapters before.
  for (const e of state.data.logs) e.move = 0;
  for (const e of state.data.history) e.move = 0;
  state.phase = 'play';
}
