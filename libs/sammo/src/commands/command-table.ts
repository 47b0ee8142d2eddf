import { IllegalMove } from '@chronicle/engine';
import { LiteHashDRBG } from '../rng/lite-hash-drbg';
import { RandUtil } from '../rng/rand-util';
import { commandLists } from '../world/command-lists';
import type { General, World } from '../world/types';
import type { AnyCommand, CommandContext } from './command';
import { contextFor } from './feasible';
import { findCommand } from './registry';

/** One command of the table (legacy getCommandTable's entry): whether it can be chosen now, and if not, why. */
export type CommandChoice = {
  /** The legacy key (`che_징병`), what a reservation names. */
  key: string;
  name: string;
  id: string;
  /** Whether it takes an argument (a city, a crew type, an amount…). */
  needsArg: boolean;
  possible: boolean;
  /** The first condition that fails, in the legacy's words; null when possible. */
  reason: string | null;
}

export type CommandTable = {
  general: CommandChoice[];
  /** The chief's nation commands (officer level 5 or more), else null. */
  chief: CommandChoice[] | null;
}

/** Constraints never draw: the table has no stream of its own to give them. */
const NO_DRAWS = new RandUtil(new LiteHashDRBG('command-table: constraints draw nothing'));

/**
 * What the general may choose now (legacy General/GetCommandTable and getChiefCommandTable:
 * the world's command lists in order, each with `hasMinConditionMet`). A command without an
 * argument is judged by its whole condition. One with an argument is judged by the conditions
 * that do not read it (the legacy's minimum conditions are those that need no argument); the
 * rest are judged when it is reserved with its argument.
 */
export function commandTable(world: World, general: General): CommandTable {
  const ctx = contextFor(world, general, NO_DRAWS);
  const lists = commandLists(world);
  const nation = world.nations.get(general.nation);
  const chief = nation !== undefined && general.officerLevel >= 5 && nation.chiefQueues[general.officerLevel] !== undefined;
  return {
    general: lists.general.map((key) => choice(ctx, findCommand('general', key))),
    chief: chief ? lists.chief.map((key) => choice(ctx, findCommand('nation', key))) : null,
  };
}

function choice(ctx: CommandContext, command: AnyCommand): CommandChoice {
  let needsArg = false;
  let arg: unknown;
  try {
    arg = command.readArg(null, ctx.world);
  } catch (error) {
    if (!(error instanceof IllegalMove)) throw error;
    needsArg = true;
  }
  const reason = needsArg ? firstArglessFailure(ctx, command) : firstFailureOf(ctx, command, arg);
  return { key: command.key, name: command.name, id: command.id, needsArg, possible: reason === null, reason };
}

function firstFailureOf(ctx: CommandContext, command: AnyCommand, arg: unknown): string | null {
  for (const constraint of command.constraints) {
    const reason = constraint(ctx, arg);
    if (reason !== null) return reason;
  }
  return null;
}

/** The first failing condition among those that do not read the argument (one that reads it throws without one). */
function firstArglessFailure(ctx: CommandContext, command: AnyCommand): string | null {
  for (const constraint of command.constraints) {
    let reason: string | null;
    try {
      reason = constraint(ctx, undefined);
    } catch (error) {
      if (error instanceof TypeError) continue;
      throw error;
    }
    if (reason !== null) return reason;
  }
  return null;
}
