import { IllegalMove, type Json } from '@chronicle/engine';
import { ARGUMENT_REFUSED, failureText, type CommandContext, type AnyCommand } from './command';
import type { RandUtil } from '../rng/rand-util';
import type { General, World } from '../world/types';

/** A context for checking a command the AI considers (constraints never draw). */
export function contextFor(world: World, general: General, rng: RandUtil): CommandContext {
  return {
    world, general, city: world.cities[general.city]!, nation: general.nation === 0 ? undefined : world.nations.get(general.nation),
    year: world.env.year, month: world.env.month, rng,
  };
}

/** Why the command cannot run right now (its argument or the first failed constraint), or null. */
export function whyNot(ctx: CommandContext, command: AnyCommand, raw: Json): string | null {
  let arg: unknown;
  try {
    arg = command.readArg(raw, ctx.world);
  } catch (error) {
    if (error instanceof IllegalMove) return error.message;
    throw error;
  }
  return firstFailure(ctx, command, arg);
}

/** The failure line the general would read for the command now (legacy `getFailString`), or null. */
export function failureLine(ctx: CommandContext, command: AnyCommand, raw: Json): string | null {
  let arg: unknown;
  try {
    arg = command.readArg(raw, ctx.world);
  } catch (error) {
    if (error instanceof IllegalMove) return failureText(ctx, command, ARGUMENT_REFUSED);
    throw error;
  }
  const reason = firstFailure(ctx, command, arg);
  return reason === null ? null : failureText(ctx, command, reason, arg);
}

/** The first failed constraint for an argument already read, or null. */
export function firstFailure(ctx: CommandContext, command: AnyCommand, arg: unknown): string | null {
  for (const constraint of command.constraints) {
    const reason = constraint(ctx, arg);
    if (reason !== null) return reason;
  }
  return null;
}

/** Whether the command's argument reads and its full condition holds right now. */
export function feasible(ctx: CommandContext, command: AnyCommand, raw: Json): boolean {
  return whyNot(ctx, command, raw) === null;
}
