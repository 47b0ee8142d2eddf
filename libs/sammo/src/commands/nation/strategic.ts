import { itemIn } from '../../items/held';
import { onCalcStrategic } from '../../traits/nation-types';
import { GameConst } from '../../world/constants';
import { withJosa } from '../../world/josa';
import { addDedication, addExperience } from '../../stats/levels';
import { generalLog, nationLog } from '../../world/logbook';
import { phpRound } from '../../world/php-math';
import type { Nation } from '../../world/types';
import type { CommandContext, Constraint } from '../command';
import type { DestCityArg } from '../general/move';
import type { DestNationArg } from './declare-war';

/**
 * What the strategic nation commands (legacy `GameConst::$availableChiefCommand['전략']`)
 * share: the nation-wide wait (`strategic_cmd_limit`), their own cooldown from the nation's
 * size, and the lines they log.
 */

/** AvailableStrategicCommand: no strategic command ran in the nation's last months. */
export const availableStrategicCommand: Constraint<unknown> = (c) => (c.nation!.strategicCmdLimit <= 0 ? null : '전략기한이 남았습니다.');

/** The generals the nation's command count is taken from: at least the opening limit (10). */
const sizeOf = (nation: Nation) => Math.max(nation.gennum, GameConst.initialNationGenLimit);

/** The command's own cooldown: round(√(max(gennum, 10) × k) × 10), through `onCalcStrategic('delay')` (the nation type's, then the chief's tool's). */
export function strategicDelay(ctx: CommandContext, k: number): number {
  const nation = ctx.nation!;
  const delay = onCalcStrategic(nation.type, 'delay', phpRound(Math.sqrt(sizeOf(nation) * k) * 10));
  const factor = itemIn(ctx.general, 'item')?.strategicDelay;
  return factor === undefined ? delay : phpRound(delay * factor);
}

/** 피장파장's cooldown for the command it names: the same with k = 2, and at least 72 months. */
export function counterDelay(ctx: CommandContext, minimum: number): number {
  return Math.max(strategicDelay(ctx, 2), minimum);
}

/**
 * The common start of a strategic command's run: the actor's opening line, experience and
 * dedication 5 × (pre-turns + 1); with `wait`, the nation-wide wait of 9 months through
 * `onCalcStrategic('globalDelay')` (피장파장 leaves it alone).
 */
export function invoke(ctx: CommandContext, preTurns: number, opening: string, wait = true): void {
  const { world, general } = ctx;
  generalLog(world, general.id, opening);
  for (const line of addExperience(general, 5 * (preTurns + 1))) generalLog(world, general.id, line);
  for (const line of addDedication(general, 5 * (preTurns + 1))) generalLog(world, general.id, line);
  if (wait) ctx.nation!.strategicCmdLimit = onCalcStrategic(ctx.nation!.type, 'globalDelay', 9);
}

/** `<name>을 발동` with the name's particle. */
export const invoked = (name: string) => `${withJosa(name, '을')} 발동`;

/**
 * The history lines: the nation's (`<actor>이 <what>`) and, for a target nation, its own
 * (`<nation>의 <actor>이 <destWhat>`). The actor's own history line (legacy
 * `pushGeneralHistoryLog`) is not kept: the general's log is the action log.
 */
export function announce(ctx: CommandContext, what: string, destNationId?: number, destWhat?: string): void {
  const { world, general } = ctx;
  const actor = withJosa(general.name, '이');
  nationLog(world, general.nation, `${actor} ${what}`);
  if (destNationId !== undefined && destWhat !== undefined) nationLog(world, destNationId, `${ctx.nation!.name}의 ${actor} ${destWhat}`);
}

/** AllowDiplomacyBetweenStatus towards the nation `dest` gives. */
export function diplomacyWith<A>(dest: (c: CommandContext, a: A) => number, states: readonly number[], reason: string): Constraint<A> {
  return (c, a) => (states.includes(c.world.diplomacy.get(`${c.general.nation}:${dest(c, a)}`)?.state ?? -1) ? null : reason);
}

export const destNationOf = (_: CommandContext, a: DestNationArg) => a.destNationId;
export const destCityNationOf = (c: CommandContext, a: DestCityArg) => c.world.cities[a.destCityId]!.nation;

export const existsDestNation: Constraint<DestNationArg> = (c, a) => (c.world.nations.has(a.destNationId) ? null : '멸망한 국가입니다.');
export const notNeutralDestCity: Constraint<DestCityArg> = (c, a) => (c.world.cities[a.destCityId]!.nation !== 0 ? null : '공백지입니다.');
export const notOccupiedDestCity: Constraint<DestCityArg> = (c, a) => (c.world.cities[a.destCityId]!.nation !== c.general.nation ? null : '아국입니다.');

export { readDestCity } from '../general/move';
