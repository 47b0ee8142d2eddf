import type { TurnSlot, World } from '../world/types';
import type { ChiefTurn } from './turns';
import { builtUp } from './nation-categories';

/** The nation's cities reached from the capital through its own cities, in breadth-first order along the map's roads. */
function connectedToCapital(world: World, nationId: number, capital: number): number[] {
  const reached = [capital];
  const seen = new Set(reached);
  for (let i = 0; i < reached.length; i++) {
    for (const next of world.cities[reached[i]!]!.neighbours) {
      if (seen.has(next) || world.cities[next]!.nation !== nationId) continue;
      seen.add(next);
      reached.push(next);
    }
  }
  return reached;
}

/**
 * Steps from `from` to every city of `within` (a flag per city id) through cities of
 * `within` (all of them are reached: `within` is connected), by city id; -1 for cities
 * outside. Typed arrays, and `steps` may be reused: a chief walks from every city of the
 * nation every turn.
 */
function stepsWithin(world: World, within: Uint8Array, from: number, steps = new Int32Array(world.cities.length)): Int32Array {
  steps.fill(-1);
  steps[from] = 0;
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i]!;
    for (const next of world.cities[here]!.neighbours) {
      if (steps[next] !== -1 || within[next] !== 1) continue;
      steps[next] = steps[here]! + 1;
      queue.push(next);
    }
  }
  return steps;
}

/** Half a turn: a capital move another seat tried this recently is not second-guessed. */
const trialGuardMs = (turnterm: number) => turnterm * 30 * 1000;

/**
 * Legacy do천도 (NPC chiefs): a move already under way continues while it can. Otherwise,
 * unless another seat tried one within half a turn, each city connected to the capital
 * through own cities scores people × (largest distance sum) / (its distance sum to the
 * others) × √(built-up share); the capital stays while it ranks within the first
 * ⌈n/4⌉ + 1, else the capital moves one step towards the best city (a neighbour on a
 * shortest road, drawn when there are several). The tried seat and turn are remembered.
 */
export function capitalMovePriority(t: ChiefTurn): TurnSlot | null {
  const { world, nation, chief } = t;
  // Not one of legacy's `availableInstantTurn` actions: a player's chief moves the capital himself.
  if (chief.npc < 2) return null;
  const remember = (slot: TurnSlot | null) => {
    if (slot) nation.capitalMoveTrial = { level: chief.officerLevel, turntime: chief.turntime };
    return slot;
  };
  const last = nation.lastTurn[chief.officerLevel];
  const lastDest = last?.command === '천도' && last.arg !== null && typeof last.arg === 'object' && !Array.isArray(last.arg) ? last.arg.destCityId : undefined;
  if (lastDest !== undefined && lastDest !== nation.capital) {
    const kept = remember(t.attempt('che_천도', last!.arg));
    if (kept) return kept;
  }
  const trial = nation.capitalMoveTrial;
  if (trial && Math.abs(chief.turntime - trial.turntime) < trialGuardMs(world.env.turnterm) && trial.level !== chief.officerLevel) return null;

  let owned = 0;
  for (const c of world.cities) if (c?.nation === nation.id) owned++;
  if (owned <= 1) return null;
  const cities = connectedToCapital(world, nation.id, nation.capital);
  if (cities.length === 1) return null;

  const within = new Uint8Array(world.cities.length);
  for (const id of cities) within[id] = 1;
  const walk = new Int32Array(world.cities.length);
  const stepSums = new Map(cities.map((id) => {
    const fromHere = stepsWithin(world, within, id, walk);
    let sum = 0;
    for (const other of cities) sum += fromHere[other]!;
    return [id, sum];
  }));
  const maxSum = Math.max(...stepSums.values());
  const ranked = cities
    .map((id) => {
      const c = world.cities[id]!;
      return { id, score: (c.pop * maxSum) / stepSums.get(id)! * Math.sqrt(builtUp(c)) };
    })
    // Stable: equal scores keep the breadth-first order, as PHP's arsort does.
    .sort((a, b) => b.score - a.score);
  const enough = Math.ceil(ranked.length * 0.25);
  if (ranked.slice(0, enough + 1).some((r) => r.id === nation.capital)) return null;

  const best = ranked[0]!.id;
  const dist = stepsWithin(world, within, nation.capital)[best]!;
  const target = dist > 1
    ? t.rng.choice(world.cities[nation.capital]!.neighbours.filter((stop) => within[stop] === 1 && stepsWithin(world, within, stop)[best]! + 1 === dist))
    : best;
  return remember(t.attempt('che_천도', { destCityId: target }));
}
