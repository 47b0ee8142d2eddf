import { addTurn, cutTurn } from '../world/clock';
import { chapterEnded } from './chapter';
import type { World } from '../world/types';
import { nextTournamentStep } from '../tournament/process';
import { nextAuctionClose } from '../auction/close';

/**
 * When the world next has work: the earliest general turn time, the next month boundary or
 * the running tournament's next step or an auction's close, whichever comes first. A scheduler ticks the table then; an `advance` before it does nothing.
 * A frozen world (unified, or after the invaders' war), or one whose chapter has closed, has no next time.
 */
export function nextDueTime(world: World): number | null {
  const env = world.env;
  if (env.isunited === 2 || env.isunited === 3 || chapterEnded(env)) return null;
  let due = addTurn(cutTurn(env.turntime, env.turnterm), env.turnterm);
  for (const g of world.generals.values()) if (g.turntime < due) due = g.turntime;
  due = Math.min(due, nextTournamentStep(world), nextAuctionClose(world));
  return Math.max(due, env.turntime);
}
