import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { contributionHash, newContribution, RANDOMNESS_KEY } from '@chronicle/engine';
import type { IntentOutcomeV1 } from '@chronicle/contracts';
import { CliError, type Output } from '../terminal/output';
import type { Remote } from './connection';
import { decideIntent } from './remote';

/** What a seat keeps of its contribution until it has revealed it: the value is its secret till then. */
interface Kept {
  tableId: string;
  seat: string;
  value: string;
  hash: string;
}

/** How long a commit or reveal waits for the executors' decision. */
const DECISION_WAIT_MS = 30_000;

/** How often a seat that committed asks again whether every seat has, before revealing. */
const REVEAL_RETRY_MS = 500;

/**
 * `chronicle contribute <table> --seat s`: the seat's part of a contributed table's randomness
 * (libs/engine README, "Seeds that nobody chooses"). Draws a secret value and keeps it in
 * `keep` (readable by this user only) before anything is sent, commits its hash, then reveals
 * it once every seat has committed, waiting up to `waitMs`; run again to go on where it stood.
 */
export async function contribute(
  remote: Remote, out: Output,
  request: { table: string; seat: string; seatToken?: string; keep: string; waitMs: number },
): Promise<void> {
  const kept = keptContribution(request.keep, request.table, request.seat);
  // Each commit or reveal waits for its decision as `chronicle intent` does; `waitMs` is how long to wait for the other seats.
  const intent = { table: request.table, seat: request.seat, seatToken: request.seatToken, kind: 'move' as const, waitMs: DECISION_WAIT_MS };

  // A commit sent by an earlier run is refused as already made, which is what this run wanted.
  const committed = await decideIntent(remote, { ...intent, key: `contribution-commit-${kept.hash.slice(0, 32)}-${Date.now()}`, payload: { [RANDOMNESS_KEY]: 'commit', hash: kept.hash } });
  if (!accepted(committed, /has already committed/)) refuse(committed);
  out.line(`seat ${request.seat} committed to its contribution to ${request.table}: hash ${kept.hash}${committed.status === 'accepted' ? ` (move ${committed.revision})` : ''}`);

  const deadline = Date.now() + request.waitMs;
  for (let attempt = 1; ; attempt++) {
    const revealed = await decideIntent(remote, { ...intent, key: `contribution-reveal-${kept.hash.slice(0, 32)}-${Date.now()}-${attempt}`, payload: { [RANDOMNESS_KEY]: 'reveal', value: kept.value } });
    if (accepted(revealed, /has already revealed/)) {
      out.line(`seat ${request.seat} revealed its contribution${revealed.status === 'accepted' ? ` (move ${revealed.revision})` : ''}: ${kept.value}`);
      return;
    }
    const waiting = revealed.status === 'refused' && /waits for the commits of/.test(revealed.reason ?? '');
    if (!waiting) refuse(revealed);
    if (Date.now() >= deadline) {
      out.line(`not revealed yet: ${revealed.reason ?? ''}; run this again to reveal (the value stays in ${request.keep})`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, REVEAL_RETRY_MS));
  }
}

function keptContribution(file: string, tableId: string, seat: string): Kept {
  if (existsSync(file)) {
    let kept: Kept;
    try {
      kept = JSON.parse(readFileSync(file, 'utf8')) as Kept;
    } catch (error) {
      throw new CliError(`${file} is not a kept contribution (${(error as Error).message}); give another --keep`);
    }
    if (kept.tableId !== tableId || kept.seat !== seat || contributionHash(tableId, seat, kept.value) !== kept.hash) {
      throw new CliError(`${file} keeps the contribution of seat ${kept.seat} to ${kept.tableId}, not of ${seat} to ${tableId}; give another --keep`);
    }
    return kept;
  }
  const value = newContribution();
  const kept = { tableId, seat, value, hash: contributionHash(tableId, seat, value) };
  // Kept before the commit is sent: a seat that loses its value after committing can only withhold.
  writeFileSync(file, `${JSON.stringify(kept)}\n`, { mode: 0o600, flag: 'wx' });
  return kept;
}

/** Accepted now, or earlier (the refusal says it was already done). */
function accepted(outcome: IntentOutcomeV1, before: RegExp): boolean {
  return outcome.status === 'accepted' || (outcome.status === 'refused' && before.test(outcome.reason ?? ''));
}

function refuse(outcome: IntentOutcomeV1): never {
  if (outcome.status === 'pending') throw new CliError(`intent ${outcome.intentKey} is not decided yet; run this again`);
  if (outcome.status === 'refused') throw new CliError(`intent ${outcome.intentKey} refused: ${outcome.code}: ${outcome.reason}`);
  throw new CliError(`intent ${outcome.intentKey}: unexpected outcome ${outcome.status}`);
}
