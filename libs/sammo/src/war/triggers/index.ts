import type { BattleTrigger, TriggerSpec, TriggerWithArgs, WarUnit } from '../war-unit';
import type { SideEnv, Trigger } from './trigger';
import { activateSkills, BEGIN_TRIGGERS, powerAdjust, raiseStat } from './begin';
import { plunderTry, PRE_TRIGGERS, snipeTry } from './pre';
import { BODY_TRIGGERS, counterTry } from './body';
import { heal, plunder, POST_TRIGGERS, snipe } from './post';
import { FINAL_TRIGGERS } from './final';

/** The legacy `WarUnitTrigger` classes libs/sammo has, by legacy name; each phase's in its own module, by priority. */
const TRIGGERS: Record<BattleTrigger, Trigger> = { ...BEGIN_TRIGGERS, ...PRE_TRIGGERS, ...BODY_TRIGGERS, ...POST_TRIGGERS, ...FINAL_TRIGGERS };

function build(spec: TriggerWithArgs): Trigger {
  switch (spec.name) {
    case 'che_저격시도': return snipeTry(spec.raise, spec.ratio, spec.wound, spec.atmos);
    case 'che_반계시도': return counterTry(spec.prob);
    case 'che_저격발동': return snipe(spec.raise);
    case 'che_전투치료발동': return heal(spec.raise);
    case 'che_약탈시도': return plunderTry(spec.raise, spec.ratio, spec.theft);
    case 'che_약탈발동': return plunder(spec.raise);
    case '능력치변경': return raiseStat(spec.raise, spec.stat, spec.add, spec.max);
    case '전투력보정': return powerAdjust(spec.own, spec.opposed);
    case 'WarActivateSkills': return activateSkills(spec.onSelf, spec.skills);
    // The raise type of these only tells them apart; they act as the plain class.
    case 'che_격노시도':
    case 'che_부상무효':
    case 'che_퇴각부상무효':
    case 'che_전투치료시도':
      return TRIGGERS[spec.name];
  }
}

/**
 * A unit's list as legacy's `TriggerCaller` keeps it: one trigger per class and raise type
 * (its unique id; priority is the class's), at the place the first took, in the chain's order.
 */
function unitTriggers(specs: readonly TriggerSpec[]): Trigger[] {
  const byId = new Map<string, Trigger>();
  for (const spec of specs) {
    if (typeof spec === 'string') byId.set(`${spec}#0`, TRIGGERS[spec]);
    else byId.set(`${spec.name}#${'raise' in spec ? spec.raise : 0}`, build(spec));
  }
  return [...byId.values()];
}

/**
 * Legacy `WarUnitTriggerCaller::fire` over both sides' lists: by priority, the attacker's before
 * the defender's at equal priority, each side's in its chain's order (a stable sort of the
 * concatenation is exactly legacy's merge), until a trigger stops the rest.
 */
export function fireTriggers(kind: 'init' | 'phase', attacker: WarUnit, defender: WarUnit): void {
  const list: { unit: WarUnit; trigger: Trigger }[] = [];
  for (const unit of [attacker, defender]) {
    for (const trigger of unitTriggers(unit.triggers(kind))) list.push({ unit, trigger });
  }
  list.sort((a, b) => a.trigger.priority - b.trigger.priority);
  const envs = new Map<WarUnit, SideEnv>([[attacker, {}], [defender, {}]]);
  for (const { unit, trigger } of list) {
    const oppose = unit === attacker ? defender : attacker;
    if (!trigger.act(unit, oppose, envs.get(unit)!, envs.get(oppose)!)) return;
  }
}
