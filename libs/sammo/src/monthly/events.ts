import { chronicle } from '../world/logbook';
import { assignGeneralSpeciality } from './assign-speciality';
import { mergeInheritPointRank } from './inherit-rank';
import { addGlobalBetray } from './betray';
import type { World } from '../world/types';
import type { StreamSource } from '../state/turn-run';
import { raiseDisaster } from './disaster';
import { processIncome } from './income';
import { updateNationLevel } from './nation-level';
import { processSemiAnnual } from './semi-annual';
import { processWarIncome, updateCitySupply } from './supply';
import { randomizeCityTradeRate } from './trade-rate';
import { provideTroopLeaders } from './troop-leaders';
import { newYear, resetOfficerLock } from './yearly';
import { nextTurnWindow } from '../world/clock';
import type { Condition, DateComparison, EventTarget } from '../world/stored-events';

/** An event action; `clock` is where a general it creates takes its first turn (`TurnRun.clock`). */
export type EventAction = (world: World, random: StreamSource, clock: number) => void;

export interface GameEvent {
  id: number;
  target: EventTarget;
  priority: number;
  condition: Condition;
  actions: readonly { name: string; run: EventAction }[];
}

export function holds(condition: Condition, world: World): boolean {
  const { year, month, startyear } = world.env;
  switch (condition.kind) {
    case 'always':
      return true;
    case 'months':
      return condition.months.includes(month);
    case 'date':
      return compareDate(condition, year, month);
    case 'relative':
      return year - startyear === condition.years && month === condition.month;
    case 'and':
      return condition.of.every((c) => holds(c, world));
    case 'or':
      return condition.of.some((c) => holds(c, world));
    case 'not':
      return !holds(condition.of, world);
  }
}

/** Legacy `Date`: PHP compares [year, month] with the given pair element by element, leaving out an absent one. */
function compareDate(c: { cmp: DateComparison; year: number | null; month: number | null }, year: number, month: number): boolean {
  const order = c.year !== null && year !== c.year ? Math.sign(year - c.year) : c.month !== null ? Math.sign(month - c.month) : 0;
  switch (c.cmp) {
    case '==': return order === 0;
    case '!=': return order !== 0;
    case '<': return order < 0;
    case '>': return order > 0;
    case '<=': return order <= 0;
    case '>=': return order >= 0;
  }
}

export const act = (name: string, run: EventAction) => ({ name, run });
const notice = (text: string) => act('Notice', (world) => chronicle(world, text));

const supply = act('UpdateCitySupply', (world) => updateCitySupply(world));
const warIncome = act('ProcessWarIncome', (world) => processWarIncome(world));
const semiAnnualGold = act('ProcessSemiAnnual gold', (world) => processSemiAnnual(world, 'gold'));
const semiAnnualRice = act('ProcessSemiAnnual rice', (world) => processSemiAnnual(world, 'rice'));
const incomeGold = act('ProcessIncome gold', (world) => processIncome(world, 'gold'));
const incomeRice = act('ProcessIncome rice', (world) => processIncome(world, 'rice'));
const officerLock = act('ResetOfficerLock', (world) => resetOfficerLock(world));
const disaster = act('RaiseDisaster', (world, random) => raiseDisaster(world, random.stream('disater', world.env.year, world.env.month)));
const tradeRate = act('RandomizeCityTradeRate', (world, random) =>
  randomizeCityTradeRate(world, random.stream('randomizeCityTradeRate', world.env.year, world.env.month)));
const yearTurns = act('NewYear', (world) => newYear(world));
const nationLevel = act('UpdateNationLevel', (world, random) => updateNationLevel(world, random));
const troopLeaders = act('ProvideNPCTroopLeader', (world, random, clock) => provideTroopLeaders(world, random, clock));
const inheritRank = act('MergeInheritPointRank', (world) => mergeInheritPointRank(world));
const speciality = act('AssignGeneralSpeciality', (world, random) =>
  assignGeneralSpeciality(world, random.stream('assignGeneralSpeciality', world.env.year, world.env.month)));
const betrayAt = (ifMax: number) => act(`AddGlobalBetray 1 ${ifMax}`, (world) => addGlobalBetray(world, 1, ifMax));

/**
 * The default event table (`GameConstBase::$defaultEvents`, §6.2), run by target in
 * `priority DESC, id ASC` order, every action of it modelled.
 */
export const DEFAULT_EVENTS: readonly GameEvent[] = [
  { id: 1, target: 'PRE_MONTH', priority: 9000, condition: { kind: 'always' }, actions: [supply, warIncome] },
  { id: 2, target: 'MONTH', priority: 9000, condition: { kind: 'months', months: [1] }, actions: [inheritRank, semiAnnualGold, incomeGold, officerLock, disaster, tradeRate, yearTurns, speciality] },
  { id: 3, target: 'MONTH', priority: 9000, condition: { kind: 'months', months: [4, 10] }, actions: [officerLock, disaster] },
  { id: 4, target: 'MONTH', priority: 9000, condition: { kind: 'months', months: [7] }, actions: [inheritRank, semiAnnualRice, incomeRice, officerLock, disaster, tradeRate] },
  { id: 5, target: 'MONTH', priority: 2000, condition: { kind: 'relative', years: 1, month: 1 }, actions: [notice('【공지】 2년 후 공격 금지가 풀립니다.')] },
  { id: 6, target: 'MONTH', priority: 2000, condition: { kind: 'relative', years: 2, month: 1 }, actions: [notice('【공지】 1년 후 공격 금지가 풀립니다.')] },
  { id: 7, target: 'MONTH', priority: 2000, condition: { kind: 'relative', years: 2, month: 7 }, actions: [notice('【공지】 6개월 후 공격 금지가 풀립니다.')] },
  { id: 8, target: 'MONTH', priority: 2000, condition: { kind: 'relative', years: 3, month: 1 }, actions: [notice('【공지】 공격 금지가 풀렸습니다.')] },
  { id: 9, target: 'MONTH', priority: 2000, condition: { kind: 'relative', years: 4, month: 1 }, actions: [notice('【공지】 이제부터 하야, 망명시 패널티가 적용됩니다.'), betrayAt(0), betrayAt(1)] },
  { id: 10, target: 'MONTH', priority: 1000, condition: { kind: 'always' }, actions: [nationLevel, troopLeaders] },
];

/** Runs the events of a target whose condition holds, `priority DESC, id ASC`. */
export function runEvents(
  world: World, random: StreamSource, target: EventTarget, events: readonly GameEvent[] = DEFAULT_EVENTS,
  trace?: (step: string, subject: number) => void, clock = nextTurnWindow(world.env.turntime, world.env.turnterm),
): void {
  const due = events.filter((e) => e.target === target).sort((a, b) => b.priority - a.priority || a.id - b.id);
  for (const event of due) {
    if (!holds(event.condition, world)) continue;
    for (const action of event.actions) {
      trace?.(`event:${action.name}`, event.id);
      action.run(world, random, clock);
    }
  }
}
