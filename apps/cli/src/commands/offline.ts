import { readFileSync } from 'node:fs';
import { engine, GameLog, matchesCommitment, stateHash, type AnyGame, type GameState, type LoggedMove } from '@chronicle/engine';
import { defaultGames } from '@chronicle/games';
import { CliError, type Output } from '../terminal/output';

/** A log file: `GameLog.toArray()`, or a finished-log reply (`{ tableId, commitment, log }`) as `chronicle log` writes it. */
export function readLogFile(file: string): GameLog {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const body = typeof raw === 'object' && raw !== null && 'log' in raw ? (raw as { log: unknown }).log : raw;
  try {
    return GameLog.fromArray(body);
  } catch (error) {
    throw new CliError(`${file} is not a game log: ${(error as Error).message}`);
  }
}

/**
 * Replays a log from its seed, move by move, with a progress bar: the state a table
 * reaches, or `InvalidGame` where a move no longer applies.
 */
export function replayWithProgress(log: GameLog, out: Output, label = 'replaying'): { game: AnyGame; state: GameState<unknown> } {
  const game = defaultGames().forTable(log.tableId, log.gameId, log.rulesVersion);
  const header = log.header();
  const state = engine.setup(game, header);
  const total = log.revision;
  const every = Math.max(1, Math.floor(total / 200));
  function* withProgress(): Generator<LoggedMove> {
    for (const move of log.moves) {
      yield move;
      if (move.number % every === 0 || move.number === total) out.progress(label, move.number, total);
    }
  }
  out.progress(label, 0, total);
  engine.advance(game, header, state, withProgress());
  out.clearStatus();
  return { game, state };
}

/** `chronicle verify <log.json> --commitment <hex>`: the seed is the committed one, and every move replays. */
export function verifyFile(file: string, commitment: string, out: Output): void {
  const log = readLogFile(file);
  if (!/^[0-9a-f]{64}$/.test(commitment)) throw new CliError('--commitment must be the 64 hex digits published when the table opened');
  if (!matchesCommitment(log.seed, commitment)) {
    throw new CliError(`REFUSED: the seed in ${file} is not the one committed to (${commitment.slice(0, 16)}…); this log cannot be trusted`);
  }
  let replayed;
  try {
    replayed = replayWithProgress(log, out, `verifying ${log.revision} moves`);
  } catch (error) {
    throw new CliError(`REFUSED: ${file} does not replay: ${(error as Error).message}`);
  }
  out.line(`verified: table ${log.tableId} (${log.gameId} rules ${log.rulesVersion}), the seed matches the commitment and all ${log.revision} moves replay`);
  out.line(`final state hash ${stateHash(replayed.game, replayed.state)}${replayed.state.outcome ? `, outcome: ${replayed.state.outcome.result}` : ''}`);
}

/** `chronicle replay <log.json>`: the state the log reaches (no commitment checked). */
export function replayFile(file: string, out: Output, summarize: (gameId: string, state: GameState<unknown>) => string[]): void {
  const log = readLogFile(file);
  let replayed;
  try {
    replayed = replayWithProgress(log, out, `replaying ${log.revision} moves`);
  } catch (error) {
    throw new CliError(`${file} does not replay: ${(error as Error).message}`);
  }
  out.line(`table ${log.tableId} (${log.gameId} rules ${log.rulesVersion}) at revision ${log.revision}, state hash ${stateHash(replayed.game, replayed.state)}`);
  for (const line of summarize(log.gameId, replayed.state)) out.line(line);
}
