import { IllegalMove, type Json } from '@chronicle/engine';
import { canonicalJson } from '@chronicle/engine';
import { joinYearMonth } from '../world/clock';
import { GameConst, REST_KEY } from '../world/constants';
import { generalLog } from '../world/logbook';
import type { LastTurn } from '../world/types';
import { ARGUMENT_REFUSED, failureText, type AnyCommand, type CommandContext } from '../commands/command';

/** Where a command's LastTurn and cooldowns live: the general, or the nation's chief seat. */
export interface CommandHolder {
  last: LastTurn;
  readonly cooldowns: Record<string, number>;
  /** Resolves an alternative's key to its command. */
  lookup(key: string): AnyCommand | undefined;
}

/** What happened, for the killturn rule and the tests. */
export interface CommandOutcome {
  /** The command tried last (after alternatives). */
  final: AnyCommand;
  result: 'ran' | 'failed' | 'stacking';
}

/**
 * `processCommand` (§4): full condition (first failure logged), term stack, run, cooldown,
 * alternatives (same stream, bounded depth). A failed command leaves LastTurn as it was.
 */
export function processCommand(ctx: CommandContext, holder: CommandHolder, first: AnyCommand, rawArg: Json): CommandOutcome {
  let command = first;
  let raw = rawArg;
  for (let depth = 0; ; depth++) {
    let arg: unknown;
    try {
      arg = command.readArg(raw, ctx.world);
    } catch (error) {
      if (!(error instanceof IllegalMove)) throw error;
      // The player's move read its argument when it was reserved; the world has changed since. The
      // log says it as the legacy does.
      generalLog(ctx.world, ctx.general.id, failureText(ctx, command, ARGUMENT_REFUSED));
      return { final: command, result: 'failed' };
    }
    const reason = firstFailure(ctx, holder, command, arg);
    if (reason !== null) {
      generalLog(ctx.world, ctx.general.id, failureText(ctx, command, reason, arg));
      return { final: command, result: 'failed' };
    }
    const pre = command.preTurns?.(ctx, arg) ?? 0;
    if (!addTermStack(holder, command.name, raw, pre, command.termSeq?.(ctx))) {
      const term = holder.last.term;
      generalLog(ctx.world, ctx.general.id, command.termText?.(term, pre + 1) ?? `${command.name} 수행중... (${term}/${pre + 1})`);
      return { final: command, result: 'stacking' };
    }
    const done = command.run(ctx, arg);
    if (done !== false && !(done === true && command.keepsLastTurn)) holder.last = command.key === REST_KEY ? { command: REST_KEY, arg: null, term: 0 } : { command: command.name, arg: raw, term: 0 };
    if (done === true) {
      const post = command.postTurns?.(ctx, arg) ?? 0;
      if (post > 0) holder.cooldowns[command.name] = joinYearMonth(ctx.year, ctx.month) + post - pre;
      return { final: command, result: 'ran' };
    }
    const alternative = command.alternative?.(ctx, arg) ?? null;
    const next = alternative === null ? undefined : holder.lookup(alternative.key);
    if (next === undefined || depth + 1 >= GameConst.maxAlternativeDepth) return { final: command, result: 'failed' };
    command = next;
    raw = alternative!.arg;
  }
}

function firstFailure(ctx: CommandContext, holder: CommandHolder, command: AnyCommand, arg: unknown): string | null {
  for (const constraint of command.constraints) {
    const reason = constraint(ctx, arg);
    if (reason !== null) return reason;
  }
  const until = holder.cooldowns[command.name];
  if (until !== undefined) {
    const remain = until - joinYearMonth(ctx.year, ctx.month);
    if (remain > 0) return `${remain}턴 더 기다려야 합니다.`;
  }
  return null;
}

/**
 * `addTermStack`: P = 0 runs at once; another command or argument restarts at term 1, and so
 * does a stack older than `seq` (a capital command's `capset`, when it has one); the same one
 * below P counts a term; otherwise it runs (on the P+1-th turn).
 */
export function addTermStack(holder: CommandHolder, name: string, arg: Json, pre: number, seq?: number): boolean {
  if (pre === 0) return true;
  const last = holder.last;
  const stamp = seq === undefined ? {} : { seq };
  // PHP compares a missing seq (null) as 0 with the nation's capset.
  if (last.command !== name || canonicalJson(last.arg) !== canonicalJson(arg) || (seq !== undefined && (last.seq ?? 0) < seq)) {
    holder.last = { command: name, arg, term: 1, ...stamp };
    return false;
  }
  if (last.term < pre) {
    holder.last = { command: name, arg, term: last.term + 1, ...stamp };
    return false;
  }
  return true;
}

