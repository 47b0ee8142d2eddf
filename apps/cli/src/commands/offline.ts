import { readFileSync } from 'node:fs';
import { checkRecordCheckpoint, ed25519PublicKey, openCheckpoint, readCheckpoint } from '@chronicle/contracts';
import { keptCheckpoints } from './witness';
import { playMoves } from '@chronicle/bus';
import {
  AuditedLog, combinedSeed, engine, GameLog, matchesCommitment, stateHash, waitingFor, type AnyGame, type GameState, type LogRecord, type RecordedMove,
} from '@chronicle/engine';
import { defaultGames } from '@chronicle/games';
import { CliError, type Output } from '../terminal/output';

/** A log file: `GameLog.toArray()`, or a finished-log reply (`{ tableId, commitment, log, record }`) as `chronicle log` writes it. */
export function readLogFile(file: string): GameLog {
  return logOf(file, readJsonFile(file));
}

export function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
  }
}

export function logOf(file: string, raw: unknown): GameLog {
  const body = typeof raw === 'object' && raw !== null && 'log' in raw ? (raw as { log: unknown }).log : raw;
  try {
    return GameLog.fromArray(body);
  } catch (error) {
    throw new CliError(`${file} is not a game log: ${(error as Error).message}`);
  }
}

/**
 * Replays a log from its seed, move by move (`playMoves`, as the services replay a table), with
 * a progress bar: the state a table reaches, or `InvalidGame` where a move no longer applies
 * or (with `audit`) reaches another state than its entry recorded.
 */
export function replayWithProgress(log: GameLog, out: Output, label = 'replaying', audit?: AuditedLog): { game: AnyGame; state: GameState<unknown> } {
  const game = defaultGames().forTable(log.tableId, log.gameId, log.rulesVersion);
  const header = log.header();
  const state = engine.setup(game, header);
  const total = log.revision;
  const every = Math.max(1, Math.floor(total / 200));
  out.progress(label, 0, total);
  playMoves({ tableId: log.tableId, game, header }, state, log.moves, (move) => {
    if (audit?.recordedHash(move.number)) audit.checkState(move.number, stateHash(game, state));
    if (move.number % every === 0 || move.number === total) out.progress(label, move.number, total);
  });
  out.clearStatus();
  return { game, state };
}

/**
 * `chronicle verify <log.json> --commitment <hex> [--log-key <hex>]`: the seed is the
 * committed one; every move is the one the log service stored (hashed again and compared
 * with its leaf in the file's record of the table's entry tree, whose root the log service
 * signed — checked with its public key when given); the entries fold to exactly the log's
 * moves; and the replay reaches, after each move that recorded one, the state hash it
 * recorded — the last move's is the final state's.
 */
export function verifyFile(file: string, commitment: string, out: Output, logKey?: string, checkpoints?: string): void {
  const raw = readJsonFile(file);
  const log = logOf(file, raw);
  if (!/^[0-9a-f]{64}$/.test(commitment)) throw new CliError('--commitment must be the 64 hex digits published when the table opened');
  if (logKey !== undefined && !/^[0-9a-f]{64}$/.test(logKey)) throw new CliError('--log-key must be the log service\'s Ed25519 public key, 64 hex digits (its log prints it at start)');
  if (!matchesCommitment(log.seed, commitment)) {
    throw new CliError(`REFUSED: the seed in ${file} is not the one committed to (${commitment.slice(0, 16)}…); this log cannot be trusted`);
  }
  const audit = auditOf(file, raw, log, commitment, logKey);
  const kept = checkpoints === undefined ? [] : keptCheckpoints(checkpoints, log.tableId);
  if (checkpoints !== undefined) {
    if (!audit) throw new CliError(`REFUSED: ${file} carries no record of its entries to check the checkpoints of ${checkpoints} against`);
    try {
      audit.log.checkCheckpoints(kept.map((note) => {
        const { treeSize, rootHash } = logKey ? openCheckpoint(note, ed25519PublicKey(logKey)) : readCheckpoint(note);
        return { treeSize, rootHash, note };
      }));
    } catch (error) {
      throw new CliError(`REFUSED: ${file}: ${(error as Error).message}`);
    }
  }
  let replayed;
  try {
    replayed = replayWithProgress(log, out, `verifying ${log.revision} moves`, audit?.log);
  } catch (error) {
    throw new CliError(`REFUSED: ${file} does not replay: ${(error as Error).message}`);
  }
  const reached = stateHash(replayed.game, replayed.state);
  out.line(`verified: table ${log.tableId} (${log.gameId} rules ${log.rulesVersion}), the seed matches the commitment and all ${log.revision} moves replay`);
  out.line(randomnessLine(log, replayed.state));
  if (audit) {
    out.line(`every move is the one the log service stored: ${audit.log.record.treeSize} entries, tree root ${audit.log.record.rootHash.slice(0, 16)}…, ${audit.signed}`);
  } else {
    out.line(`not checked against the log service: ${file} carries no record of its entries (a file written before the log service kept them)`);
  }
  if (checkpoints !== undefined) out.line(`the ${kept.length} checkpoints kept in ${checkpoints} are each the tree of its first entries: the history shown while it was in play is this one`);
  const last = audit?.log.recordedHash(log.revision) ?? null;
  out.line(`final state hash ${reached}${last ? ', the one its last move recorded' : ''}${replayed.state.outcome ? `, outcome: ${replayed.state.outcome.result}` : ''}`);
}

/** Where the draws came from: the operator's seed alone, or (contributed) with the seats' contributions, which the replay checked. */
export function randomnessLine(log: GameLog, state: GameState<unknown>): string {
  const entropy = state.entropy;
  if (!entropy) return 'randomness: the committed seed alone (the table opened without contributions)';
  const seats = entropy.contributions.map((c) => c.seat).join(', ');
  if (entropy.phase !== 'fixed') return `contributed randomness, not fixed: ${waitingFor(log.tableId, entropy)}`;
  return `contributed randomness: every draw came from the seed and the contributions of ${seats}, each revealed after every seat had committed and matching its commit; combined seed ${combinedSeed(log.seed, entropy)}`;
}

/** The file's record of its table's entries, checked against its checkpoint (and that against the key) and against the log's moves. */
export function auditOf(file: string, raw: unknown, log: GameLog, commitment: string, logKey: string | undefined): { log: AuditedLog; signed: string } | null {
  let parts;
  try {
    parts = AuditedLog.readParts(raw);
  } catch (error) {
    throw new CliError(`REFUSED: ${file}: ${(error as Error).message}`);
  }
  const { moves, record } = parts;
  if (!record) {
    if (logKey) throw new CliError(`REFUSED: ${file} carries no record of its entries, so it cannot be checked against the log service's signed checkpoint; write it again with \`chronicle log\``);
    return null;
  }
  if (!moves) throw new CliError(`REFUSED: ${file} has a record of its entries but its moves do not name theirs (seq)`);
  const note = (raw as { record: { checkpoint?: unknown } }).record.checkpoint;
  try {
    const audited = auditLog(log, moves, record, note, commitment, logKey);
    const signed = logKey ? `its checkpoint signed by the log service's key ${logKey.slice(0, 16)}…` : 'its checkpoint\'s signature NOT checked (give --log-key, the log service\'s public key, to check it: without it a file rewritten whole would pass)';
    return { log: audited, signed };
  } catch (error) {
    throw new CliError(`REFUSED: ${file}: ${(error as Error).message}`);
  }
}

/**
 * A log with the record of its table's entries, checked before its replay: the checkpoint
 * is the table's (origin: its id and commitment), says the record's size and root, and is
 * signed by `logKey` when given; every move is its stored leaf and the entries fold to the
 * log's moves. Throws (`BadCheckpoint`, `InvalidGame`) with the reason.
 */
export function auditLog(log: GameLog, moves: readonly RecordedMove[], record: LogRecord, note: unknown, commitment: string, logKey: string | undefined): AuditedLog {
  // The record of a file is checked against the log's own table: a record of another table is refused by its origin.
  checkRecordCheckpoint({ ...record, tableId: log.tableId, checkpoint: note }, commitment, logKey ? ed25519PublicKey(logKey) : undefined);
  const audited = new AuditedLog(log, moves, record);
  audited.checkEntries();
  return audited;
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
