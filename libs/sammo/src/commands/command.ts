import type { Json } from '@chronicle/engine';
import type { RandUtil } from '../rng/rand-util';
import { nextTurnWindow } from '../world/clock';
import type { StreamSource } from '../state/turn-run';
import type { City, General, Nation, World } from '../world/types';

/** What a command sees when it is checked or run (§4: general/city/nation/dest* context). */
export interface CommandContext {
  readonly world: World;
  readonly general: General;
  readonly city: City;
  readonly nation: Nation | undefined;
  readonly year: number;
  readonly month: number;
  /** The command's stream (`generalCommand`/`nationCommand`); alternatives reuse it. */
  readonly rng: RandUtil;
  /** The run's labelled streams, for commands with streams of their own (출병: `war`, `ConquerCity`). */
  readonly random?: StreamSource;
  /** Where generals the command creates take their first turn (`TurnRun.clock`); see {@link creationClock}. */
  readonly clock?: number;
}

/** A constraint: null when it holds, else the reason the player reads. */
export type Constraint<A> = (ctx: CommandContext, arg: A) => string | null;

/** The next command to try when `run` declines (`getAlternativeCommand`). */
export interface Alternative {
  key: string;
  arg: Json;
}

/**
 * One command (§4): key = the legacy class name (also the RNG label), name = the Korean
 * display name (LastTurn, cooldown keys and logs use it), id = the English identifier.
 */
export interface CommandDef<A = Json> {
  readonly key: string;
  readonly name: string;
  readonly id: string;
  readonly kind: 'general' | 'nation';
  /** Reads and checks the argument (`argTest`); throws `IllegalMove` with what is wrong. */
  readArg(raw: Json, world: World): A;
  /** The full condition, in order; the first failure wins. */
  readonly constraints: readonly Constraint<A>[];
  /** Pre-turns P (term stack); 0 when absent. */
  preTurns?(ctx: CommandContext, arg: A): number;
  /**
   * For the capital commands (천도, 증축, 감축): the nation's `capset`, kept with the term stack;
   * a stack begun before another of them ran starts again (legacy `addTermStack` with `seq`).
   */
  termSeq?(ctx: CommandContext): number;
  /** Post-turns Q (cooldown); 0 when absent. */
  postTurns?(ctx: CommandContext, arg: A): number;
  /**
   * The run leaves LastTurn as the term stack left it (legacy commands whose `run` never calls
   * `setResultTurn`, 피장파장): it is not reset to term 0.
   */
  readonly keepsLastTurn?: true;
  /**
   * Runs the effect; false means "not done" and lets an alternative try; `'spent'` is not
   * done either, but the legacy has already recorded the command as the LastTurn (a failed
   * 화계: the attempt took the turn).
   */
  run(ctx: CommandContext, arg: A): boolean | 'spent';
  /** What a failure line names before the command (legacy `getFailString`'s destination: `여강으로`). */
  failTarget?(ctx: CommandContext, arg: A): string;
  /** The line while the term stacks, when not `{name} 수행중... (t/n)` (legacy `getTermString`). */
  termText?(term: number, of: number): string;
  alternative?(ctx: CommandContext, arg: A): Alternative | null;
}

// Commands are stored with their own argument types; the registry forgets them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCommand = CommandDef<any>;

/** The run's clock, or outside a run (a move's own command) the window after the world's cursor. */
export function creationClock(ctx: CommandContext): number {
  return ctx.clock ?? nextTurnWindow(ctx.world.env.turntime, ctx.world.env.turnterm);
}

/** The legacy's words for an argument that no longer reads (`argTest` failing). */
export const ARGUMENT_REFUSED = '인자가 올바르지 않습니다.';

/**
 * The failure line the general reads (legacy `getFailString`): the reason, the destination
 * when the command names one, the command. `arg` is absent when the argument itself was refused.
 */
export function failureText(ctx: CommandContext, command: AnyCommand, reason: string, arg?: unknown): string {
  const target = arg === undefined ? undefined : command.failTarget?.(ctx, arg);
  return `${reason} ${target === undefined ? '' : `${target} `}${command.name} 실패.`;
}
