import type { World } from '../world/types';
import type { ScenarioAction, ScenarioEvent, StoredAction } from '../world/stored-events';
import { act, DEFAULT_EVENTS, type EventAction, type GameEvent } from './events';
import { raiseNpcNations } from './npc-nations';
import { autoDeleteInvader, runInvaderEnding } from './invader-events';

/** What each action does; DeleteEvent takes its own event out of the world's table. */
const ACTIONS: Readonly<Record<ScenarioAction, (event: ScenarioEvent) => EventAction>> = {
  RaiseNPCNation: () => (world, random, clock) => {
    const { year, month } = world.env;
    // Legacy shuffles the cities with PHP's unseeded generator; here they get a stream of their own.
    const order = random.stream('RaiseNPCNation', year, month, 'order');
    raiseNpcNations(world, random.stream('RaiseNPCNation', year, month), clock, (ids) => order.shuffle(ids));
  },
  DeleteEvent: (event) => (world) => {
    world.events = world.events?.filter((e) => e.id !== event.id);
  },
};

/** An action bound to its event: the invader actions delete their own event when done. */
function bindAction(action: StoredAction, event: ScenarioEvent): { name: string; run: EventAction } {
  if (typeof action !== 'string') {
    const nation = action[1];
    return act(`AutoDeleteInvader ${nation}`, (world) => autoDeleteInvader(world, nation, event.id));
  }
  if (action === 'InvaderEnding') return act(action, (world) => runInvaderEnding(world, event.id));
  return act(action, ACTIONS[action](event));
}

const bind = (event: ScenarioEvent): GameEvent => ({ ...event, actions: event.actions.map((a) => bindAction(a, event)) });

/** The events a world runs: the default table, then its scenario's (ids after the default's, as legacy inserts them). */
export function eventsOf(world: World): readonly GameEvent[] {
  return world.events === undefined || world.events.length === 0 ? DEFAULT_EVENTS : [...DEFAULT_EVENTS, ...world.events.map(bind)];
}

