import { InvalidGame } from '@chronicle/engine';
import { arr, int, obj, str } from './read-helpers';

/**
 * The events a world stores (legacy `event` rows): their conditions, the scenario's actions by
 * name, and the readers of the legacy's form and of a stored world. What they do is the
 * monthly pipeline's (monthly/scenario-events).
 */

export type EventTarget = 'PRE_MONTH' | 'MONTH';

/** Legacy `Date`'s comparisons. */
export const DATE_COMPARISONS = ['==', '!=', '<', '>', '<=', '>='] as const;
export type DateComparison = (typeof DATE_COMPARISONS)[number];

/**
 * Event conditions (§6.2): `Date` by month, or compared with a year and month (either may be
 * absent), `DateRelative` by years and month since the start, and `and`/`or`/`not`.
 */
export type Condition =
  | { kind: 'always' }
  | { kind: 'months'; months: readonly number[] }
  | { kind: 'date'; cmp: DateComparison; year: number | null; month: number | null }
  | { kind: 'relative'; years: number; month: number }
  | { kind: 'and' | 'or'; of: readonly Condition[] }
  | { kind: 'not'; of: Condition };

/** A scenario's own event (legacy scenario `events`), kept in the world as data until an action deletes it. */
export interface ScenarioEvent {
  id: number;
  target: EventTarget;
  priority: number;
  condition: Condition;
  actions: readonly StoredAction[];
}

/** The event actions a scenario may name (the default table's run on their own). */
export const SCENARIO_ACTIONS = ['RaiseNPCNation', 'DeleteEvent'] as const;
export type ScenarioAction = (typeof SCENARIO_ACTIONS)[number];

/**
 * An action as the world stores it: a scenario's, or one RaiseInvader adds — InvaderEnding,
 * and AutoDeleteInvader with its nation, kept in the legacy's form `["AutoDeleteInvader", id]`.
 */
export type StoredAction = ScenarioAction | 'InvaderEnding' | readonly ['AutoDeleteInvader', number];

const TARGETS: Readonly<Record<string, EventTarget>> = { month: 'MONTH', pre_month: 'PRE_MONTH' };

/** A condition as a scenario writes it (legacy `Condition::build`): a boolean, `["Date", cmp, year, month]`, or `and`/`or`/`not` of conditions. */
function readLegacyCondition(raw: unknown, path: string): Condition {
  if (raw === true) return { kind: 'always' };
  if (raw === false) return { kind: 'not', of: { kind: 'always' } };
  const [head, ...rest] = arr(raw, path);
  const year = (v: unknown, p: string) => (v === null ? null : int({ v }, 'v', p));
  const name = typeof head === 'string' ? head.toLowerCase() : head;
  switch (name) {
    case 'date': {
      const cmp = rest[0];
      if (!DATE_COMPARISONS.includes(cmp as DateComparison)) throw new InvalidGame(`${path}[1] must be one of ${DATE_COMPARISONS.join(' ')}`);
      const c = { kind: 'date' as const, cmp: cmp as DateComparison, year: year(rest[1] ?? null, `${path}[2]`), month: year(rest[2] ?? null, `${path}[3]`) };
      if (c.year === null && c.month === null) throw new InvalidGame(`${path} compares neither a year nor a month`);
      return c;
    }
    case 'and':
    case 'or':
      return { kind: name, of: rest.map((c, i) => readLegacyCondition(c, `${path}[${i + 1}]`)) };
    case 'not':
      return { kind: 'not', of: readLegacyCondition(rest[0], `${path}[1]`) };
    default:
      throw new InvalidGame(`${path}: conditions are true, false, ["Date", …], ["and"|"or"|"not", …]`);
  }
}

function readAction(raw: unknown, path: string): ScenarioAction {
  const [name, ...args] = arr(raw, path);
  if (!SCENARIO_ACTIONS.includes(name as ScenarioAction) || args.length > 0) {
    throw new InvalidGame(`${path}: a scenario's event actions are ${SCENARIO_ACTIONS.map((a) => `["${a}"]`).join(', ')}`);
  }
  return name as ScenarioAction;
}

/** A scenario's event in the legacy's form, `[target, priority, condition, action…]`, numbered `id`. */
export function readLegacyEvent(raw: unknown, path: string, id: number): ScenarioEvent {
  const [target, priority, condition, ...actions] = arr(raw, path);
  const t = typeof target === 'string' ? TARGETS[target.toLowerCase()] : undefined;
  if (t === undefined) throw new InvalidGame(`${path}[0] must be "month" or "pre_month"`);
  return {
    id, target: t, priority: int({ priority }, 'priority', `${path}[1]`), condition: readLegacyCondition(condition, `${path}[2]`),
    actions: actions.map((a, i) => readAction(a, `${path}[${i + 3}]`)),
  };
}

/**
 * The first id of a scenario's events: after the default table's ten (monthly/events'
 * `DEFAULT_EVENTS`, whose spec holds the two together), as legacy inserts them.
 */
export const FIRST_SCENARIO_EVENT_ID = 11;

function readCondition(raw: unknown, path: string): Condition {
  const o = obj(raw, path);
  const kind = str(o, 'kind', path);
  switch (kind) {
    case 'always':
      return { kind };
    case 'months':
      return { kind, months: arr(o.months, `${path}.months`).map((m, i) => int({ m }, 'm', `${path}.months[${i}]`, 1, 12)) };
    case 'date': {
      const cmp = str(o, 'cmp', path);
      if (!DATE_COMPARISONS.includes(cmp as DateComparison)) throw new InvalidGame(`${path}.cmp must be one of ${DATE_COMPARISONS.join(' ')}`);
      const orNull = (key: string) => (o[key] === null ? null : int(o, key, path));
      return { kind, cmp: cmp as DateComparison, year: orNull('year'), month: orNull('month') };
    }
    case 'relative':
      return { kind, years: int(o, 'years', path), month: int(o, 'month', path, 1, 12) };
    case 'and':
    case 'or':
      return { kind, of: arr(o.of, `${path}.of`).map((c, i) => readCondition(c, `${path}.of[${i}]`)) };
    case 'not':
      return { kind, of: readCondition(o.of, `${path}.of`) };
    default:
      throw new InvalidGame(`${path}.kind ${kind} is not a condition`);
  }
}

/** A stored action: a name, or `["AutoDeleteInvader", nation]`. */
function readStoredAction(raw: unknown, path: string): StoredAction {
  if (raw === 'InvaderEnding') return raw;
  if (typeof raw === 'string') return readAction([raw], path);
  const [name, nation, ...rest] = arr(raw, path);
  if (name !== 'AutoDeleteInvader' || rest.length > 0) throw new InvalidGame(`${path}: a stored action is a name or ["AutoDeleteInvader", nation]`);
  return ['AutoDeleteInvader', int({ nation }, 'nation', path, 1)];
}

/** A world's stored scenario events (`writeWorld` keeps them as they are). */
export function readStoredEvents(value: unknown, path: string): ScenarioEvent[] {
  return arr(value, path).map((raw, i) => {
    const p = `${path}[${i}]`;
    const o = obj(raw, p);
    const target = str(o, 'target', p);
    if (target !== 'MONTH' && target !== 'PRE_MONTH') throw new InvalidGame(`${p}.target must be MONTH or PRE_MONTH`);
    return {
      id: int(o, 'id', p, FIRST_SCENARIO_EVENT_ID), target, priority: int(o, 'priority', p), condition: readCondition(o.condition, `${p}.condition`),
      actions: arr(o.actions, `${p}.actions`).map((a, j) => readStoredAction(a, `${p}.actions[${j}]`)),
    };
  });
}
