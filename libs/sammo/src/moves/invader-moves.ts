import { IllegalMove, type GameState, type Json, type Outcome, type Randomness, type Seat } from '@chronicle/engine';
import { invaderEnding } from '../monthly/invader-events';
import { INVADER_DIFFICULTIES, INVADER_STRENGTH, raiseInvader, type InvaderDifficulty } from '../monthly/raise-invader';
import type { RandUtil } from '../rng/rand-util';
import { nextTurnWindow } from '../world/clock';
import type { World } from '../world/types';
import type { DeclineInvadersMove, RaiseInvadersMove } from './move-types';
import { ownGeneral } from './move-fields';

export const INVADER_MOVE_TYPES = ['raiseInvaders', 'declineInvaders'] as const;

/** A move on the invader offer: the seat's own offered chief, while the land is unified (legacy RaiseInvaderMessage's checks). */
export function checkInvaderMove(world: World, seat: Seat, payload: { [key: string]: Json | undefined }): RaiseInvadersMove | DeclineInvadersMove {
  const general = ownGeneral(world, seat, payload.generalId);
  const offers = world.env.invaders?.offers;
  if (offers === undefined) throw new IllegalMove('this table has no invader game (table option "invaders" is off)');
  if (world.env.isunited !== 2) throw new IllegalMove('천하통일이 되지 않았습니다: the invader game is offered only while the land stands unified');
  if (!offers.includes(general.id)) {
    throw new IllegalMove(`${general.name} has no open invader offer (offers go at unification to up to two player chiefs, ruler first; open: ${offers.join(', ') || 'none'})`);
  }
  if (payload.type === 'declineInvaders') return { type: 'declineInvaders', generalId: general.id };
  const difficulty = payload.difficulty;
  if (!INVADER_DIFFICULTIES.includes(difficulty as InvaderDifficulty)) {
    throw new IllegalMove(`raiseInvaders.difficulty must be one of ${INVADER_DIFFICULTIES.join(', ')}`);
  }
  return { type: 'raiseInvaders', generalId: general.id, difficulty: difficulty as InvaderDifficulty };
}

/**
 * Raising runs RaiseInvader on stream (`RaiseInvader`, year, month) — legacy's — with the
 * 무장s' dexterity shuffled on (`RaiseInvader`, year, month, `dex`), where legacy uses PHP's
 * unseeded `shuffle`; its generals take their first turns in the next turn window. Declining
 * uses the offer; with none left the table is finished as the unification left it.
 */
export function applyInvaderMove(state: GameState<World>, move: RaiseInvadersMove | DeclineInvadersMove, random: Randomness<RandUtil>): void {
  const world = state.data;
  const env = world.env;
  const invaders = env.invaders!;
  if (move.type === 'declineInvaders') {
    invaders.offers = invaders.offers.filter((id) => id !== move.generalId);
    if (invaders.offers.length === 0) finish(state, unificationOutcome(world));
    return;
  }
  invaders.offers = [];
  const { year, month } = env;
  const dexOrder = random.stream('RaiseInvader', year, month, 'dex');
  raiseInvader(world, INVADER_STRENGTH[move.difficulty], random.stream('RaiseInvader', year, month), nextTurnWindow(env.turntime, env.turnterm), (t) => dexOrder.shuffle(t));
}

function finish(state: GameState<World>, outcome: Outcome): void {
  state.outcome = outcome;
  state.phase = 'finished';
}

/** The players of a nation's generals. */
function ownersOf(world: World, nation: number): string[] {
  return [...world.generals.values()].filter((g) => g.nation === nation && g.owner !== null).map((g) => g.owner!).sort();
}

/** The unifier's players win. */
export function unificationOutcome(world: World): Outcome {
  const unifier = world.cities[1]!.nation;
  return { winners: ownersOf(world, unifier), result: `${world.nations.get(unifier)?.name ?? 'a nation'} unified the land` };
}

/** Legacy InvaderEnding's two endings: the nation that drove the invaders out wins, or nobody when they overran the land. */
export function invaderEndingOutcome(world: World): Outcome {
  if (invaderEnding(world) === 'land') {
    const [nation] = world.nations.values();
    return { winners: ownersOf(world, nation!.id), result: `${nation!.name} drove the invaders out and holds the land` };
  }
  return { winners: [], result: 'the invaders overran the land' };
}

/**
 * Where an advance leaves the table: unified in it, the game is over — or, with invader offers
 * open, the chapter closes (`continues`) and the next chapter carries the frozen world to the
 * chiefs' answer; the invaders' war ended in it (isunited 3), the game is over.
 */
export function settleAdvance(state: GameState<World>, unitedBefore: number): boolean {
  const world = state.data;
  const united = world.env.isunited;
  if (unitedBefore === 0 && united === 2) {
    const outcome = unificationOutcome(world);
    if ((world.env.invaders?.offers.length ?? 0) > 0) {
      state.outcome = { ...outcome, continues: true };
      state.phase = 'chapter-end';
    } else {
      finish(state, outcome);
    }
    return true;
  }
  if (unitedBefore === 1 && united === 3) {
    finish(state, invaderEndingOutcome(world));
    return true;
  }
  return false;
}
