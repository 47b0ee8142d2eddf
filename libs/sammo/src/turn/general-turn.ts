import { AiSession } from '../ai/ai-session';
import { chooseGeneralTurn } from '../ai/general-ai';
import { chooseNationTurn } from '../ai/nation-ai';
import type { AnyCommand, CommandContext } from '../commands/command';
import { GENERAL_COMMANDS, NATION_COMMANDS } from '../commands/registry';
import { updateTurnTime } from '../lifecycle/update-turn-time';
import { joinYearMonth } from '../world/clock';
import { REST_KEY } from '../world/constants';
import { generalLog } from '../world/logbook';
import { relYear, REST_SLOT } from '../world/queries';
import type { General, LastTurn, Nation, TurnSlot } from '../world/types';
import { preprocess } from './preprocess';
import { increaseInheritancePoint } from '../world/inheritance';
import { processCommand, type CommandHolder } from './process-command';
import type { TurnRun } from '../state/turn-run';

const EMPTY_LAST = { command: REST_KEY, arg: null, term: 0 };

/**
 * One general's turn (§3), steps in order: load (the chief's queue), inheritance (lived
 * months of users), preprocess, AI decision, block, nation command, general command with
 * the killturn rule, queue pulls, autorun limit, turn-time update. Returns false when the
 * general is gone.
 */
export function runGeneralTurn(run: TurnRun, general: General): boolean {
  const { world, random, trace } = run;
  const env = world.env;
  const { year, month } = env;

  trace?.('load', general.id);
  const nation = general.nation === 0 ? undefined : world.nations.get(general.nation);
  const chiefLevel = nation !== undefined && general.officerLevel >= 5 ? general.officerLevel : 0;
  const chiefQueue = chiefLevel > 0 ? nation!.chiefQueues[chiefLevel] : undefined;

  trace?.('inheritance', general.id);
  increaseInheritancePoint(world, general, 'lived_month', 1);

  trace?.('preprocess', general.id);
  preprocess(world, general, () => random.stream('preprocess', year, month, general.id));

  const now = joinYearMonth(year, month);
  const isAI = general.npc >= 2 || now < (general.aux.autorunLimit ?? joinYearMonth(year - 2, month));
  // One AI per turn serves both choices, as the legacy GeneralAI object does.
  let ai: AiSession | undefined;
  const aiSession = () => (ai ??= new AiSession(random.stream('GeneralAI', year, month, general.id), general, world.nations.get(general.nation), relYear(world)));
  let hasReservedTurn = false;

  if (general.block === 2 || general.block === 3) {
    trace?.('blocked', general.id);
    general.killturn = Math.max(0, general.killturn - 1);
    generalLog(world, general.id, general.block === 2 ? '현재 멀티, 또는 비매너로 인한 블럭 대상자입니다.' : '현재 악성유저로 분류되어 블럭 대상자입니다.');
  } else {
    if (chiefQueue !== undefined) {
      trace?.('nationCommand', general.id);
      let slot: TurnSlot = chiefQueue[0] ?? REST_SLOT;
      if (slot.action !== REST_KEY) hasReservedTurn = true;
      if (isAI) slot = chooseNationTurn(world, general, nation!, slot, aiSession().rng);
      runNationCommand(run, general, nation!, chiefLevel, slot);
    }
    if ((general.queue[0] ?? REST_SLOT).action !== REST_KEY) hasReservedTurn = true;
    trace?.('generalCommand', general.id);
    runOwnCommand(run, general, isAI ? aiSession : undefined);
  }

  trace?.('pullQueues', general.id);
  // The legacy pulls the queue of the seat the general holds now (nothing below level 5).
  const heldQueue = general.officerLevel >= 5 ? world.nations.get(general.nation)?.chiefQueues[general.officerLevel] : undefined;
  if (heldQueue !== undefined) pull(heldQueue);
  pull(general.queue);
  general.myset = Math.min(general.myset + 3, 9);

  if (env.autorunLimitMinutes > 0 && general.npc < 2 && hasReservedTurn) {
    general.aux.autorunLimit = now + Math.trunc(env.autorunLimitMinutes / env.turnterm);
  }

  trace?.('updateTurnTime', general.id);
  return updateTurnTime(world, general, random);
}

/**
 * The general command (§3 step 7): slot 0, or what the AI puts in its place (which makes
 * the turn an autorun turn), on the stream of the command that runs first; then killturn:
 * NPCs, autorun turns, rest and generals above the world's killturn count down, any other
 * player action resets it.
 */
function runOwnCommand(run: TurnRun, general: General, aiSession: (() => AiSession) | undefined): void {
  const { world, random } = run;
  const { year, month, killturn } = world.env;
  let slot = general.queue[0] ?? REST_SLOT;
  let autorunMode = false;
  if (aiSession !== undefined) {
    const chosen = chooseGeneralTurn(world, general, slot, aiSession());
    autorunMode = chosen !== slot;
    slot = chosen;
  }
  const command = GENERAL_COMMANDS.get(slot.action) ?? GENERAL_COMMANDS.get(REST_KEY)!;
  const ctx: CommandContext = {
    world, general, city: world.cities[general.city]!, nation: general.nation === 0 ? undefined : world.nations.get(general.nation), year, month,
    rng: random.stream('generalCommand', year, month, general.id, command.key), random, clock: run.clock,
  };
  const outcome = processCommand(ctx, generalHolder(general), command, slot.arg);
  if (general.npc >= 2 || general.killturn > killturn || autorunMode || outcome.final.key === REST_KEY) general.killturn -= 1;
  else general.killturn = killturn;
}

/** The chief's nation command (§3 step 6), its LastTurn kept per level in `nation_env`. */
function runNationCommand(run: TurnRun, chief: General, nation: Nation, level: number, slot: TurnSlot): void {
  const { world, random } = run;
  const { year, month } = world.env;
  const command = NATION_COMMANDS.get(slot.action) ?? NATION_COMMANDS.get(REST_KEY)!;
  const ctx: CommandContext = {
    world, general: chief, city: world.cities[chief.city]!, nation, year, month,
    rng: random.stream('nationCommand', year, month, chief.id, command.key), random, clock: run.clock,
  };
  processCommand(ctx, nationHolder(nation, level), command, slot.arg);
}

/** Where a chief seat's LastTurn (`turn_last_{level}`) and the nation's cooldowns live, for `processCommand`. */
export function nationHolder(nation: Nation, level: number): CommandHolder {
  return new NationHolder(nation, level);
}

/** Where a general's LastTurn and cooldowns live, for `processCommand` (tests pass their own command table). */
export function generalHolder(general: General, lookup: CommandHolder['lookup'] = lookupGeneralCommand): CommandHolder {
  return new GeneralHolder(general, lookup);
}

// Classes rather than object literals with accessors: one holder is made every general turn.
class NationHolder implements CommandHolder {
  readonly cooldowns: Record<string, number>;

  constructor(private readonly nation: Nation, private readonly level: number) {
    this.cooldowns = nation.nextExecute;
  }

  get last(): LastTurn {
    return this.nation.lastTurn[this.level] ?? EMPTY_LAST;
  }

  set last(value: LastTurn) {
    this.nation.lastTurn[this.level] = value;
  }

  lookup(key: string): AnyCommand | undefined {
    return NATION_COMMANDS.get(key);
  }
}

class GeneralHolder implements CommandHolder {
  readonly cooldowns: Record<string, number>;

  constructor(private readonly general: General, readonly lookup: CommandHolder['lookup']) {
    this.cooldowns = general.nextExecute;
  }

  get last(): LastTurn {
    return this.general.lastTurn;
  }

  set last(value: LastTurn) {
    this.general.lastTurn = value;
  }
}

const lookupGeneralCommand = (key: string) => GENERAL_COMMANDS.get(key);

/** Slot 0 ran: everything moves up one and the last slot becomes 휴식. */
function pull(queue: TurnSlot[]): void {
  queue.shift();
  queue.push(REST_SLOT);
}
